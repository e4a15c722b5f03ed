import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../../helpers/push-service';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { STAFF_EMAIL, STAFF_NAME, STAFF_PASSWORD, api, signedInContext, trackErrors } from './admin-helpers';

describe('back office: sign-in, guard, shell, logout', () => {
  // The push service is a local stand-in on plain HTTP (no real one is reachable from a test).
  const { server, browser } = useBrowserSuite({ server: { pushAllowInsecureEndpoints: true }, accounts: true });
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(async () => {
    await pushService?.close();
  });

  it('sends a signed-out visitor to /admin/login and shows the server error on a bad password', async () => {
    const page = await browser.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/dashboard');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // Both fields required: nothing is sent, the fields say so.
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.locator('#login-email-error').textContent()).resolves.toBeTruthy();
    await expect(page.locator('#login-password-error').textContent()).resolves.toBeTruthy();

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe').fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const alert = page.locator('[role="alert"]').filter({ hasText: /./ }).first();
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(text).toContain('E-mail ou mot de passe incorrect');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('signs staff in, hides Utilisateurs, redirects /admin/users to the dashboard, and logs out for real', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/login');
    await page.getByLabel('Email').fill(STAFF_EMAIL);
    await page.getByLabel('Mot de passe').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    for (const item of ['Tableau de bord', 'Blog', 'Galerie', 'Réservations', 'Planning', 'Messages', 'Newsletter']) {
      await expect(nav.getByRole('link', { name: new RegExp(item) }).count()).resolves.toBe(1);
    }
    await expect(nav.getByRole('link', { name: 'Utilisateurs' }).count()).resolves.toBe(0);
    await expect(page.getByTestId('current-user-name').first().textContent()).resolves.toBe(STAFF_NAME);
    await page.getByText('Staff', { exact: true }).first().waitFor();

    // Role guard: staff asking for the users screen lands on the dashboard.
    await page.goto(server.url + '/admin/users');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();

    // /admin alone goes to the dashboard too.
    await page.goto(server.url + '/admin');
    await page.waitForURL('**/admin/dashboard');

    await page.getByRole('button', { name: 'Déconnexion' }).first().click();
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server revoked the session (POST /api/auth/logout).
    const me = await fetch(server.url + '/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.goto(server.url + '/admin/blog');
    await page.waitForURL('**/admin/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('removes a stored token the server refuses', async () => {
    const ctx = await signedInContext(browser, 'not-a-real-token');
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/reservations');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await ctx.close();
  });

  it('keeps the session when a page is left while its token is still being checked', async () => {
    const token = (await api<{ token: string }>(server, 'POST', '/api/auth/login', { email: STAFF_EMAIL, password: STAFF_PASSWORD })).token;
    const ctx = await signedInContext(browser, token);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    // The first check of the token is slow; the desk moves to another screen before it answers.
    let held = 0;
    await page.route('**/api/auth/me', async (route) => {
      held += 1;
      if (held === 1) await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => undefined);
    });
    await page.goto(server.url + '/admin/reservations');
    // The back office's code loads first: on a busy machine the check starts seconds after the page.
    await expect.poll(() => held, { timeout: 20_000 }).toBe(1);
    await page.goto(server.url + '/admin/categories');
    // The call the first page lost is no answer about the token: still signed in.
    await page.getByRole('heading', { name: 'Catégories', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);

    // A check that fails while the page stays (server unreachable) still signs out (SPEC.md §4).
    await page.unroute('**/api/auth/me');
    await page.route('**/api/auth/me', (route) => route.abort('connectionrefused'));
    await page.goto(server.url + '/admin/reservations');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('signs out when a session ends while a screen is open: the next 401 anywhere clears it', async () => {
    const token = (await api<{ token: string }>(server, 'POST', '/api/auth/login', { email: STAFF_EMAIL, password: STAFF_PASSWORD })).token;
    const ctx = await signedInContext(browser, token);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/reservations');
    await page.getByRole('heading', { name: 'Réservations' }).first().waitFor();
    // The session is revoked elsewhere (another tab logged out); this tab still holds the token.
    await api(server, 'POST', '/api/auth/logout', undefined, token);
    // Without reloading, the next screen's call answers 401: back to the login page, token gone.
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Newsletter' }).click();
    await page.waitForURL('**/admin/login', { timeout: 10_000 });
    await page
      .getByRole('button', { name: /connexion|se connecter/i })
      .first()
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows the admin the users entry, name, role and the unread reservation badge; a drawer on phones', async () => {
    await api(server, 'POST', '/api/reservations', bookingPayload({ name: 'Badge Tester', email: 'badge@example.com' }, { nth: 1 }));
    const token = (await api(server, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    const ctx = await signedInContext(browser, token);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/dashboard');
    const nav = page.getByRole('navigation', { name: "Menu d'administration" });
    await nav.getByRole('link', { name: 'Utilisateurs' }).waitFor();
    await expect(page.getByTestId('unread-badge').first().textContent()).resolves.toBe('1');
    await page.getByText('Administrateur', { exact: true }).first().waitFor();
    await nav.getByRole('link', { name: 'Utilisateurs' }).click();
    await page.waitForURL('**/admin/users');
    await page.getByRole('heading', { name: 'Utilisateurs' }).waitFor();

    // 375 px: no fixed menu, a drawer titled "Admin Panel" opened from the top bar.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(nav.isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Admin Panel' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: /Réservations/ }).click();
    await page.waitForURL('**/admin/reservations');
    await drawer.waitFor({ state: 'detached' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await ctx.close();
  });

  it('push control: enable asks permission (a refusal shows the hint), unsupported browsers get the message', async () => {
    const token = (await api(server, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    const ctx = await signedInContext(browser, token);
    // The browser answers "denied" to the permission request.
    await ctx.addInitScript(() => {
      let state: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => state });
      Notification.requestPermission = async () => (state = 'denied');
    });
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/dashboard');
    const push = page.getByTestId('push-control');
    await push.getByRole('button', { name: 'Activer les notifications' }).click();
    await page.getByText('Permission refusée', { exact: true }).waitFor();
    await push.getByText(/Autorisez-les dans les réglages de votre navigateur/).waitFor();
    await expect(push.getByRole('button', { name: 'Activer les notifications' }).isDisabled()).resolves.toBe(true);
    await ctx.close();

    const bare = await signedInContext(browser, token);
    await bare.addInitScript(() => {
      delete (window as any).PushManager;
    });
    const page2 = await bare.newPage();
    await page2.goto(server.url + '/admin/dashboard');
    await page2.getByText('Les notifications push ne sont pas supportées par votre navigateur.').waitFor();
    await bare.close();
  });

  it('push control: enables, sends a test notification through the push service, disables', async () => {
    const token = (await api(server, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    const { publicKey } = await api<{ publicKey: string }>(server, 'GET', '/api/push/public-key');
    pushService.expectedPublicKey = publicKey;
    const device = pushService.subscription('browser');
    const ctx = await signedInContext(browser, token);
    // Headless Chromium has no push service: the browser side is stubbed (permission granted, a
    // subscription whose endpoint and keys belong to the stand-in). /sw.js registers for real.
    await ctx.addInitScript((sub) => {
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = async () => (permission = 'granted');
      const w = window as any;
      w.__push = { keys: [] as string[], unsubscribed: 0 };
      let current: any = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const bytes = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
        w.__push.keys.push(
          btoa(String.fromCharCode(...bytes))
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, ''),
        );
        current = {
          endpoint: sub.endpoint,
          toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
          unsubscribe: async () => {
            current = null;
            w.__push.unsubscribed += 1;
            return true;
          },
        };
        return current;
      };
    }, device);
    const page = await ctx.newPage();
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/dashboard');
    const push = page.getByTestId('push-control');
    const rows = () => server.app.ctx.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', device.endpoint).execute();

    await push.getByRole('button', { name: 'Activer les notifications' }).click();
    await page.getByText('Notifications activées', { exact: true }).waitFor();
    // Subscribed with the server's application key, and stored on the server.
    expect(await page.evaluate(() => (window as any).__push.keys)).toEqual([publicKey]);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration('/sw.js').then((r) => r?.active?.scriptURL ?? null))).toBe(server.url + '/sw.js');
    expect(await rows()).toHaveLength(1);

    await push.getByRole('button', { name: 'Envoyer une notification de test' }).click();
    await page.getByText('Notification de test envoyée', { exact: true }).waitFor();
    expect(pushService.receivedFor(device.endpoint).map((r) => r.payload)).toEqual([expect.objectContaining({ title: 'Notification de test' })]);

    await push.getByRole('button', { name: 'Désactiver les notifications' }).click();
    await page.getByText('Notifications désactivées', { exact: true }).waitFor();
    await push.getByRole('button', { name: 'Activer les notifications' }).waitFor();
    expect(await page.evaluate(() => (window as any).__push.unsubscribed)).toBe(1);
    expect(await rows()).toHaveLength(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('toasts: a second replaces the first, one goes after about 5 s, F8 moves focus to them', async () => {
    const token = (await api(server, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
    const ctx = await signedInContext(browser, token);
    const page = await ctx.newPage();
    await page.goto(server.url + '/admin/users');
    const toasts = page.locator('.admin-toast');
    const me = page.getByTestId('user-card').filter({ hasText: '(Vous)' });

    // First toast: a new account (one's own power button is disabled, so no toast comes from it).
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).first().click();
    const create = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await create.getByLabel('Nom').fill('Toast Person');
    await create.getByLabel('Email').fill(`toast-${Date.now()}@example.com`);
    await create.getByLabel('Mot de passe').fill('correct horse battery');
    await create.getByRole('button', { name: 'Créer' }).click();
    await toasts.getByText('Utilisateur créé avec succès').waitFor();
    // Second toast: saving one's own account unchanged.
    await me.getByRole('button', { name: /^Modifier/ }).click();
    await page.getByRole('dialog', { name: "Modifier l'utilisateur" }).getByRole('button', { name: 'Enregistrer' }).click();
    await toasts.getByText('Utilisateur mis à jour').waitFor();
    const shownAt = Date.now();
    await expect(toasts.count()).resolves.toBe(1);
    await expect(toasts.getByText('Utilisateur créé avec succès').count()).resolves.toBe(0);
    await page.mouse.move(0, 0); // a pointer over a toast would pause its timer

    await toasts.first().waitFor({ state: 'detached', timeout: 10_000 });
    const lasted = Date.now() - shownAt;
    expect(lasted).toBeGreaterThan(4_000);
    expect(lasted).toBeLessThan(7_000);

    await me.getByRole('button', { name: /^Modifier/ }).click();
    await page.getByRole('dialog', { name: "Modifier l'utilisateur" }).getByRole('button', { name: 'Enregistrer' }).click();
    await toasts.first().waitFor();
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => ({
      tag: document.activeElement?.tagName,
      region: document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? null,
      holdsToast: document.activeElement?.querySelector('.admin-toast') !== null,
    }));
    expect(focused).toEqual({ tag: 'OL', region: expect.stringContaining('F8'), holdsToast: true });
    await ctx.close();
  });

  it('serves the push service worker at /sw.js', async () => {
    const res = await fetch(server.url + '/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const text = await res.text();
    expect(text).toContain("addEventListener('push'");
    expect(text).toContain("addEventListener('notificationclick'");
  });
});
