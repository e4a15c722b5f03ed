import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteSettingsDto } from '../../../src/shared/schemas/site-settings';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, expectToast, signedInContext, trackErrors } from './admin-helpers';

// Issue 48 point 5 in Paramètres, page "Avis", at 375 px: the owner turns review requests on
// after a stay, gives a delay and a Google link, and saves; "Demandes envoyées" lists who was
// asked. (The job itself: src/server/review-requests/review-requests.test.ts.)

const GOOGLE = 'https://g.page/r/tiger-coast/review';

describe('back office: review requests in Paramètres', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('phone: turns them on with a link and a delay, saves, and lists who was asked', async () => {
    // One person already asked (as the job writes it).
    const db = server.app.ctx.db;
    const c = await findOrCreateCustomer(db, { name: 'Ana Asked', email: 'ana.asked@example.com', phone: null, language: 'de' });
    await db
      .insertInto('review_requests')
      .values({ customer_id: c!.id, reason: 'classes', language: 'de', trigger_date: '2026-11-20', asked_at: '2026-11-23T02:00:00.000Z' })
      .execute();

    const ctx = await signedInContext(browser, tokens.admin, VIEWPORTS.phone);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/admin/settings/avis');
    const section = page.locator('#avis-clients');
    await section.getByRole('heading', { name: 'Avis clients', level: 2 }).waitFor();
    const asked = section.getByTestId('review-requests');
    await asked.getByText('Ana Asked').waitFor();
    await expect(asked.textContent()).resolves.toMatch(/ana\.asked@example\.com.*Cours.*allemand/);

    await section.getByLabel('Après la fin d’un séjour').click();
    await section.getByLabel('Délai (jours)').fill('5');
    await section.getByRole('button', { name: 'Ajouter un lien' }).click();
    await section.getByLabel('Site').fill('Google');
    await section.getByLabel('Lien (https)').fill(GOOGLE);
    await section.getByText('Une autre page par langue (facultatif)').click();
    await section.getByLabel('Lien (allemand)').fill('https://g.page/r/tiger-coast/review?hl=de');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide).toBeLessThanOrEqual(0);
    const shots = process.env.E2E_SCREENSHOT_DIR;
    if (shots) await section.screenshot({ path: path.join(shots, 'review-requests-phone.png') });

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectToast(page, 'Paramètres enregistrés');
    await page.getByTestId('settings-status').getByText('Tout est enregistré').waitFor();
    const saved = await api<SiteSettingsDto>(server, 'GET', '/api/site-settings', undefined, tokens.admin);
    expect(saved.settings.reviewRequests).toEqual({
      afterStay: true,
      afterClasses: 0,
      delayDays: 5,
      links: [{ name: 'Google', url: GOOGLE, urls: { ru: '', zh: '', de: 'https://g.page/r/tiger-coast/review?hl=de', fr: '', th: '' } }],
    });
    await ctx.close();
  }, 120_000);
});
