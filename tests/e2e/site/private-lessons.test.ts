import { beforeAll, describe, expect, it } from 'vitest';
import type { TrainerDto } from '../../../src/shared/api-types/trainers';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import type { Language } from '../../../src/shared/i18n/languages';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { hashToken, newToken } from '../../../src/server/auth/tokens';
import { api } from '../helpers/accounts';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { prefixOf, sideways } from './pass-journey';
import { gotoReady } from './site-helpers';

// Issue 37 point 7: the private-lesson journey at 375 px in two languages. The trainers show on
// the landing page and /booking in the page's language; on /booking a traveller picks a trainer,
// a day and a free slot (their own time beside the gym's: the browser is in Berlin), books and
// pays at the desk; the slot is gone for the next visitor.

const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from: '08:00', to: '12:00' }));

describe('private lessons on the site', () => {
  const suite = useBrowserSuite({ accounts: true });
  let trainer: TrainerDto;
  const day = addDays(todayInZone(GYM_ZONE), 3);

  beforeAll(async () => {
    trainer = await api<TrainerDto>(
      suite.server,
      'POST',
      '/api/trainers',
      {
        name: 'Kru Somchai',
        disciplines: ['Muay Thai'],
        languages: ['Thai', 'English'],
        bio: { en: 'Two hundred stadium fights.', de: 'Zweihundert Stadionkämpfe.', th: 'ขึ้นชกบนเวทีมาตรฐานสองร้อยครั้ง' },
      },
      suite.tokens.admin,
    );
    await api(suite.server, 'PUT', `/api/trainers/${trainer.id}/availability`, { windows: ALL_WEEK, exceptions: [] }, suite.tokens.admin);
  });

  for (const [language, time] of [
    ['de', '08:00'],
    ['th', '10:00'],
  ] as [Language, string][]) {
    it(`${language}: shows the trainer and books a free slot at 375 px`, async () => {
      const words = CATALOGUES[language];
      const { page, errors, close } = await suite.page({ width: 375, timeZone: 'Europe/Berlin' });
      await gotoReady(page, suite.url(`${prefixOf(language)}/`));
      const card = page.locator('[data-testid="trainers"] li').first();
      await expect(card.locator('h3').textContent()).resolves.toBe('Kru Somchai');
      await expect(card.textContent()).resolves.toContain(language === 'de' ? 'Zweihundert Stadionkämpfe.' : 'ขึ้นชกบนเวทีมาตรฐานสองร้อยครั้ง');
      expect(await sideways(page)).toBeLessThanOrEqual(0);

      await gotoReady(page, suite.url(`${prefixOf(language)}/booking?what=private&step=when`));
      const section = page.locator('#private-lessons');
      await expect(section.locator('h2').textContent()).resolves.toBe(words['lesson.title']);
      await section.scrollIntoViewIfNeeded();
      // First use wakes the island (a finger or the keyboard on it).
      await page.locator('[data-testid="lesson-trainer"]').focus();
      await page.locator('[data-island="lesson-booking"][data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
      await page.locator('[data-testid="lesson-trainer"]').selectOption(String(trainer.id));
      await page.locator('[data-testid="lesson-date"]').fill(day);
      const slots = page.locator('[data-testid="lesson-slots"] button');
      await slots.first().waitFor();
      // Gym time first, Berlin's beside it (six hours behind in winter, five in summer).
      const slot = page.locator(`[data-testid="lesson-slots"] button[data-time="${time}"]`).first();
      await expect(slot.textContent()).resolves.toMatch(/0[2-4]:00/);
      await slot.click();
      await page.locator('[data-testid="lesson-name"]').fill(`Traveller ${language}`);
      await page.locator('[data-testid="lesson-email"]').fill(`lesson-${language}@example.com`);
      await page.locator('[data-testid="lesson-method"]').selectOption('desk');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.locator('[data-testid="lesson-book"]').click();
      const booked = page.locator('[data-testid="lesson-booked"]');
      await booked.waitFor();
      await expect(booked.textContent()).resolves.toContain('Kru Somchai');
      await expect(booked.textContent()).resolves.toContain(words['lesson.bookedMail']);
      await expect(page.locator('[data-testid="lesson-order-link"]').getAttribute('href')).resolves.toMatch(new RegExp(`/${language}/booking/order/`));
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await close();

      // The slot is gone for the next visitor.
      const left = await api<{ slots: { time: string }[] }>(suite.server, 'GET', `/api/private-lessons/slots?from=${day}&days=1&trainerId=${trainer.id}`);
      expect(left.slots.map((s) => s.time)).not.toContain(time);
    });
  }

  it('th: moves the lesson from its manage link to another free slot at 375 px', async () => {
    // The th test booked 10:00; its link is e-mailed only: one is set here.
    const [row] = await suite.server.app.ctx.db.selectFrom('reservations').select('id').where('email', '=', 'lesson-th@example.com').execute();
    const token = newToken();
    await suite.server.app.ctx.db
      .updateTable('reservations')
      .set({ manage_token_hash: hashToken(token) })
      .where('id', '=', row.id)
      .execute();
    const { page, errors, close } = await suite.page({ width: 375 });
    await gotoReady(page, suite.url(`/th/booking/manage/${token}`));
    const move = page.locator('[data-testid="lesson-move"]');
    await expect(move.locator('h2').textContent()).resolves.toBe(CATALOGUES.th['lesson.moveTitle']);
    await page.locator('[data-testid="lesson-move-date"]').focus();
    await page.locator('[data-island="lesson-move"][data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.locator('[data-testid="lesson-move-date"]').fill(addDays(day, 1));
    await page.locator('[data-testid="lesson-move"] button[data-time="09:00"]').click();
    await page.locator('[data-testid="lesson-moved"]').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
    const left = await api<{ slots: { time: string }[] }>(suite.server, 'GET', `/api/private-lessons/slots?from=${day}&days=1&trainerId=${trainer.id}`);
    expect(left.slots.map((s) => s.time)).toContain('10:00');
    const next = await api<{ slots: { time: string }[] }>(
      suite.server,
      'GET',
      `/api/private-lessons/slots?from=${addDays(day, 1)}&days=1&trainerId=${trainer.id}`,
    );
    expect(next.slots.map((s) => s.time)).not.toContain('09:00');
  });
});
