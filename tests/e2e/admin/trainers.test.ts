import { afterAll, describe, expect, it } from 'vitest';
import type { TrainerDto } from '../../../src/shared/api-types/trainers';
import { addDays, todayInZone, zonedToInstant } from '../../../src/shared/gym-time';
import { GYM_ZONE, useBrowserSuite, VIEWPORTS } from '../helpers/fixture';
import { api, expectToast, loginToken, readDownload, signedInContext, trackErrors } from './admin-helpers';

// Issue 37 in the back office: the admin creates a trainer and sets their hours ("Entraîneurs");
// a lesson booked on the site shows on the desk's "Cours privés", where staff cancel it; the
// trainer signs in and sees only "Mon planning" with their lesson and their calendar address;
// the month's pay comes out as CSV.

describe('back office: trainers and private lessons', () => {
  const { server, browser, tokens } = useBrowserSuite({ accounts: true });
  const errors: string[] = [];
  const day = addDays(todayInZone(GYM_ZONE), 2);
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('the admin creates a trainer with weekly hours, tied to a trainer account', async () => {
    await api(
      server,
      'POST',
      '/api/auth/register',
      { email: 'somchai@example.com', name: 'Somchai', password: 'trainer-password-1', role: 'trainer', isActive: true },
      tokens.admin,
    );
    const ctx = await signedInContext(browser, tokens.admin, VIEWPORTS.desktop);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    await page.goto(server.url + '/admin/trainers');
    await page.getByText('Aucun entraîneur').first().waitFor();
    await page.getByRole('button', { name: 'Nouvel entraîneur' }).first().click();
    await page.getByLabel('Nom').fill('Kru Somchai');
    await page.getByLabel('Disciplines').fill('Muay Thai');
    await page.getByLabel('Biographie (en)').fill('Two hundred stadium fights.');
    await page.getByLabel('Pourcentage (%)').fill('50');
    const users = await api<{ id: number; email: string }[]>(server, 'GET', '/api/users', undefined, tokens.admin);
    await page.getByLabel('Compte de l’entraîneur (n°)').fill(String(users.find((u) => u.email === 'somchai@example.com')!.id));
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Entraîneur enregistré');
    await page.getByRole('button', { name: 'Modifier Kru Somchai' }).click();
    await page.getByRole('button', { name: 'Plage hebdomadaire' }).click();
    await page.getByLabel('Jour', { exact: true }).selectOption(String(((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1));
    await page.getByLabel('De').first().fill('08:00');
    await page.getByLabel('À').first().fill('12:00');
    await page.getByRole('button', { name: 'Enregistrer les disponibilités' }).click();
    await expectToast(page, 'Disponibilités enregistrées');
    const [trainer] = (await api<{ trainers: TrainerDto[] }>(server, 'GET', '/api/trainers/all', undefined, tokens.admin)).trainers;
    expect(trainer).toMatchObject({ name: 'Kru Somchai', share: { mode: 'percent', value: 50 }, availability: { windows: [{ from: '08:00', to: '12:00' }] } });
    expect(trainer.calendarFeedUrl).toMatch(/\.ics$/);
    await ctx.close();
  });

  it('the desk sees a lesson booked on the site; the trainer sees it in Mon planning; staff cancel it', async () => {
    const [trainer] = (await api<{ trainers: TrainerDto[] }>(server, 'GET', '/api/trainers/all', undefined, tokens.admin)).trainers;
    await api(server, 'POST', '/api/private-lessons', {
      trainerId: trainer.id,
      startsAt: zonedToInstant(day, '09:00', GYM_ZONE).toISOString(),
      minutes: 60,
      discipline: 'Muay Thai',
      name: 'Lena Traveller',
      email: 'lena@example.com',
      language: 'de',
      guests: 1,
      method: 'desk',
    });

    // The trainer: only their schedule and account.
    const trainerToken = await loginToken(server, 'somchai@example.com', 'trainer-password-1');
    const mine = await signedInContext(browser, trainerToken, VIEWPORTS.phone);
    const tp = await mine.newPage();
    trackErrors(tp).forEach((e) => errors.push(e));
    await tp.goto(server.url + '/admin/dashboard');
    await tp.waitForURL('**/admin/mon-planning');
    await tp.getByTestId('schedule-lesson').filter({ hasText: 'Lena Traveller' }).waitFor();
    await expect(tp.getByTestId('calendar-feed-url').textContent()).resolves.toBe(trainer.calendarFeedUrl);
    await tp.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = tp.getByRole('navigation', { name: "Menu d'administration" });
    // The drawer is its own chunk, loaded at the first tap.
    await menu.getByRole('link').first().waitFor();
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(['Mon planning', 'Mon compte']);
    await mine.close();

    // The desk.
    const desk = await signedInContext(browser, tokens.staff, VIEWPORTS.desktop);
    const page = await desk.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    // The desk's day shows every trainer's day under its sessions, the lesson with its actions.
    await page.goto(`${server.url}/admin/reservations?vue=jour&date=${day}`);
    const onDesk = page.getByRole('region', { name: 'Cours privés du jour' });
    await onDesk.getByTestId('desk-lesson').filter({ hasText: 'Lena Traveller' }).waitFor();
    await expect(onDesk.getByTestId('desk-trainer').first().locator('h3').textContent()).resolves.toContain('Kru Somchai');
    await expect(onDesk.getByRole('button', { name: 'Annuler le cours' }).count()).resolves.toBe(1);
    await page.goto(server.url + '/admin/cours-prives');
    await page.getByLabel('Jour', { exact: true }).fill(day);
    const lesson = page.getByTestId('desk-lesson').filter({ hasText: 'Lena Traveller' });
    await lesson.waitFor();
    await lesson.getByRole('button', { name: 'Annuler le cours' }).click();
    await expectToast(page, 'Cours annulé (e-mail envoyé)');
    await expect(page.getByTestId('desk-lesson').count()).resolves.toBe(0);
    await desk.close();
  });

  it('the admin downloads the month’s pay as CSV', async () => {
    const ctx = await signedInContext(browser, tokens.admin, VIEWPORTS.desktop);
    const page = await ctx.newPage();
    trackErrors(page).forEach((e) => errors.push(e));
    await page.goto(server.url + '/admin/trainers');
    await page.getByTestId('trainer-report').waitFor();
    const file = await readDownload(page, () => page.getByRole('button', { name: 'CSV' }).click());
    expect(file.name).toMatch(/^entraineurs-\d{4}-\d{2}\.csv$/);
    expect(file.text).toContain('"Entraîneur";"Cours donnés";"Absents";"Annulés";"Chiffre (THB)";"Part";"À payer (THB)"');
    expect(file.text).toContain('"Kru Somchai";"0";"0";');
    await ctx.close();
  });
});
