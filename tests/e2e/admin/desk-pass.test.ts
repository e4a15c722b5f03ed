import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDayDto } from '../../../src/shared/api-types';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { createTestOrder, type TestOrder } from '../../helpers/pass-orders';
import { useBrowserSuite, WIDTHS } from '../helpers/fixture';
import { api, expectToast } from './admin-helpers';

const COURSE = 'Muay Thai Beginner';

// The desk's walk-in form picks a customer's pass (issue 21 §6), at a phone's and a desktop's
// width: typing the customer's name lists their paid passes with the credits left; a pass that
// does not cover the class is shown, not selectable, with the reason in French; a pass spent
// meanwhile is refused in French and nothing is booked; the picked pass pays for the seat and
// its credit is taken (read back from the desk's day).
describe('back office: a walk-in spends a pass at the desk', () => {
  const suite = useBrowserSuite({ accounts: true });
  const { server, tokens } = suite;
  const errors: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  let monday: string;

  beforeAll(() => {
    const today = todayInZone(server.config.timezone);
    monday = addDays(today, 7 + ((8 - isoWeekday(today)) % 7));
  });
  afterAll(async () => {
    for (const close of closers) await close();
    expect(errors).toEqual([]);
  });

  const day = () => api<DeskDayDto>(server, 'GET', `/api/desk/day?date=${monday}`, undefined, tokens.staff);
  const session = async () => (await day()).sessions.find((s) => s.course === COURSE && s.time === '08:00')!;

  for (const { name: screen, viewport } of WIDTHS) {
    it(`at ${viewport.width} px (${screen}): the form lists the customer's passes, refuses in French, and books with the picked one`, async () => {
      const who = { name: `Pia Picker ${viewport.width}`, email: `pia-${viewport.width}@example.com` };
      const db = server.app.ctx.db;
      const week: TestOrder = await createTestOrder(db, { kind: 'days-single', days: 7, credits: 3, startDate: monday, endDate: addDays(monday, 6), ...who });
      const once = await createTestOrder(db, { kind: 'single', days: 1, credits: 1, startDate: monday, endDate: monday, ...who });
      await createTestOrder(db, { kind: 'days-single', covers: 'mma', days: 7, credits: 3, startDate: monday, endDate: addDays(monday, 6), ...who });

      const { page, errors: pageErrors, close } = await suite.page({ as: 'staff', viewport });
      closers.push(async () => {
        errors.push(...pageErrors);
        await close();
      });
      await page.goto(`${server.url}/admin/reservations?vue=jour&date=${monday}`);
      const card = page.getByTestId('desk-session').filter({ has: page.getByRole('heading', { name: COURSE, exact: true }) });
      await card.getByRole('button', { name: `Ajouter une réservation, ${COURSE} 08:00` }).click();
      const dialog = page.getByRole('dialog', { name: 'Ajouter une réservation' });
      const picker = dialog.getByTestId('desk-pass-picker');
      await picker.getByText('Tapez le nom ou l’e-mail du client pour voir ses pass.').waitFor();

      await dialog.getByLabel('Nom').fill(who.name);
      const weekChoice = picker.getByRole('radio', { name: /^Test days-single muay-thai — 3 crédits restants/ });
      const onceChoice = picker.getByRole('radio', { name: /^Test single muay-thai — 1 crédit restant/ });
      const mmaChoice = picker.getByRole('radio', { name: /^Test days-single mma — 3 crédits restants/ });
      await weekChoice.waitFor();
      await expect(weekChoice.isEnabled()).resolves.toBe(true);
      await expect(onceChoice.isEnabled()).resolves.toBe(true);
      await expect(mmaChoice.isDisabled()).resolves.toBe(true);
      await picker.getByTestId('desk-pass-option').filter({ hasText: 'Test days-single mma' }).getByText('Ce pass ne couvre pas ce cours').waitFor();
      await expect(picker.getByRole('radio', { name: 'Sans pass' }).isChecked()).resolves.toBe(true);
      // The form fits the window: nothing scrolls sideways.
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);

      // The one-session pass is spent elsewhere while the form is open: the booking is refused in French.
      await onceChoice.check();
      const s = await session();
      await api(server, 'POST', '/api/desk/bookings', { sessionId: s.id, name: who.name, source: 'whatsapp', orderId: once.id }, tokens.staff);
      const takenBefore = (await session()).taken;
      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      await dialog.getByRole('alert').getByText('Plus aucun crédit sur ce pass : rien n’a été réservé').waitFor();
      expect((await session()).taken).toBe(takenBefore);

      // The week pass pays for the seat and loses a credit.
      await weekChoice.check();
      await dialog.getByRole('button', { name: 'Ajouter' }).click();
      await expectToast(page, 'Réservation ajoutée');
      await dialog.waitFor({ state: 'hidden' });
      const after = await session();
      expect(after.taken).toBe(takenBefore + 1);
      const mine = after.roster.filter((r) => r.name === who.name);
      expect(mine.map((r) => r.pass?.orderId).sort()).toEqual([week.id, once.id].sort());
      expect(mine.find((r) => r.pass?.orderId === week.id)!.pass).toMatchObject({ creditsLeft: 2, returned: false });

      // Opened again by e-mail: the week pass shows 2 credits and why it cannot pay twice that day.
      await card.getByRole('button', { name: `Ajouter une réservation, ${COURSE} 08:00` }).click();
      await dialog.getByLabel('E-mail (facultatif)').fill(who.email);
      const spentWeek = picker.getByRole('radio', { name: /^Test days-single muay-thai — 2 crédits restants/ });
      await spentWeek.waitFor();
      await expect(spentWeek.isDisabled()).resolves.toBe(true);
      await picker
        .getByTestId('desk-pass-option')
        .filter({ hasText: 'Test days-single muay-thai — 2 crédits restants' })
        .getByText('Ce pass a déjà servi pour un cours ce jour-là')
        .waitFor();
    });
  }
});
