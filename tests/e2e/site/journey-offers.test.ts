import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OffersDto } from '../../../src/shared/api-types/offers';
import type { ClassesAnswer } from '../../../src/shared/schemas/timetable';
import { addDays, todayInZone } from '../../../src/shared/gym-time';
import { LANGUAGES } from '../../../src/shared/i18n/languages';
import { CATALOGUES } from '../../../src/shared/i18n/locales';
import { api } from '../helpers/accounts';
import { GYM_ZONE, useBrowserSuite } from '../helpers/fixture';
import { letterAndProgramme, prefixOf, sideways, usePromptpayId } from './pass-journey';
import { gotoReady } from './site-helpers';

// Issue 46 §2: the booking journey offers only what can be bought now (GET /api/offers), says
// why when a kind is not on offer, and every choice it offers leads to a sale (or, for a private
// lesson without a trainer, a request said to be one). On an empty gym and on a configured one
// (trainers, rooms and a programme with its letter made here through the API), in the browser's
// time zone of several visitors, six languages at 375 px.

const SHOTS = process.env.E2E_SCREENSHOT_DIR;
const en = CATALOGUES.en;
const offeredKinds = (page: Page) => page.locator('[data-testid="journey-choice"]').evaluateAll((as) => as.map((a) => a.getAttribute('data-what')));
const offKinds = (page: Page) => page.locator('[data-testid="journey-choice-off"]').evaluateAll((as) => as.map((a) => a.getAttribute('data-what')));
const offText = (page: Page, what: string) => page.locator(`[data-testid="journey-choice-off"][data-what="${what}"]`).textContent();
const title = (page: Page) => page.getByTestId('journey-title').textContent();
const intro = (page: Page) => page.getByTestId('journey-intro').textContent();
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Buys a pass from the shop (already open), the way to pay as the page chose it; lands on the order page. */
async function buyWithPreselectedMethod(page: Page, passId: string) {
  await page.locator(`[data-testid="pass-option"][data-pass-id="${passId}"]`).click();
  await expect.poll(() => page.locator('#pass-form input[type="date"]').inputValue()).toBe(todayInZone(GYM_ZONE));
  await page.locator('#pass-form input[autocomplete="name"]').fill('Mia Example');
  await page.locator('#pass-form input[type="email"]').fill('mia-46@example.com');
  await page.locator('[data-testid="pass-buy"]').click();
  await page.waitForURL(/\/booking\/order\/[A-Za-z0-9_-]+$/);
}

describe('the journey on an empty gym (SEED_DEMO=false)', () => {
  const suite = useBrowserSuite({ seedDemo: false, accounts: true });

  it('offers a class, a pass and a private lesson as a request; no programme and no stay, each with why, in six languages', async () => {
    const offers = await api<OffersDto>(suite.server, 'GET', '/api/offers');
    expect(offers).toMatchObject({ programme: { available: false, reason: 'none' }, stay: { available: false, reason: 'none' } });
    const { page, errors, close } = await suite.page({ width: 375 });
    for (const language of LANGUAGES) {
      const words = CATALOGUES[language];
      await gotoReady(page, suite.url(`${prefixOf(language)}/booking`));
      await expect(offeredKinds(page)).resolves.toEqual(['class', 'pass', 'private']);
      await expect(offKinds(page)).resolves.toEqual(['programme', 'stay']);
      await expect(offText(page, 'programme')).resolves.toContain(words['journey.off.programme']);
      await expect(offText(page, 'stay')).resolves.toContain(words['journey.off.stay']);
      await expect(offText(page, 'stay')).resolves.toContain(words['journey.unavailable']);
      // No trainer: the private lesson is a request, and says so.
      await expect(page.locator('[data-testid="journey-choice"][data-what="private"]').textContent()).resolves.toContain(
        words['journey.what.privateRequestText'],
      );
      await expect(title(page)).resolves.toBe(words['booking.title']);
      await expect(intro(page)).resolves.toContain(words['journey.intro.what']);
      await expect(sideways(page)).resolves.toBeLessThanOrEqual(0);
      if (language === 'en') await shot(page, 'offers-empty-1-what-375');

      // A kind not on offer, reached by its address, says why and leads back to what is.
      for (const what of ['programme', 'stay'] as const) {
        await gotoReady(page, suite.url(`${prefixOf(language)}/booking?what=${what}&step=when`));
        await expect(page.getByTestId('journey-not-offered').textContent()).resolves.toContain(words[`journey.off.${what}`]);
        await expect(page.locator('[data-island]').evaluateAll((els) => els.map((e) => e.getAttribute('data-island')))).resolves.not.toContain(
          what === 'stay' ? 'stay-journey' : 'passes-shop',
        );
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, suite.url('/booking'));
    await shot(page, 'offers-empty-1-what-1280');
    expect(errors).toEqual([]);
    await close();
  });

  it('a pass: the desk alone is named and chosen for the buyer, and the first press buys', async () => {
    const { page, errors, close } = await suite.page({ width: 375, timeZone: 'America/New_York' });
    await gotoReady(page, suite.url('/booking?what=pass&step=when'));
    await expect(title(page)).resolves.toBe(en['journey.title.pass']);
    await expect(page.getByTestId('pay-ways').textContent()).resolves.toBe(en['passes.payWays.desk']);
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/PromptPay|card/i);
    const methods = page.locator('[data-testid="pay-method"]');
    await expect(methods.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-method')))).resolves.toEqual(['desk']);
    await expect(page.locator('[data-testid="journey-steps"] [data-step="pay"]').textContent()).resolves.toContain(en['journey.step.payOnly']);
    await shot(page, 'offers-empty-2-pass-375');
    await buyWithPreselectedMethod(page, 'week-single.muay-thai');
    expect(errors).toEqual([]);
    await close();
  });

  it('a class: booked, the step bar moves on to its last step; "pay at the gym" is said here only', async () => {
    const { page, errors, close } = await suite.page({ width: 375, timeZone: 'Europe/Berlin' });
    await gotoReady(page, suite.url('/booking?what=class&step=when'));
    await expect(intro(page)).resolves.toContain(en['booking.intro']);
    const steps = page.getByTestId('journey-steps');
    await expect(steps.locator('[aria-current="step"]').getAttribute('data-step')).resolves.toBe('when');
    await expect(steps.locator('[data-step="pay"]').textContent()).resolves.toContain(en['journey.step.confirm']);
    // A session from tomorrow on (gym date), typed as the form takes it: gym time.
    const { sessions } = await api<{ sessions: { course: string; date: string; time: string; full: boolean }[] }>(suite.server, 'GET', '/api/sessions?days=14');
    const session = sessions.find((x) => !x.full && x.date > todayInZone(GYM_ZONE))!;
    const form = page.locator('#booking-form');
    await form.locator('select').selectOption(session.course);
    await form.locator('input[type="datetime-local"]').fill(`${session.date}T${session.time}`);
    await form.locator('input[autocomplete="name"]').fill('Noah Example');
    await form.locator('input[type="email"]').fill('noah-46@example.com');
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('booking-success').waitFor();
    await expect(page.getByTestId('booking-success').textContent()).resolves.toBe(en['booking.sent']);
    await expect(steps.locator('[aria-current="step"]').getAttribute('data-step')).resolves.toBe('pay');
    await expect(steps.getAttribute('data-done')).resolves.toBe('');
    // The step bar's last box turned to the current colour (the CSS of data-done is in the page).
    const colour = await steps.locator('[data-step="pay"] > span').evaluate((el) => getComputedStyle(el).borderTopColor);
    const when = await steps.locator('[data-step="when"] > span').evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(colour).not.toBe(when);
    // Other choices never promise paying at the gym.
    for (const what of ['pass', 'private']) {
      await gotoReady(page, suite.url(`/booking?what=${what}&step=when`));
      await expect(page.locator('header').first().textContent()).resolves.not.toContain('pay at the gym');
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('a private lesson without a trainer: a request of the class by appointment only, sent as a request', async () => {
    const { page, errors, close } = await suite.page({ width: 375, timeZone: 'UTC' });
    await gotoReady(page, suite.url('/booking?what=private&step=when'));
    await expect(title(page)).resolves.toBe(en['journey.title.privateRequest']);
    await expect(intro(page)).resolves.toContain(en['journey.intro.privateRequest']);
    await expect(page.locator('[data-testid="journey-steps"] [data-step="pay"]').textContent()).resolves.toContain(en['journey.step.send']);
    const form = page.locator('#booking-form');
    // Only the class by appointment, never the group classes.
    await expect(form.locator('select option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))).resolves.toEqual([
      'Private Training',
    ]);
    await expect(form.locator('h2').textContent()).resolves.toBe(en['bookingForm.requestTitle']);
    await form.locator('input[autocomplete="name"]').fill('Ava Example');
    await form.locator('input[type="email"]').fill('ava-46@example.com');
    await form.locator('input[type="datetime-local"]').fill(`${addDays(todayInZone(GYM_ZONE), 3)}T10:00`);
    await expect(form.locator('button[type="submit"]').textContent()).resolves.toContain(en['bookingForm.sendRequest']);
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('booking-success').waitFor();
    await expect(page.getByTestId('booking-success').textContent()).resolves.toBe(en['booking.requestSent']);
    await shot(page, 'offers-empty-3-private-request-375');
    expect(errors).toEqual([]);
    await close();
  });

  it("the landing page's numbers and days come from the timetable", async () => {
    const classes = await api<ClassesAnswer>(suite.server, 'GET', '/api/classes');
    const perDay = [1, 2, 3, 4, 5, 6, 7].map((d) => classes.classes.flatMap((c) => c.schedule).filter((s) => s.weekdays.includes(d)).length);
    const count = Math.max(...perDay);
    const { page, errors, close } = await suite.page({ width: 1280 });
    await gotoReady(page, suite.url('/'));
    const text = await page.getByTestId('classes-intro').textContent();
    expect(text).toContain(`${count} sessions a day`);
    expect(text).not.toContain('Eight');
    // The gym is closed on Sundays: no class is "Daily".
    await expect(page.getByTestId('landing-classes').textContent()).resolves.toContain('Mon–Sat 8:00 AM');
    await expect(page.getByTestId('landing-classes').textContent()).resolves.not.toContain('Daily');
    expect(errors).toEqual([]);
    await close();
  });
});

const BUNGALOW = {
  name: 'Demo garden bungalow',
  description: 'A wooden bungalow in the garden.',
  translations: {},
  beds: '1 double bed',
  maxGuests: 2,
  rooms: 2,
  nightlyPriceSatang: 120_000,
  photos: ['/og-image.png'],
};

describe('the journey on a configured gym (trainers, rooms, a programme with its letter)', () => {
  const suite = useBrowserSuite({ seedDemo: false, accounts: true });

  beforeAll(async () => {
    await usePromptpayId(suite);
    await letterAndProgramme(suite, true);
    await api(suite.server, 'POST', '/api/stays/room-types', BUNGALOW, suite.tokens.admin);
    const coach = await api<{ id: number }>(suite.server, 'POST', '/api/trainers', { name: 'Demo Coach', disciplines: ['muay-thai'] }, suite.tokens.admin);
    const week = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '08:00', to: '18:00' }));
    await api(suite.server, 'PUT', `/api/trainers/${coach.id}/availability`, { windows: week, exceptions: [] }, suite.tokens.admin);
  });

  it('offers all five, each leading to its sale, headed for the choice in six languages', async () => {
    const { page, errors, close } = await suite.page({ width: 375, timeZone: 'America/New_York' });
    for (const language of LANGUAGES) {
      const words = CATALOGUES[language];
      const prefix = prefixOf(language);
      await gotoReady(page, suite.url(`${prefix}/booking`));
      await expect(offeredKinds(page)).resolves.toEqual(['class', 'pass', 'programme', 'stay', 'private']);
      await expect(offKinds(page)).resolves.toEqual([]);
      if (language === 'en') await shot(page, 'offers-configured-1-what-375');
      const kinds = [
        ['pass', 'journey.title.pass', '[data-testid="pass-option"]'],
        ['programme', 'journey.title.programme', '[data-testid="pass-option"][data-pass-id$=".programme"]'],
        ['stay', 'journey.title.stay', '[data-testid="stay-dates"]'],
        ['private', 'journey.title.private', '[data-island="lesson-booking"]'],
      ] as const;
      for (const [what, key, sale] of kinds) {
        await gotoReady(page, suite.url(`${prefix}/booking?what=${what}&step=when`));
        await expect(title(page), `${language} ${what}`).resolves.toBe(words[key]);
        await expect(page.locator(sale).count(), `${language} ${what}`).resolves.toBeGreaterThan(0);
        await expect(sideways(page), `${language} ${what}`).resolves.toBeLessThanOrEqual(0);
      }
      // With a trainer the lesson is booked with them: no request form.
      await expect(page.locator('#booking-form').count()).resolves.toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoReady(page, suite.url('/booking'));
    await shot(page, 'offers-configured-1-what-1280');
    expect(errors).toEqual([]);
    await close();
  });

  it('a pass: PromptPay and the desk named, neither chosen for the buyer', async () => {
    const { page, errors, close } = await suite.page({ width: 375 });
    await gotoReady(page, suite.url('/booking?what=pass&step=when'));
    await expect(page.getByTestId('pay-ways').textContent()).resolves.toBe(en['passes.payWays.promptpay']);
    await expect(
      page
        .locator('[data-testid="pay-method"]')
        .evaluateAll((ls) => ls.map((l) => [l.getAttribute('data-method'), (l.querySelector('input') as HTMLInputElement).checked])),
    ).resolves.toEqual([
      ['promptpay', false],
      ['desk', false],
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it('a programme whose letter can no longer be issued is withdrawn, and the page says why', async () => {
    await letterAndProgramme(suite, false);
    const { page, errors, close } = await suite.page({ width: 375 });
    await gotoReady(page, suite.url('/booking'));
    await expect(offKinds(page)).resolves.toEqual(['programme']);
    await expect(offText(page, 'programme')).resolves.toContain(en['journey.off.programmeLetter']);
    await gotoReady(page, suite.url('/booking?what=programme&step=when'));
    await expect(page.getByTestId('journey-not-offered').textContent()).resolves.toContain(en['journey.off.programmeLetter']);
    await expect(page.locator('[data-testid="pass-option"]').count()).resolves.toBe(0);
    await letterAndProgramme(suite, true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the journey on the demo (SEED_DEMO=true, as npm start shows it)', () => {
  const suite = useBrowserSuite({ seedDemo: 'full' });

  it('offers all five, each leading to its sale, at 375 px', async () => {
    const offers = await api<OffersDto>(suite.server, 'GET', '/api/offers');
    const { waiver, ...kinds } = offers;
    expect(Object.entries(kinds).filter(([, o]) => !o.available)).toEqual([]);
    // The demo's traveller signed the demo's waiver: the gym asks one.
    expect(waiver).toBe(true);
    const { page, errors, close } = await suite.page({ width: 375, timeZone: 'Europe/Berlin' });
    await gotoReady(page, suite.url('/booking'));
    await expect(offeredKinds(page)).resolves.toEqual(['class', 'pass', 'programme', 'stay', 'private']);
    await expect(offKinds(page)).resolves.toEqual([]);
    const sales = [
      ['pass', '[data-testid="pass-option"]'],
      ['programme', '[data-testid="pass-option"][data-pass-id$=".programme"]'],
      ['stay', '[data-testid="stay-dates"]'],
      ['private', '[data-island="lesson-booking"]'],
    ] as const;
    for (const [what, sale] of sales) {
      await gotoReady(page, suite.url(`/booking?what=${what}&step=when`));
      await expect(title(page), what).resolves.toBe(en[`journey.title.${what}`]);
      await expect(page.locator(sale).count(), what).resolves.toBeGreaterThan(0);
      await expect(sideways(page), what).resolves.toBeLessThanOrEqual(0);
    }
    // The demo's trainers have weekly hours: a lesson is booked with one of them, not requested.
    await expect(page.locator('#booking-form').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
