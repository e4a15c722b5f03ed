import { describe, expect, it } from 'vitest';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { overBudget, measurePageWeight } from '../../helpers/page-weight';
import { VIEWPORTS } from '../helpers/fixture';
import { gotoReady, useSite } from './site-helpers';

// Issue 47, point 1, in a phone's browser (375 px): My page asked for by e-mail, the link read
// from the outbox, opened (which spends nothing) and confirmed by its button, landing on /me with
// the person's name; and the six-digit code's path, in Russian. Within the public JavaScript budget.

describe('My page: signing in by e-mail at 375 px', () => {
  const site = useSite();
  const phone = VIEWPORTS.phone.width;

  /** The newest e-mail to an address, once the outbox holds it. */
  async function mailTo(email: string, count: number) {
    const db = site.server.app.ctx.db;
    for (let i = 0; i < 75; i++) {
      const rows = await db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('id').execute();
      if (rows.length >= count) return rows[count - 1];
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no e-mail ${count} to ${email}`);
  }
  const customer = (email: string, name: string) => findOrCreateCustomer(site.server.app.ctx.db, { name, email, phone: null, language: 'en' });
  const noOverflow = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('asks for a link, opens it, presses the button and lands on /me with the name', async () => {
    await customer('phone-link@example.com', 'Lina Traveller');
    const { page, errors, close } = await site.open(phone);
    await gotoReady(page, site.url('/me'));
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await page.getByLabel('Your e-mail address').fill('phone-link@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect.poll(() => page.getByTestId('me-sent').textContent()).toContain('phone-link@example.com');
    await expect(page.getByLabel('Six-digit code').isVisible()).resolves.toBe(true);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    const mail = await mailTo('phone-link@example.com', 1);
    const link = /\/me\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(mail.text_body ?? '')?.[0];
    expect(link, mail.text_body ?? '').toBeTruthy();
    await gotoReady(page, site.url(link!));
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    // Opening the link (as a mail scanner does) signed no one in and spent nothing.
    await expect(page.evaluate(() => fetch('/api/me').then((r) => r.status))).resolves.toBe(401);
    const row = await site.server.app.ctx.db.selectFrom('me_sign_ins').select('used_at').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Sign me in' }).click();
    await page.waitForURL((url) => url.pathname === '/me');
    await expect.poll(() => page.getByTestId('me-person').textContent(), { timeout: 15_000 }).toContain('Hello, Lina Traveller');
    // The cookie is the server's: no script on the page can read it.
    await expect(page.evaluate(() => document.cookie)).resolves.not.toContain('me_session');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByTestId('me-ask').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('signs in with the six-digit code, in Russian', async () => {
    await customer('phone-code@example.com', 'Иван Путешественник');
    const { page, errors, close } = await site.open(phone, { locale: 'ru' });
    await gotoReady(page, site.url('/ru/me'));
    await page.getByLabel('Ваш адрес e-mail').fill('phone-code@example.com');
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    await expect.poll(() => page.getByTestId('me-sent').textContent()).toContain('Проверьте почту');
    const mail = await mailTo('phone-code@example.com', 1);
    expect(mail.subject).toMatch(/ссылка для входа/);
    expect(mail.text_body).toContain('/ru/me/sign-in?token=');
    const code = /Код:\s+(\d{6})/.exec(mail.text_body ?? '')?.[1];
    expect(code, mail.text_body ?? '').toBeTruthy();
    // A wrong code first: refused in Russian, the form stays.
    await page.getByLabel('Шестизначный код').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect.poll(() => page.getByTestId('me-failure').textContent()).toBe('Этот код больше не действует. Запросите новое письмо.');
    await page.getByLabel('Шестизначный код').fill(code!);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect.poll(() => page.getByTestId('me-person').textContent()).toContain('Здравствуйте, Иван Путешественник');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('/me and its sign-in page stay within the public JavaScript budget', async () => {
    for (const path of ['/me', '/ru/me', '/me/sign-in?token=x']) {
      const w = await measurePageWeight(site.browser, site.url(path));
      expect(w.initial.files, path).toBeGreaterThan(2);
      expect(overBudget(w), path).toEqual([]);
    }
  });
});
