import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { PassDto } from '../../../src/shared/api-types/payments';
import type { SiteSettingsDto } from '../../../src/shared/schemas/site-settings';
import { useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, axeViolations, expectToast, signedInContext, trackErrors } from './admin-helpers';

// Issue 35 in "Paramètres", on a phone: the owner fills in the gym's legal details (a Thai address
// on two lines), the visa letter's signatory, signature and stamp, and puts the seeded programme
// on sale; the section says what is still missing until it is complete; GET /api/passes then
// sells the programme. No sideways scroll, nothing serious for axe.

const SHOTS = process.env.E2E_SCREENSHOT_DIR;

async function noSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide).toBeLessThanOrEqual(0);
}

describe('back office: legal details, visa letter and programmes in Paramètres', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('phone: fills the letterhead and the signatory, uploads the signature and stamp, puts the programme on sale', async () => {
    const programmeListed = async () => (await api<PassDto[]>(server, 'GET', '/api/passes')).some((p) => p.kind === 'programme');
    expect(await programmeListed()).toBe(false);
    const ctx = await signedInContext(browser, tokens.admin, VIEWPORTS.phone);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/admin/settings/mentions-legales');
    await page.getByRole('heading', { name: 'Mentions légales', level: 2 }).waitFor();
    await noSidewaysScroll(page);

    const missing = page.getByTestId('letter-missing');
    await expect(missing.textContent()).resolves.toContain('Raison sociale');
    await expect(page.getByTestId('programmes-blocked').isVisible()).resolves.toBe(true);

    const legal = page.locator('#mentions-legales');
    await legal.getByLabel('Raison sociale').fill('Tiger Coast Co., Ltd.');
    await legal.getByLabel("Numéro d'immatriculation").fill('0815562001234');
    await legal.getByLabel('Adresse légale').fill('88/8 หมู่ 2 ถนนอ่าวนาง\nกระบี่ 81180');
    await legal.getByLabel('Téléphone légal').fill('+66 75 123 456');
    await legal.getByLabel('E-mail légal').fill('office@tigercoastfightclub.com');
    const letter = page.locator('#lettre-visa');
    await letter.getByLabel('Nom du signataire').fill('Pim Sukjai');
    await letter.getByLabel('Fonction du signataire').fill('Managing Director');
    await expect(missing.textContent()).resolves.toMatch(/Image de la signature, Image du cachet\.$/);

    const png = await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 20, g: 20, b: 120, alpha: 0.6 } } })
      .png()
      .toBuffer();
    for (const kind of ['signature', 'stamp']) {
      await page.getByTestId(`settings-image-${kind}-input`).setInputFiles({ name: `${kind}.png`, mimeType: 'image/png', buffer: png });
      await expectToast(page, 'Image envoyée');
      await page.getByTestId(`settings-image-${kind}-preview`).getByRole('img').waitFor();
    }
    await expect(missing.textContent()).resolves.toContain('les lettres peuvent être émises');
    await page.getByTestId('programmes-blocked').waitFor({ state: 'detached' });

    const programme = page.getByTestId('programme-item').first();
    await expect(programme.getByLabel('Nom du programme (anglais)').inputValue()).resolves.toBe('6-month Muay Thai programme');
    await expect(programme.getByLabel('Prix (THB)').inputValue()).resolves.toBe('60000');
    await programme.getByLabel('Programme en vente').click();
    await letter.getByLabel("Lettre possible dès l'acompte payé", { exact: false }).click();
    await noSidewaysScroll(page);
    if (SHOTS) {
      await letter.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'visa-letter-settings-phone.png') });
      await programme.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'programme-settings-phone.png') });
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectToast(page, 'Paramètres enregistrés');
    const saved = await api<SiteSettingsDto>(server, 'GET', '/api/site-settings', undefined, tokens.admin);
    expect(saved.settings.legal.address).toBe('88/8 หมู่ 2 ถนนอ่าวนาง\nกระบี่ 81180');
    expect(saved.settings.visaLetter).toMatchObject({ signatoryName: 'Pim Sukjai', onDeposit: true });
    expect(saved.settings.visaLetter.stampImageUrl).toMatch(/^\/uploads\//);
    expect(saved.settings.programmes[0].onSale).toBe(true);
    expect(await programmeListed()).toBe(true);
    await ctx.close();
  });
});
