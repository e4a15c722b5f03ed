import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_MAIL } from '../../helpers/factories';
import { decodeHeader, startSmtpPeer, waitUntil, type SmtpPeer } from '../../helpers/smtp-peer';
import { useBrowserSuite, VIEWPORTS } from '../helpers/fixture';

// Issue 12, point 5, in a browser: sign up on the site → the confirmation e-mail reaches a real
// SMTP peer → its link's page → the button confirms → subscribed; then the welcome's
// unsubscribe link → its page's button → unsubscribed.

describe('newsletter double opt-in in a browser', () => {
  let peer: SmtpPeer;
  // The SMTP peer first: the server is started with its address.
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });
  const { server, browser } = useBrowserSuite({ server: () => ({ smtpUrl: peer.url, ...FAST_MAIL }) });

  const status = async (email: string) =>
    await server.app.ctx.db
      .selectFrom('newsletter_subscribers')
      .select(['is_active', 'confirmed_at', 'confirm_token_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  /** The link's path: the e-mail names PUBLIC_URL, the test server listens elsewhere. */
  const linkPath = (body: string, path: string) => {
    const m = new RegExp(`https?://[^/\\s]+(${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+)`).exec(body);
    expect(m, body).not.toBeNull();
    return m![1];
  };
  const mailTo = (to: string, subject: RegExp) =>
    waitUntil(() => peer.messages.find((m) => m.to.includes(to) && subject.test(decodeHeader(m.headers.subject))), 15_000, `${subject} to ${to}`);

  it('signs up, confirms from the e-mail’s page, then unsubscribes from the welcome’s page', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = `journey${Date.now()}@example.com`;

    await page.goto(server.url + '/', { waitUntil: 'load' });
    const form = page.locator('form[aria-labelledby="newsletter-title"]');
    await form.scrollIntoViewIfNeeded();
    await page.locator('form[aria-labelledby="newsletter-title"]').waitFor();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toContain('Check your inbox');
    expect(await status(email)).toMatchObject({ confirmed_at: null });

    // The confirmation e-mail, at the SMTP peer.
    const confirmation = await mailTo(email, /^Confirm your subscription/);
    const confirmPath = linkPath(confirmation.body, '/api/newsletter/confirm');
    await page.goto(server.url + confirmPath);
    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    // Opening the page changed nothing.
    expect((await status(email)).confirmed_at).toBeNull();
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('heading', { name: 'Subscribed!' }).waitFor();
    const confirmed = await status(email);
    expect(confirmed.confirmed_at).not.toBeNull();
    expect(Boolean(confirmed.is_active)).toBe(true);

    // The welcome carries the unsubscribe link; its page asks, the button acts.
    const welcome = await mailTo(email, /^Welcome/);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribePath = linkPath(welcome.body, '/api/newsletter/unsubscribe');
    await page.goto(server.url + unsubscribePath);
    await page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    expect(Boolean((await status(email)).is_active)).toBe(true);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You have been unsubscribed.' }).waitFor();
    expect(Boolean((await status(email)).is_active)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
