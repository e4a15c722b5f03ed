import { describe, expect, it } from 'vitest';
import { CLASSES, PRICES } from '../../../src/shared/site';
import { gotoReady, sleep, useSite } from './site-helpers';

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

  it('shows the heading, the exact price table and the class catalogue', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Book Your Class');
    const rows = await page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim())));
    expect(rows).toEqual(PRICES.map((p) => [p.item, p.muayThai, p.other]));
    const headers = await page.locator('table thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Item', 'Muay Thai', 'MMA / Wrestling / BJJ / Luta Livre']);
    await expect(page.locator('[data-testid="class-card"]').count()).resolves.toBe(CLASSES.length);
    expect(errors).toEqual([]);
    await close();
  });

  it('fills the course from the catalogue and scrolls smoothly to the form', async () => {
    const { page, close } = await site.open(375);
    await gotoReady(page, site.url('/booking'));
    await page.locator('[data-testid="class-card"]', { hasText: 'Luta Livre' }).click();
    await expect(page.locator('#booking-form select').inputValue()).resolves.toBe('Luta Livre');
    await page.waitForFunction(() => {
      const top = document.getElementById('booking-form')!.getBoundingClientRect().top;
      return top > -5 && top < 150;
    });
    await close();
  });

  it('shows every rule of SPEC §5 on the field it names', async () => {
    const { page, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
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

    // The date picker starts today (the visitor's local day).
    const today = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
    });
    await expect(form.getByLabel('Preferred date and time').getAttribute('min')).resolves.toBe(`${today}T00:00`);
    await close();
  });

  it('books: "Confirming..." while pending, "Booking sent! ✅" for 5 s, form reset, back at the top', async () => {
    const { page, errors, close } = await site.open(1280);
    await gotoReady(page, site.url('/booking'));
    // Hold the request a moment so the pending state can be seen.
    await page.route('**/api/reservations', async (route) => {
      await sleep(600);
      await route.continue();
    });
    const form = page.locator('#booking-form');
    const name = `Traveller ${Date.now()}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phone / WhatsApp').fill('+33 6 12 34 56 78');
    // A request by appointment: any future time is accepted, whatever the browser's zone
    // (a class of the timetable must be booked at one of its sessions).
    await form.getByLabel('Course').selectOption('Private Training');
    await form.getByLabel('Preferred date and time').fill('2031-05-04T17:00');
    await form.getByLabel('Message').fill('First time!');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(form.getByRole('button', { name: 'Confirming...' }).isDisabled()).resolves.toBe(true);

    const banner = page.getByTestId('booking-success');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toBe('Booking sent! ✅');
    const shownAt = Date.now();
    await page.waitForFunction(() => window.scrollY < 5);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Course').inputValue()).resolves.toBe('');
    await banner.waitFor({ state: 'detached', timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(7_000);

    // What the server stored: empty e-mail sent as null, the date as an ISO timestamp.
    const token = await site.adminToken();
    const list = await site.api<Reservation[]>('/api/reservations', { token });
    const saved = list.body.find((r) => r.name === name);
    expect(saved).toMatchObject({ email: null, phone: '+33 6 12 34 56 78', course: 'Private Training', message: 'First time!' });
    expect(Number.isNaN(Date.parse(saved!.dateTime))).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it('only logs a failed booking, showing nothing', async () => {
    const { page, close } = await site.open(1280);
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await gotoReady(page, site.url('/booking'));
    await page.route('**/api/reservations', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }),
    );
    const form = page.locator('#booking-form');
    await form.getByLabel('Name').fill('Someone');
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Course').selectOption('Wrestling');
    await form.getByLabel('Preferred date and time').fill('2031-05-04T10:00');
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.waitForFunction(() => !document.querySelector('#booking-form button[type=submit]')?.hasAttribute('disabled'));
    await sleep(300);
    expect(logged.some((t) => t.includes('Failed to create reservation'))).toBe(true);
    await expect(page.getByTestId('booking-success').count()).resolves.toBe(0);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Someone');
    await close();
  });
});
