import { describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { PRICES } from '../../../src/shared/site';
import { gotoReady, sleep, useSite } from './site-helpers';

// The server runs with the default GYM_TIMEZONE, Asia/Bangkok (UTC+7).
const GYM_ZONE = 'Asia/Bangkok';

/** The next open day after today in gym time (Sunday is closed): every class has a session then. */
function nextWeekday(): string {
  let d = addDays(todayInZone(GYM_ZONE), 1);
  while (isoWeekday(d) === 7) d = addDays(d, 1);
  return d;
}

interface Reservation {
  name: string;
  email: string | null;
  phone: string | null;
  course: string;
  dateTime: string;
  message: string | null;
}

const errorOf = (label: string) => `xpath=//label[normalize-space(.)="${label}"]/following-sibling::p[@role="alert"]`;

describe('booking page', () => {
  const site = useSite();

  it('shows the heading, the exact price table and the class catalogue of the timetable', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Book Your Class');
    const rows = await page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())));
    expect(rows).toEqual(PRICES.map((p) => [p.item, p.muayThai, p.other]));
    const headers = await page.locator('table thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Item', 'Muay Thai', 'MMA / Wrestling / BJJ / Luta Livre']);
    // The journey's first step is the price table; "A class" leads to the catalogue.
    await Promise.all([page.waitForURL(site.url('/booking?what=class&step=when')), page.locator('[data-testid="journey-choice"][data-what="class"]').click()]);
    await page.waitForSelector('html[data-hydrated="true"]');
    const { body } = await site.api<{ classes: { name: string; description: string }[] }>('/api/classes');
    const cards = await page.locator('[data-testid="class-card"]').allTextContents();
    expect(cards).toHaveLength(body.classes.length);
    body.classes.forEach((c, i) => expect(cards[i]).toContain(c.name));
    expect(cards.find((c) => c.includes('Muay Thai Beginner'))).toContain('Mon–Sat 8:00 AM');
    expect(cards.find((c) => c.includes('Muay Thai All Levels'))).toContain('Mon–Sat 2:00 PM & 3:00 PM');
    expect(cards.find((c) => c.includes('Private Training'))).toContain('By appointment');
    expect(errors).toEqual([]);
    await close();
  });

  it('fills the course from the catalogue and scrolls smoothly to the form', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/booking?what=class'));
    await page.locator('[data-testid="class-card"]', { hasText: 'Luta Livre' }).click();
    // The choice wakes the form (an island) and fills it once its code is there.
    // The island's code may come late on a busy machine: wait for the value, up to the test's own limit.
    await expect.poll(() => page.locator('#booking-form select').inputValue(), { timeout: 30_000 }).toBe('Luta Livre');
    await page.waitForFunction(() => {
      const top = document.getElementById('booking-form')!.getBoundingClientRect().top;
      return top > -5 && top < 150;
    });
    await close();
  });

  it('shows every rule of SPEC §5 on the field it names', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking?what=class'));
    const form = page.locator('#booking-form');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.locator(errorOf('Name')).textContent()).resolves.toBe('Name is required');
    await expect(form.locator(errorOf('Email')).textContent()).resolves.toBe('Either email or phone is required');
    await expect(form.locator(errorOf('Course')).textContent()).resolves.toBe('Please select a course');
    await expect(form.locator(errorOf('Preferred date and time')).textContent()).resolves.toBe('Date and time are required');

    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone / WhatsApp').fill('0812345678');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.locator(errorOf('Email')).textContent()).resolves.toBe('Invalid email');
    await expect(form.locator(errorOf('Phone / WhatsApp')).textContent()).resolves.toBe('Phone number must include country code (e.g., +33)');
    await expect(form.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');

    // The date picker starts today in gym time (the field is gym time).
    await expect(form.getByLabel('Preferred date and time').getAttribute('min')).resolves.toBe(`${todayInZone(GYM_ZONE)}T00:00`);
    await close();
  });

  it('books: "Confirming..." while pending, "Booking sent! ✅" for 5 s, form reset, back at the top', async () => {
    const { page, errors, close } = await site.open(1280);
    // The page's clock runs as usual; it is moved on over the banner's 5 s below.
    await page.clock.install();
    await gotoReady(page, site.url('/booking?what=class'));
    // Hold the request a moment so the pending state can be seen.
    await page.route('**/api/reservations', async (route) => {
      await sleep(600);
      await route.continue();
    });
    const form = page.locator('#booking-form');
    const name = `Traveller ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phone / WhatsApp').fill('+33 6 12 34 56 78');
    await form.getByLabel('Course').selectOption('MMA Training');
    const day = nextWeekday();
    await form.getByLabel('Preferred date and time').fill(`${day}T17:00`);
    await form.getByLabel('Message').fill('First time!');
    // The page's clock stops here, so the banner's 5 s are counted exactly however slow the
    // machine is; it goes on again once the banner has been seen 4 s on.
    await page.clock.pauseAt(Date.now() + 1_000);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.getByRole('button', { name: 'Confirming...' }).isDisabled()).resolves.toBe(true);

    const banner = page.getByTestId('booking-success');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toBe('Booking sent! ✅');
    // Still shown 4 s on, gone by 7 s.
    await page.clock.runFor(4_000);
    await expect(banner.count()).resolves.toBe(1);
    await page.clock.resume();
    await page.waitForFunction(() => window.scrollY < 5);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Course').inputValue()).resolves.toBe('');
    await page.clock.runFor(3_000);
    await banner.waitFor({ state: 'detached', timeout: 1_000 });

    // What the server stored: empty e-mail sent as null, the date as the instant of the gym time.
    const token = await site.adminToken();
    const list = await site.api<Reservation[]>('/api/reservations', { token });
    const saved = list.body.find((r) => r.name === name);
    expect(saved).toMatchObject({ email: null, phone: '+33 6 12 34 56 78', course: 'MMA Training', message: 'First time!' });
    // 17:00 gym time (UTC+7), a session of the timetable.
    expect(saved!.dateTime).toBe(`${day}T10:00:00.000Z`);
    expect(errors).toEqual([]);
    await close();
  });

  it('only logs a failed booking, showing nothing', async () => {
    const { page, close } = await site.open(1280);
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await gotoReady(page, site.url('/booking?what=class'));
    await page.route('**/api/reservations', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }),
    );
    const form = page.locator('#booking-form');
    await form.getByLabel('Name').fill('Someone');
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Course').selectOption('Wrestling');
    await form.getByLabel('Preferred date and time').fill(`${nextWeekday()}T10:00`);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForFunction(() => !document.querySelector('#booking-form button[type=submit]')?.hasAttribute('disabled'));
    await sleep(300);
    expect(logged.some((t) => t.includes('Failed to create reservation'))).toBe(true);
    await expect(page.getByTestId('booking-success').count()).resolves.toBe(0);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Someone');
    await close();
  });
});
