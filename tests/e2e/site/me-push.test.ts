import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../../src/server/auth/tokens';
import { findOrCreateCustomer } from '../../../src/server/customers/customers.repository';
import { insertSession } from '../../../src/server/me/me.repository';
import { VIEWPORTS } from '../helpers/fixture';
import { gotoReady, useSite } from './site-helpers';

// Issue 47 point 6 (decision 188), in a phone's browser (375 px): the signed-in My page offers
// the push switch in the page's language, and its head links the web app manifest, whose start
// is the page in that language and whose icons load.

describe('My page: push and the home-screen manifest at 375 px', () => {
  const site = useSite();

  it('shows the switch in Russian and links a manifest that opens /ru/me', async () => {
    const db = site.server.app.ctx.db;
    const c = await findOrCreateCustomer(db, { name: 'Pavel Push', email: 'push-e2e@example.com', phone: null, language: 'ru' });
    const token = newToken();
    const now = new Date();
    await insertSession(db, {
      customerId: c!.id,
      tokenHash: hashToken(token),
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    });
    const { page, errors, close } = await site.open(VIEWPORTS.phone.width);
    await page.context().addCookies([{ name: 'me_session', value: token, url: site.url('/') }]);
    await gotoReady(page, site.url('/ru/me'));
    await expect.poll(() => page.getByTestId('me-push').count(), { timeout: 15_000 }).toBe(1);
    await expect(page.getByTestId('me-push').textContent()).resolves.toContain('Уведомления на этом устройстве');
    await expect(page.getByRole('button', { name: 'Включить уведомления' }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/me.webmanifest?lang=ru');
    const manifest = await page.evaluate(async (u) => (await fetch(u)).json(), href!);
    expect(manifest).toMatchObject({ start_url: '/ru/me', display: 'standalone' });
    for (const icon of manifest.icons as { src: string }[]) {
      await expect(page.evaluate(async (u) => (await fetch(u)).status, icon.src)).resolves.toBe(200);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
