import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import type { ClosureDto, SessionsAnswer } from '../../../src/shared/schemas/timetable';
import { useBrowserSuite } from '../helpers/fixture';
import { api, expectToast, signedInContext, trackErrors } from './admin-helpers';

const COURSE = 'Muay Thai Beginner';

/** A Monday at least a week ahead in gym time (inside GET /api/sessions' 14-day default window). */
function mondayAhead(timeZone: string): string {
  const today = todayInZone(timeZone);
  return addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
}

// The Planning screen as staff: a capacity edited, one session cancelled on a date and
// restored, a closure added and removed; each checked through the public GET /api/sessions.
describe('back office: Planning', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  const sessionsOn = (date: string, days = 1) => api<SessionsAnswer>(server, 'GET', `/api/sessions?from=${date}&days=${days}`);

  beforeAll(async () => {
    ctx = await signedInContext(browser, tokens.staff);
    page = await ctx.newPage();
    errors = trackErrors(page);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
  });

  it('is in the side menu for staff and names the gym zone', async () => {
    await page.goto(server.url + '/admin/dashboard');
    await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Planning' }).click();
    await page.waitForURL('**/admin/planning');
    await page.getByRole('heading', { level: 1, name: 'Planning' }).waitFor();
    // The server's GYM_TIMEZONE (Asia/Bangkok by default), named in French.
    await expect(page.getByTestId('planning-zone').textContent()).resolves.toBe('heure de Krabi (UTC+7)');
  });

  it('edits the capacity of a weekly session; GET /api/sessions shows the new capacity', async () => {
    const monday = mondayAhead(server.config.timezone);
    await page.goto(server.url + '/admin/planning');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });
    await card.getByRole('button', { name: `Modifier le créneau ${COURSE} Lundi 08:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le créneau' });
    await dialog.getByText('heure de Krabi (UTC+7)', { exact: false }).waitFor();
    await dialog.getByLabel('Capacité (places)').fill('0');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    // The shared schema's message, before any request.
    await dialog.getByText('La capacité doit être d’au moins 1 place').waitFor();
    await dialog.getByLabel('Capacité (places)').fill('7');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Créneau mis à jour');
    await dialog.waitFor({ state: 'detached' });
    const row = card.getByTestId('weekly-session-row').filter({ hasText: 'Lundi 08:00' });
    await expect.poll(() => row.getByTestId('weekly-session-capacity').textContent()).toBe('7');

    const { sessions } = await sessionsOn(monday);
    expect(sessions.find((s) => s.course === COURSE && s.time === '08:00')).toMatchObject({ capacity: 7, spotsLeft: 7 });
  });

  it('shows the server’s refusal in the dialog (a second session at the same time)', async () => {
    await page.goto(server.url + '/admin/planning');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });
    await card.getByRole('button', { name: 'Ajouter un créneau' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau créneau' });
    await dialog.getByLabel('Heure de début').fill('08:00');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await dialog.getByRole('alert').getByText('Ce cours a déjà un créneau ce jour-là à cette heure').waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('cancels one session on a date (gone from GET /api/sessions), then restores it', async () => {
    const monday = mondayAhead(server.config.timezone);
    await page.goto(server.url + '/admin/planning');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });
    await card.getByRole('button', { name: `Annuler une date du créneau ${COURSE} Lundi 08:00` }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler une séance' });
    await dialog.getByLabel('Date').fill(monday);
    await dialog.getByLabel('Motif (facultatif)').fill('Compétition');
    await dialog.getByRole('button', { name: 'Annuler la séance' }).click();
    await expectToast(page, 'Séance annulée');

    const after = await sessionsOn(monday);
    expect(after.sessions.some((s) => s.course === COURSE && s.time === '08:00')).toBe(false);
    // The other sessions of that day are still there.
    expect(after.sessions.some((s) => s.time === '09:00')).toBe(true);

    await page.getByRole('tab', { name: /Annulations/ }).click();
    const row = page.getByTestId('cancellation-row').filter({ hasText: COURSE });
    await row.getByText('Compétition', { exact: false }).waitFor();
    await row.getByRole('button', { name: 'Rétablir' }).click();
    await expectToast(page, 'Séance rétablie');
    await row.waitFor({ state: 'detached' });
    const restored = await sessionsOn(monday);
    expect(restored.sessions.some((s) => s.course === COURSE && s.time === '08:00')).toBe(true);
  });

  it('adds a closure (a double click sends one request), the days have no sessions; deleting it brings them back', async () => {
    const start = addDays(mondayAhead(server.config.timezone), 1);
    await page.goto(server.url + '/admin/planning');
    await page.getByRole('tab', { name: /Fermetures/ }).click();
    await page.getByRole('button', { name: 'Ajouter une fermeture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle fermeture' });
    await dialog.getByLabel('Premier jour').fill(addDays(start, 1));
    await dialog.getByLabel('Dernier jour').fill(start);
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await dialog.getByText('La date de fin précède la date de début').waitFor();
    await dialog.getByLabel('Premier jour').fill(start);
    await dialog.getByLabel('Dernier jour').fill(addDays(start, 1));
    await dialog.getByLabel('Motif (facultatif)').fill('Songkran');
    await dialog.getByRole('button', { name: 'Ajouter' }).dblclick();
    await expectToast(page, 'Fermeture ajoutée');
    const row = page.getByTestId('closure-row').filter({ hasText: 'Songkran' });
    await row.waitFor();

    const closures = await api<ClosureDto[]>(server, 'GET', '/api/timetable/closures', undefined, tokens.staff);
    expect(closures.filter((c) => c.reason === 'Songkran')).toHaveLength(1);
    expect((await sessionsOn(start, 2)).sessions).toEqual([]);

    await row.getByRole('button', { name: /^Supprimer la fermeture/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expectToast(page, 'Fermeture supprimée');
    await row.waitFor({ state: 'detached' });
    expect((await sessionsOn(start, 2)).sessions.length).toBeGreaterThan(0);
  });

  it('adds a class, then deactivates it', async () => {
    await page.goto(server.url + '/admin/planning');
    await page.getByRole('button', { name: 'Nouveau cours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau cours' });
    await dialog.getByLabel('Nom').fill('Kids Muay Thai');
    await dialog.getByLabel('Description', { exact: true }).fill('For 6 to 12 year olds');
    await dialog.getByLabel('Durée (minutes)').fill('45');
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await expectToast(page, 'Cours créé');
    const card = page.getByTestId('class-card').filter({ has: page.getByRole('heading', { name: 'Kids Muay Thai', exact: true }) });
    await card.getByText('45 min').waitFor();
    await card.getByRole('button', { name: 'Désactiver le cours Kids Muay Thai' }).click();
    await expectToast(page, 'Cours désactivé');
    await card.getByText('Inactif', { exact: true }).waitFor();
  });
});
