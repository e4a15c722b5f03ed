import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import { FAST_MAIL, uniqueTag } from '../../helpers/factories';
import { confirmSubscribers } from '../../helpers/newsletter';
import { decodeHeader, parseMail, startSmtpPeer, waitUntil, type ReceivedMail, type SmtpPeer } from '../../helpers/smtp-peer';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, STAFF_EMAIL } from './admin-helpers';
import { brokenWords, noSidewaysScroll, shot, smallTargets } from './phone-checks';

// Newsletter campaigns in the back office (issue 48 points 1-4) at a phone's width: compose in
// English and Russian (saved while typing, kept across a reload), see the audience's count, the
// preview (375 px frame and plain text) per language, a test send, then send now (a double click
// on the confirmation sends once); a real SMTP peer receives one e-mail per confirmed subscriber,
// whose MIME is read back (subject per language, RFC 8058 headers, text and HTML parts), and the
// list shows the campaign 'Envoyée' with its counts. A published blog post becomes a campaign in
// one click.

interface Leaf {
  type: string;
  body: string;
}

/** The leaf parts of a MIME message (multipart/* opened recursively), each decoded. */
function leafParts(raw: string): Leaf[] {
  const mail = parseMail(raw);
  const type = mail.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ type, body: mail.body }];
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => p.replace(/^\r\n/, '').replace(/\r\n$/, ''))
    .flatMap(leafParts);
}

const saved = (page: Page) => expect.poll(() => page.getByTestId('save-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');

describe('back office: newsletter campaigns', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });
  const suite = useBrowserSuite({ accounts: true, server: () => ({ smtpUrl: peer.url, ...FAST_MAIL }) });

  const tag = uniqueTag();
  const readers = { en: `en-${tag}@example.com`, ru: `ru-${tag}@example.com`, de: `de-${tag}@example.com` };
  const subject = { en: `Songkran week ${tag}`, ru: `Неделя Сонгкран ${tag}` };

  it('composes in two languages, counts, previews, tests and sends to a real SMTP peer at 375 px; the list shows it sent', async () => {
    const { server, tokens } = suite;
    // Three confirmed subscribers (English, Russian, German: the German one gets English) and one
    // who never confirmed, who gets nothing.
    const base = (await api<{ count: number }>(server, 'POST', '/api/campaigns/audience-count', { audience: {} }, tokens.staff)).count;
    for (const [language, email] of Object.entries(readers)) await api(server, 'POST', '/api/newsletter-subscribers', { email, language });
    await api(server, 'POST', '/api/newsletter-subscribers', { email: `pending-${tag}@example.com`, language: 'en' });
    await confirmSubscribers(server.app, Object.values(readers));
    const expected = base + 3;

    const { page, errors, close } = await suite.page({ as: 'staff', viewport: VIEWPORTS.phone });
    await page.goto(suite.url('/admin/newsletter'));
    await page.getByRole('tab', { name: 'Campagnes' }).click();
    await page.waitForURL(/onglet=campagnes/);
    await page.getByTestId('campaign-new').click();
    await page.waitForURL(/\/admin\/newsletter\/campagnes\/nouvelle$/);
    await expect(page.getByTestId('save-state').getAttribute('data-state')).resolves.toBe('local');

    // English: once its subject and text are there, the draft is created and the editor moves to its address.
    await page.locator('#campaign-subject-en').fill(subject.en);
    await page.locator('#campaign-preheader-en').fill('Water fights and double sessions');
    await page
      .locator('#campaign-body-en')
      .fill('# Songkran at the gym\n\nTwo sessions a day all week. [See the timetable](https://example.com/timetable)\n\n- Muay Thai\n- Boxing');
    await page.waitForURL(/\/admin\/newsletter\/campagnes\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await saved(page);

    // Russian, in its tab; a reload right after keeps every word.
    await page.getByRole('tab', { name: 'Russe' }).click();
    await page.locator('#campaign-subject-ru').fill(subject.ru);
    await page.locator('#campaign-body-ru').fill('# Сонгкран в зале\n\nДве тренировки в день всю неделю.');
    await saved(page);
    await page.reload();
    await page.getByRole('tab', { name: 'Russe' }).click();
    await expect(page.locator('#campaign-subject-ru').inputValue()).resolves.toBe(subject.ru);
    await expect(page.locator('#campaign-body-ru').inputValue()).resolves.toContain('Две тренировки');
    const stored = await api<{ subject: Record<string, string>; status: string }>(server, 'GET', `/api/campaigns/${id}`, undefined, tokens.staff);
    expect(stored).toMatchObject({ status: 'draft', subject: { en: subject.en, ru: subject.ru } });

    // The audience's count, before sending: every confirmed subscriber, then the Russian readers only.
    const audience = page.getByTestId('campaign-audience');
    const countOf = () => audience.getByTestId('audience-count').locator('[data-count]').getAttribute('data-count');
    await expect.poll(countOf).toBe(String(expected));
    await audience.getByLabel('Russe').check();
    await expect.poll(countOf).toBe('1');
    await audience.getByLabel('Russe').uncheck();
    await expect.poll(countOf).toBe(String(expected));
    await saved(page);

    // The preview: the HTML part in a 375 px sandboxed frame, the plain text, per language.
    const preview = page.getByTestId('campaign-preview');
    await expect.poll(() => preview.getByTestId('preview-subject').textContent()).toBe(subject.en);
    const frame = preview.getByTestId('preview-html');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    // Laid out at 375 px (drawn smaller inside the phone's card, so nothing scrolls sideways).
    await expect(frame.evaluate((f) => (f as HTMLIFrameElement).offsetWidth)).resolves.toBe(375);
    await expect(
      page
        .frameLocator('[data-testid="preview-html"]')
        .locator('body')
        .evaluate(() => window.innerWidth),
    ).resolves.toBe(375);
    await page.frameLocator('[data-testid="preview-html"]').getByText('Two sessions a day all week.').waitFor();
    await preview.getByRole('tab', { name: 'Texte brut' }).click();
    await expect.poll(() => preview.getByTestId('preview-text').textContent()).toContain('Two sessions a day all week.');
    await preview.getByRole('combobox', { name: "Langue de l'aperçu" }).click();
    await page.getByRole('option', { name: 'Russe' }).click();
    await expect.poll(() => preview.getByTestId('preview-subject').textContent()).toBe(subject.ru);
    await expect.poll(() => preview.getByTestId('preview-text').textContent()).toContain('Две тренировки');

    // The phone's checks on the editor: no sideways scroll, 44 px targets.
    await noSidewaysScroll(page);
    for (const card of ['campaign-content', 'campaign-audience', 'campaign-send']) expect(await smallTargets(page.getByTestId(card)), card).toEqual([]);
    await preview.getByRole('tab', { name: 'E-mail (375 px)' }).click();
    await page.frameLocator('[data-testid="preview-html"]').getByText('Две тренировки в день всю неделю.').waitFor();
    await noSidewaysScroll(page);
    expect(await brokenWords(page)).toEqual([]);
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'campaign-preview-375');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'campaign-editor-375');

    // A test to the signed-in staff member's address (the default), marked and never counted.
    await expect(page.locator('#campaign-test-to').inputValue()).resolves.toBe(STAFF_EMAIL);
    await page.getByTestId('campaign-test').click();
    const testMail = await waitUntil(
      () => peer.messages.find((m) => m.to.includes(STAFF_EMAIL) && decodeHeader(m.headers.subject ?? '').includes(subject.en)),
      15_000,
      'the test e-mail',
    );
    expect(decodeHeader(testMail.headers.subject)).toBe(`[Test] ${subject.en}`);

    // Send now: the confirmation names the count; a double click on it sends once.
    await page.getByTestId('campaign-send-button').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('confirm-count').textContent()).resolves.toBe(`${expected} destinataires`);
    await dialog.getByRole('button', { name: `Envoyer à ${expected} destinataires` }).dblclick();
    await dialog.waitFor({ state: 'detached' });

    const isCampaign = (m: ReceivedMail) => [subject.en, subject.ru].includes(decodeHeader(m.headers.subject ?? ''));
    await waitUntil(() => peer.messages.filter(isCampaign).length >= expected, 30_000, 'the campaign e-mails');
    // The page follows the sending by polling until it is over.
    await expect.poll(() => page.getByTestId('campaign-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');
    const mails = peer.messages.filter(isCampaign);
    expect(mails).toHaveLength(expected);
    const to = (email: string) => mails.filter((m) => m.to.includes(email));
    for (const [language, email] of Object.entries(readers)) {
      const got = to(email);
      expect(got, email).toHaveLength(1);
      const mail = got[0];
      expect(decodeHeader(mail.headers.subject)).toBe(language === 'ru' ? subject.ru : subject.en);
      // RFC 8058 one-click unsubscribe, and the list's id.
      expect(mail.headers['list-unsubscribe']).toMatch(/<https?:\/\/[^>]+>/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['list-id']).toBeTruthy();
      const parts = leafParts(mail.raw);
      const text = parts.find((p) => /^text\/plain/i.test(p.type));
      const html = parts.find((p) => /^text\/html/i.test(p.type));
      expect(text, 'a text part').toBeDefined();
      expect(html, 'an HTML part').toBeDefined();
      const words = language === 'ru' ? 'Две тренировки в день' : 'Two sessions a day all week.';
      expect(text!.body).toContain(words);
      expect(html!.body).toContain(words);
      // The links go through the counting redirect; no tracking pixel.
      if (language !== 'ru') {
        expect(html!.body).toMatch(/href="https?:\/\/[^"]+\/(c\/|api\/campaigns\/click\?t=)[^"]+"/);
        expect(html!.body).not.toContain('href="https://example.com/timetable"');
      }
      expect(html!.body).not.toMatch(/<img[^>]+(width="1"|height="1")/);
    }
    expect(to(`pending-${tag}@example.com`)).toEqual([]);

    // The list: 'Envoyée', with its counts.
    await page.goto(suite.url('/admin/newsletter?onglet=campagnes'));
    const card = page.locator(`[data-testid="campaign-card"][data-campaign-id="${id}"]`);
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Envoyée');
    const countIn = (key: string) => card.locator(`[data-count="${key}"]`).textContent();
    await expect(countIn('recipients')).resolves.toBe(String(expected));
    await expect(countIn('sent')).resolves.toBe(String(expected));
    await expect(countIn('bounced')).resolves.toBe('0');
    await noSidewaysScroll(page);
    expect(await brokenWords(page)).toEqual([]);
    expect(await smallTargets(card)).toEqual([]);
    await shot(page, 'campaigns-list-375');
    expect(errors).toEqual([]);
    await close();

    // The sent campaign at 1280 px: progress, counts and the log beside the preview.
    const wide = await suite.page({ as: 'staff', viewport: VIEWPORTS.desktop });
    await wide.page.goto(suite.url(`/admin/newsletter/campagnes/${id}`));
    await wide.page.getByTestId('recipient-row').first().waitFor();
    await expect(wide.page.getByTestId('recipient-row').count()).resolves.toBe(expected);
    await wide.page.frameLocator('[data-testid="preview-html"]').getByText('Two sessions a day all week.').waitFor();
    await shot(wide.page, 'campaign-sent-1280');
    expect(wide.errors).toEqual([]);
    await wide.close();
  });

  it('schedules a campaign at a date and time on the gym’s clock, then cancels it', async () => {
    const { server, tokens } = suite;
    const reader = `later-${tag}@example.com`;
    await api(server, 'POST', '/api/newsletter-subscribers', { email: reader, language: 'en' });
    await confirmSubscribers(server.app, [reader]);
    const made = await api<{ id: number }>(
      server,
      'POST',
      '/api/campaigns',
      { subject: { en: `Later ${tag}` }, bodyMarkdown: { en: 'See you soon.' }, audience: { languages: ['en'] } },
      tokens.staff,
    );
    const { page, errors, close } = await suite.page({ as: 'staff', viewport: VIEWPORTS.phone });
    await page.goto(suite.url(`/admin/newsletter/campagnes/${made.id}`));
    await page.getByLabel('À une date et une heure').check();
    const tomorrow = addDays(todayInZone(GYM_ZONE), 1);
    await page.locator('#campaign-send-at').fill(`${tomorrow}T09:30`);
    await page.getByTestId('campaign-send-button').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Programmer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('campaign-progress').getAttribute('data-status')).toBe('scheduled');
    const scheduled = await api<{ status: string; sendAt: string }>(server, 'GET', `/api/campaigns/${made.id}`, undefined, tokens.staff);
    // 09:30 in the gym's zone, whatever the browser's.
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: zonedToInstant(tomorrow, '09:30', GYM_ZONE).toISOString() });

    await page.getByTestId('campaign-cancel').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler l’envoi' }).click();
    await expect.poll(() => page.getByTestId('campaign-progress').getAttribute('data-status')).toBe('cancelled');
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('turns a published blog post into a draft campaign in one click and opens it', async () => {
    const { page, errors, close } = await suite.page({ as: 'staff', viewport: VIEWPORTS.phone });
    await page.goto(suite.url('/admin/blog?langue=en'));
    const make = page.getByRole('button', { name: /^Créer une campagne à partir de l'article / }).first();
    await make.waitFor();
    await noSidewaysScroll(page);
    expect(await smallTargets(make)).toEqual([]);
    const label = await make.getAttribute('aria-label');
    await make.click();
    await page.waitForURL(/\/admin\/newsletter\/campagnes\/\d+$/);
    const title = label!.replace("Créer une campagne à partir de l'article ", '');
    await expect.poll(() => page.locator('#campaign-subject-en').inputValue()).toBe(title);
    await expect(page.locator('#campaign-body-en').inputValue()).resolves.not.toBe('');
    await saved(page);
    await noSidewaysScroll(page);
    expect(errors).toEqual([]);
    await close();
  });
});
