import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import Papa from 'papaparse';
import { bookingPayload } from '../../helpers/factories';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL } from '../helpers/server';
import { STAFF_NAME, api, expectToast, readDownload, signedInContext, trackErrors } from './admin-helpers';
import { confirmSubscribers } from '../../helpers/newsletter';
import { GYM_TIME_ZONE } from '../../helpers/sessions';
import { addDays, todayInZone } from '../../../src/shared/gym-time';

const parseCsv = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: true }).data;

// Users (admin), newsletter and contact, conversations, reservations.
describe('back office operations screens', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let adminCtx: BrowserContext;
  let staffCtx: BrowserContext;
  let admin: Page;
  let staff: Page;
  let errors: string[];

  beforeAll(async () => {
    adminCtx = await signedInContext(browser, tokens.admin);
    staffCtx = await signedInContext(browser, tokens.staff);
    admin = await adminCtx.newPage();
    staff = await staffCtx.newPage();
    errors = [...trackErrors(admin)];
    trackErrors(staff).forEach((e) => errors.push(e));
    staff.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it('admin: creates, edits, deactivates and deletes a user; own card has (Vous) and no delete', async () => {
    await admin.goto(server.url + '/admin/users');
    const me = admin.getByTestId('user-card').filter({ hasText: '(Vous)' });
    await me.waitFor();
    await expect(me.textContent()).resolves.toContain(ADMIN_EMAIL);
    await expect(me.getByRole('button', { name: /^Supprimer/ }).count()).resolves.toBe(0);
    await me.getByText('Administrateur').waitFor();
    await admin.getByTestId('user-card').filter({ hasText: STAFF_NAME }).getByText('Staff', { exact: true }).waitFor();

    // Own account: the power button is disabled and says why; the role selector is disabled.
    await expect(me.getByRole('button', { name: /^Désactiver/ }).isDisabled()).resolves.toBe(true);
    await me.getByText('Vous ne pouvez pas désactiver votre propre compte').waitFor();
    await me.getByRole('button', { name: /^Modifier/ }).click();
    const ownEdit = admin.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await ownEdit.getByText('Vous ne pouvez pas modifier votre propre rôle').waitFor();
    const roleSelect = ownEdit.getByRole('combobox', { name: 'Rôle' });
    await expect(roleSelect.isDisabled()).resolves.toBe(true);
    // The hint is the disabled selector's description for screen readers.
    const describedBy = await roleSelect.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    await expect(admin.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe('Vous ne pouvez pas modifier votre propre rôle');
    await ownEdit.getByRole('button', { name: 'Annuler' }).click();

    await admin.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const create = admin.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await create.getByRole('button', { name: 'Créer' }).click();
    await create.getByText('Tous les champs sont requis').first().waitFor();
    await create.getByLabel('Nom').fill('Nina Coach');
    await create.getByLabel('Email').fill('nina@example.com');
    await create.getByLabel('Mot de passe').fill('nina-password-1');
    await create.getByRole('button', { name: 'Créer' }).click();
    await expectToast(admin, 'Utilisateur créé avec succès');
    const nina = admin.getByTestId('user-card').filter({ hasText: 'Nina Coach' });
    await nina.getByText('Staff', { exact: true }).waitFor();
    await nina.getByText('Actif', { exact: true }).waitFor();

    // A duplicate e-mail shows the server's error in the dialog.
    await admin.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    await create.getByLabel('Nom').fill('Other');
    await create.getByLabel('Email').fill('nina@example.com');
    await create.getByLabel('Mot de passe').fill('other-password-1');
    await create.getByRole('button', { name: 'Créer' }).click();
    await create.getByText('Un utilisateur avec cet e-mail existe déjà').waitFor();
    await create.getByRole('button', { name: 'Annuler' }).click();

    await nina.getByRole('button', { name: 'Modifier Nina Coach' }).click();
    const edit = admin.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await edit.getByLabel('Nom').fill('Nina Head Coach');
    await edit.getByRole('combobox', { name: 'Rôle' }).click();
    await admin.getByRole('option', { name: 'Administrateur' }).click();
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(admin, 'Utilisateur mis à jour');
    const renamed = admin.getByTestId('user-card').filter({ hasText: 'Nina Head Coach' });
    await renamed.getByText('Administrateur').waitFor();

    await renamed.getByRole('button', { name: 'Désactiver Nina Head Coach' }).click();
    await expectToast(admin, 'Statut utilisateur mis à jour');
    await renamed.getByText('Inactif', { exact: true }).waitFor();
    const users = await api<{ email: string; isActive: boolean; role: string }[]>(server, 'GET', '/api/users', undefined, tokens.admin);
    expect(users.find((u) => u.email === 'nina@example.com')).toMatchObject({ isActive: false, role: 'admin' });

    await renamed.getByRole('button', { name: 'Supprimer Nina Head Coach' }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByText(/Nina Head Coach/).waitFor();
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(admin, 'Utilisateur supprimé');
    await renamed.waitFor({ state: 'detached' });
  });

  it('admin: renaming oneself shows the new name in the side menu at once, no reload', async () => {
    await admin.goto(server.url + '/admin/users');
    const menuName = admin.getByTestId('current-user-name').first();
    const before = (await menuName.textContent()) ?? '';
    expect(before.length).toBeGreaterThan(0);
    const me = admin.getByTestId('user-card').filter({ hasText: '(Vous)' });
    await me.getByRole('button', { name: /^Modifier/ }).click();
    const edit = admin.getByRole('dialog', { name: "Modifier l'utilisateur" });
    await edit.getByLabel('Nom').fill('Alex Owner');
    await admin.evaluate(() => ((window as any).__sameDocument = true));
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(admin, 'Utilisateur mis à jour');
    await expect.poll(() => menuName.textContent()).toBe('Alex Owner');
    // Same document: the page was not reloaded to get there.
    expect(await admin.evaluate(() => (window as any).__sameDocument)).toBe(true);
    await api(
      server,
      'PUT',
      `/api/users/${(await api(server, 'GET', '/api/auth/me', undefined, tokens.admin)).id}`,
      { name: before, email: ADMIN_EMAIL, role: 'admin', isActive: true },
      tokens.admin,
    );
  });

  it('staff: searches subscribers ignoring case, exports them as CSV (formula cells neutralised), deletes one', async () => {
    await api(server, 'POST', '/api/newsletter-subscribers', { email: 'Alpha.Fighter@example.com', name: '=HYPERLINK("x")', isActive: true });
    await api(server, 'POST', '/api/newsletter-subscribers', { email: 'beta@example.com', isActive: true });
    await confirmSubscribers(server.app, ['alpha.fighter@example.com', 'beta@example.com']);
    await staff.goto(server.url + '/admin/newsletter');
    await staff.getByRole('tab', { name: 'Abonnés Newsletter (2)' }).waitFor();
    await staff.getByRole('tab', { name: /Messages Contact \(\d+\)/ }).waitFor();
    await expect(staff.getByTestId('subscriber-row').count()).resolves.toBe(2);

    // The server searches (issue 13): the list follows once typing pauses.
    await staff.getByLabel('Rechercher par e-mail ou nom').fill('ALPHA');
    await expect.poll(() => staff.getByTestId('subscriber-row').count()).toBe(1);
    await staff.getByLabel('Rechercher par e-mail ou nom').fill('hyperlink');
    await staff.waitForURL(/q=hyperlink/);
    await expect.poll(() => staff.getByTestId('subscriber-row').count()).toBe(1);
    await staff.getByLabel('Rechercher par e-mail ou nom').fill('');
    await expect.poll(() => staff.getByTestId('subscriber-row').count()).toBe(2);

    const { name, text } = await readDownload(staff, () => staff.getByRole('button', { name: 'Exporter CSV' }).click());
    expect(name).toBe('newsletter-subscribers.csv');
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Email', 'Nom', 'Statut', "Date d'inscription", 'Langue']);
    expect(rows.length).toBe(3);
    const alpha = rows.find((r) => r[0] === 'alpha.fighter@example.com' || r[0] === 'Alpha.Fighter@example.com')!;
    expect(alpha[1]).toBe(`'=HYPERLINK("x")`);
    expect(alpha[2]).toBe('Actif');
    expect(alpha[3]).toMatch(/\d{4}/);

    const beta = staff.getByTestId('subscriber-row').filter({ hasText: 'beta@example.com' });
    await beta.getByRole('button', { name: /Supprimer l'abonné/ }).click();
    await staff.getByRole('alertdialog').getByText("Êtes-vous sûr de vouloir supprimer l'abonné beta@example.com ?").waitFor();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await beta.waitFor({ state: 'detached' });
    await staff.getByRole('tab', { name: 'Abonnés Newsletter (1)' }).waitFor();
  });

  it('staff: sets a contact message status from its dropdown', async () => {
    await api(server, 'POST', '/api/contact', { name: 'Carla Contact', email: 'carla@example.com', subject: 'Kids classes', message: 'Do you teach kids?' });
    await staff.goto(server.url + '/admin/newsletter');
    await staff.getByRole('tab', { name: /Messages Contact/ }).click();
    const card = staff.getByTestId('contact-card').filter({ hasText: 'Carla Contact' });
    await card.getByText('Do you teach kids?').waitFor();
    await card.getByText('Nouveau').first().waitFor();
    await card.getByRole('combobox', { name: /Statut du message/ }).click();
    await staff.getByRole('option', { name: 'Répondu' }).click();
    await expectToast(staff, 'Statut mis à jour');
    const list = await api<{ email: string; status: string }[]>(server, 'GET', '/api/contact-submissions', undefined, tokens.staff);
    expect(list.find((c) => c.email === 'carla@example.com')?.status).toBe('responded');
  });

  it('admin: opens a conversation, marks it read, sets its status and sends a reply that reaches the outbox', async () => {
    await api(server, 'POST', '/api/contact', {
      name: 'Dan Customer',
      email: 'dan@example.com',
      subject: 'Visa question',
      message: 'Can I train for 3 months?',
    });
    await admin.goto(server.url + '/admin/messages');
    await admin.getByRole('heading', { name: 'Messages' }).waitFor();
    const row = admin.getByTestId('conversation-row').filter({ hasText: 'Dan Customer' });
    await row.getByText('New', { exact: true }).waitFor();
    // English dates on the conversation screens: "Mar 4, 2030, 9:30 AM", on phones too.
    const EN_DATE_TIME = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
    await expect(row.getByTestId('conversation-date').locator('p').first().textContent()).resolves.toMatch(EN_DATE_TIME);
    await admin.setViewportSize({ width: 375, height: 800 });
    await expect(row.getByTestId('conversation-date').isVisible()).resolves.toBe(true);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await row.click();
    await admin.waitForURL(/\/admin\/messages\/\d+$/);
    await admin.getByRole('heading', { name: 'Dan Customer' }).waitFor();
    const bubble = admin.getByTestId('message-bubble').filter({ hasText: 'Can I train for 3 months?' });
    await expect(bubble.getAttribute('data-sender')).resolves.toBe('customer');
    await admin.getByText(/^Started [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/).waitFor();
    await expect(bubble.locator('p').last().textContent()).resolves.toMatch(EN_DATE_TIME);

    await admin.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);

    await admin.getByRole('combobox', { name: 'Conversation status' }).click();
    await admin.getByRole('option', { name: 'Closed' }).click();
    await expectToast(admin, 'Status updated.');

    const send = admin.getByRole('button', { name: 'Send reply' });
    await admin.getByLabel('Reply').fill('   ');
    await expect(send.isDisabled()).resolves.toBe(true);
    await expect(admin.getByLabel('Reply').getAttribute('rows')).resolves.toBe('4');
    await admin.getByLabel('Reply').fill('Yes: a 3-month ED visa works. See you soon!');
    await send.click();
    await expectToast(admin, 'Reply sent!');
    const mine = admin.getByTestId('message-bubble').filter({ hasText: 'ED visa' });
    await expect(mine.getAttribute('data-sender')).resolves.toBe('admin');

    const outbox = await server.app.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', 'dan@example.com').execute();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.some((m) => m.text_body.includes('a 3-month ED visa works'))).toBe(true);
    // The worker writes it as an .eml file (no SMTP_URL in tests).
    const dir = path.join(server.config.dataDir, 'outbox');
    await expect
      .poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).some((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('dan@example.com')) : false), {
        timeout: 10_000,
      })
      .toBe(true);

    await admin.goto(server.url + '/admin/messages/999999');
    await admin.getByText('Conversation not found').waitFor();
    await admin.getByRole('link', { name: 'Back to messages' }).click();
    await admin.waitForURL('**/admin/messages');
  });

  it('staff: reservations table, detail marks read, archive hides it, delete with confirm, CSV export', async () => {
    // A month ahead (bookings lie between today and two years ahead), shown dd/mm/yyyy.
    const day = addDays(todayInZone(GYM_TIME_ZONE), 30);
    const mk = (name: string, message: string | null) =>
      // A request by appointment may be at any time: UTC midnight shows as a date alone.
      api(
        server,
        'POST',
        '/api/reservations',
        bookingPayload({
          name,
          email: `${name.toLowerCase()}@example.com`,
          phone: '+66 81 000 0000',
          course: 'Private Training',
          dateTime: `${day}T00:00:00.000Z`,
          message,
        }),
      );
    await mk('Eve', 'A long message that is clearly longer than sixty characters in total, really.');
    await mk('Finn', '@SUM(A1:A2) please');
    await mk('Gus', null);

    await staff.goto(server.url + '/admin/reservations');
    await staff.getByRole('heading', { name: 'Réservations' }).waitFor();
    const table = staff.getByTestId('reservations-table');
    await table.waitFor();
    const eve = table.getByTestId('reservation-row').filter({ hasText: 'Eve' });
    // 30-character preview in the table.
    await eve.getByText('A long message that is clearly…', { exact: true }).waitFor();
    // UTC midnight: the date alone.
    await eve.getByText(day.split('-').reverse().join('/'), { exact: true }).waitFor();
    await eve.getByText('Non lue').waitFor();

    // The three tiles and the menu badge count what the server holds.
    const all = await api<{ status: string }[]>(server, 'GET', '/api/reservations', undefined, tokens.staff);
    const unreadBefore = all.filter((r) => r.status === 'unread').length;
    const treatedBefore = all.filter((r) => r.status === 'read' || r.status === 'archived').length;
    expect(unreadBefore).toBeGreaterThanOrEqual(3);
    const tiles = staff.getByRole('region', { name: 'Résumé' }).locator(':scope > *');
    const tileTexts = () => tiles.allTextContents();
    await expect.poll(tileTexts).toEqual([`Total réservations${all.length}`, `Non lues${unreadBefore}`, `Traitées${treatedBefore}`]);
    const badge = staff.getByTestId('unread-badge').first();
    await expect(badge.textContent()).resolves.toBe(String(unreadBefore));

    await eve.getByRole('button', { name: 'Voir la réservation de Eve' }).click();
    const detail = staff.getByRole('dialog', { name: 'Détail de la réservation' });
    await detail.getByText('eve@example.com').waitFor();
    await detail.getByText('Lue', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Fermer' }).click();
    await eve.getByText('Lue', { exact: true }).waitFor();
    // Opening it marked it read: one fewer unread, one more treated, the badge follows.
    await expect.poll(tileTexts).toEqual([`Total réservations${all.length}`, `Non lues${unreadBefore - 1}`, `Traitées${treatedBefore + 1}`]);
    await expect.poll(() => badge.textContent()).toBe(String(unreadBefore - 1));

    // Cards on a phone, with the 60-character preview.
    await staff.setViewportSize({ width: 375, height: 800 });
    await expect(table.isVisible()).resolves.toBe(false);
    await staff
      .getByTestId('reservation-card')
      .filter({ hasText: 'Eve' })
      .getByText('A long message that is clearly longer than sixty characters…', { exact: true })
      .waitFor();
    await staff.setViewportSize({ width: 1280, height: 900 });

    const { name, text } = await readDownload(staff, () => staff.getByRole('button', { name: 'Exporter CSV' }).click());
    expect(name).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Nom', 'Email', 'Téléphone', 'Cours', 'Date et heure', 'Message', 'Statut', 'Date de création', 'Langue']);
    const finn = rows.find((r) => r[0] === 'Finn')!;
    expect(finn[5]).toBe("'@SUM(A1:A2) please");
    expect(finn[1]).toBe('finn@example.com');
    expect(finn[3]).toBe('Private Training');
    // A phone starts with +, so it is neutralised like a formula (docs/admin.md).
    expect(finn[2]).toBe("'+66 81 000 0000");
    expect(rows.find((r) => r[0] === 'Eve')![6]).toBe('Lue');
    await expectToast(staff, 'Export terminé');

    const finnRow = table.getByTestId('reservation-row').filter({ hasText: 'Finn' });
    await finnRow.getByRole('button', { name: 'Archiver la réservation de Finn' }).click();
    await expectToast(staff, 'Réservation archivée');
    await finnRow.waitFor({ state: 'detached' });
    await staff.getByRole('switch', { name: 'Afficher les réservations archivées' }).click();
    await finnRow.getByText('Archivée').waitFor();

    const gus = table.getByTestId('reservation-row').filter({ hasText: 'Gus' });
    await gus.getByRole('button', { name: 'Supprimer la réservation de Gus' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(staff, 'Réservation supprimée');
    await gus.waitFor({ state: 'detached' });
    const left = await api<{ name: string; status: string }[]>(server, 'GET', '/api/reservations', undefined, tokens.staff);
    expect(left.map((r) => r.name).sort()).toEqual(['Eve', 'Finn']);
    expect(left.find((r) => r.name === 'Finn')?.status).toBe('archived');
    expect(left.find((r) => r.name === 'Eve')?.status).toBe('read');
  });
});
