import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../helpers/smtp-peer';
import { useBrowserSuite } from '../helpers/fixture';
import { STAFF_EMAIL, STAFF_PASSWORD, api, axeViolations, trackErrors } from './admin-helpers';

// Issue 12 point 6 in the browser, at 375 px: forgot password → the e-mailed link (from a real
// SMTP peer) → new password → sign-in; TOTP enrolment from "Mon compte" and a sign-in with a
// code the library computes. SCREENSHOT_DIR=… keeps pictures of the new screens (375 and 1280 px).

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const totpOf = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('back office: staff accounts', () => {
  let peer: SmtpPeer;
  // The SMTP peer first: the server is started with its address.
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });
  const { server, browser } = useBrowserSuite({ server: () => ({ smtpUrl: peer.url, mailPollMs: 100, mailRetryBaseMs: 100 }), accounts: true });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(server.url + '/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe').fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }

  async function signOut(page: Page, viewport: { width: number }) {
    if (viewport.width < 1024) await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).last().click();
    await page.waitForURL('**/admin/login');
  }

  it('resets a forgotten password through the e-mailed link, then signs in with it', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    await shot(page, 'login-375');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/admin/forgot-password');
    await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'forgot-375');
    await page.getByLabel('Email').fill(STAFF_EMAIL.toUpperCase());
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Si un compte correspond à cette adresse').waitFor();
    await shot(page, 'forgot-sent-375');

    const mail = await waitUntil(() => peer.messages.find((m) => m.to.includes(STAFF_EMAIL)), 15_000, 'the reset e-mail');
    const link = /https?:\/\/\S+\/admin\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.body)?.[0];
    expect(link).toBeTruthy();
    // The link names the configured public address; this server listens elsewhere.
    const url = new URL(link!);
    await page.goto(server.url + url.pathname + url.search);
    await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'reset-375');
    await page.getByLabel('Nouveau mot de passe').fill('a new staff secret');
    await page.getByLabel('Confirmez le mot de passe').fill('not the same one');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Les deux mots de passe ne correspondent pas').waitFor();
    await page.getByLabel('Confirmez le mot de passe').fill('a new staff secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Votre mot de passe a été modifié').waitFor();
    await shot(page, 'reset-done-375');

    // The link works once: loading it again and posting is refused with the French text.
    await page.goto(server.url + url.pathname + url.search);
    await page.getByLabel('Nouveau mot de passe').fill('another staff secret');
    await page.getByLabel('Confirmez le mot de passe').fill('another staff secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText("Ce lien de réinitialisation n'est plus valable").waitFor();
    await shot(page, 'reset-used-375');

    await signIn(page, STAFF_EMAIL, STAFF_PASSWORD);
    await page.getByText('E-mail ou mot de passe incorrect').waitFor();
    await signIn(page, STAFF_EMAIL, 'a new staff secret');
    await page.waitForURL('**/admin/dashboard');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('enrols in two-factor from "Mon compte" and signs in with a code from the app', async () => {
    const email = 'coach.totp@example.com';
    const password = 'coach totp password';
    const admin = await api<{ token: string }>(server, 'POST', '/api/auth/login', { email: 'admin@example.com', password: 'e2e-admin-password' });
    await api(server, 'POST', '/api/auth/register', { email, name: 'Coach Totp', password, role: 'staff', isActive: true }, admin.token);

    const page = await browser.newPage({ viewport: PHONE });
    const errors = trackErrors(page);
    await signIn(page, email, password);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('link', { name: 'Mon compte' }).click();
    await page.waitForURL('**/admin/account');
    await page.getByRole('heading', { name: 'Mon compte' }).waitFor();
    await shot(page, 'account-375');
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'account-enrol-375');
    await page.getByLabel("Code de l'application").fill(totpOf(secret).generate());
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('list', { name: 'Codes de récupération' }).waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await shot(page, 'account-recovery-375');
    await page.getByRole('button', { name: "J'ai noté mes codes" }).click();
    await page.getByText('Codes de récupération restants').waitFor();
    await shot(page, 'account-enabled-375');

    await signOut(page, PHONE);
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Double authentification' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await shot(page, 'login-code-375');
    await page.getByLabel('Code de vérification').fill('000000' === totpOf(secret).generate() ? '111111' : '000000');
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByText('Code incorrect').waitFor();
    // The enrolment used the current step; the next one is accepted (one step of drift).
    await page.getByLabel('Code de vérification').fill(totpOf(secret).generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the new screens at 1280 px, the admin switch included', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = trackErrors(page);
    await page.goto(server.url + '/admin/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).waitFor();
    await shot(page, 'login-1280');
    await page.goto(server.url + '/admin/forgot-password');
    await shot(page, 'forgot-1280');
    await page.goto(server.url + '/admin/reset-password?token=not-a-real-token');
    await page.getByLabel('Nouveau mot de passe').fill('whatever secret');
    await page.getByLabel('Confirmez le mot de passe').fill('whatever secret');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText("Ce lien de réinitialisation n'est plus valable").waitFor();
    await shot(page, 'reset-invalid-1280');

    await signIn(page, 'admin@example.com', 'e2e-admin-password');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: 'Mon compte' }).click();
    await page.getByRole('heading', { name: 'Sécurité des comptes' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'account-admin-1280');
    // Requiring it before having it is refused, and said.
    await page.getByRole('switch', { name: 'Exiger la double authentification pour tous les comptes' }).click();
    await page.getByText("Activez d'abord la double authentification sur votre propre compte").first().waitFor();
    await page.getByRole('button', { name: 'Activer la double authentification' }).click();
    await page.getByTestId('totp-secret').waitFor();
    await shot(page, 'account-enrol-1280');
    expect(errors).toEqual([]);
    await page.close();
  });
});
