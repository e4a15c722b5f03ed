import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { parseCalendar } from '../../helpers/calendar';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../helpers/smtp-peer';
import { TIME_ZONES, useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { gotoReady } from './site-helpers';

// Bookings on the real timetable, from browsers in other time zones. The gym is in
// Asia/Bangkok (UTC+7, no DST): "Muay Thai Beginner" at 08:00 gym time is 01:00Z that day,
// whatever zone the visitor's browser is in.

const GYM_ZONE = 'Asia/Bangkok';
const COURSE = 'Muay Thai Beginner';

interface Session {
  id: string;
  weeklySessionId: number;
  course: string;
  date: string;
  time: string;
  startsAt: string;
  spotsLeft: number;
  full: boolean;
}
interface Reservation {
  id: number;
  name: string;
  email: string | null;
  course: string;
  dateTime: string;
  status: string;
}

/** The next open day after today in gym time (Monday to Saturday: Sunday is closed). */
function nextWeekday(): string {
  let d = addDays(todayInZone(GYM_ZONE), 1);
  while (isoWeekday(d) === 7) d = addDays(d, 1);
  return d;
}

describe('booking real sessions in gym time', () => {
  let peer: SmtpPeer;
  // The SMTP peer first: the server is started with its address.
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });
  const suite = useBrowserSuite({ server: () => ({ smtpUrl: peer.url, mailPollMs: 100, mailRetryBaseMs: 100 }) });
  const { server } = suite;
  let token: string;
  const date = nextWeekday();
  const instant = `${date}T01:00:00.000Z`;

  const api = async <T>(p: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const res = await fetch(server.url + p, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.auth ? { authorization: `Bearer ${token}` } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const sessions = async () => (await api<{ sessions: Session[] }>('/api/sessions?days=14')).body.sessions;
  const reservationsNamed = async (name: string) => (await api<Reservation[]>('/api/reservations', { auth: true })).body.filter((r) => r.name === name);

  beforeAll(async () => {
    const login = await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    token = login.body.token;
  });

  /** A page at the width, in a browser whose clock is in the given zone. */
  const open = (timeZone: string, width = 1280) => suite.page({ timeZone, width });

  async function fillContact(page: Page, name: string, email: string) {
    const form = page.locator('#booking-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
  }

  async function chooseSession(page: Page, course: string, day: string, time: string) {
    const dayButton = page.locator(`[data-testid="session-list"] button[data-date="${day}"]`);
    await dayButton.click();
    // The day shows once the picker has woken: before, the first day's cards (today's 08:00 among
    // them, early in the gym's morning) are still the ones on screen.
    await expect.poll(() => dayButton.getAttribute('aria-pressed')).toBe('true');
    const card = page.locator('[data-testid="session"]', { hasText: course }).filter({ hasText: time });
    await card.first().click();
  }

  const mailTo = (address: string) => peer.messages.find((m) => m.to.includes(address));

  for (const timezoneId of TIME_ZONES) {
    it(`from a browser in ${timezoneId}: choosing the 08:00 session books 01:00Z`, async () => {
      const { page, errors, close } = await open(timezoneId);
      await gotoReady(page, server.url + '/booking?what=class');
      await expect(page.getByTestId('zone-note').textContent()).resolves.toBe('All times are Krabi time (UTC+7)');

      await chooseSession(page, COURSE, date, '8:00 AM');
      const form = page.locator('#booking-form');
      // The choice wakes the form (an island) and fills it once its code is there.
      await expect.poll(() => form.getByLabel('Course').inputValue()).toBe(COURSE);
      await expect(form.getByLabel('Preferred date and time').inputValue()).resolves.toBe(`${date}T08:00`);
      // The date picker's minimum is today in gym time, not in the browser's zone.
      await expect(form.getByLabel('Preferred date and time').getAttribute('min')).resolves.toBe(`${todayInZone(GYM_ZONE)}T00:00`);
      // Scrolled to the form (SPEC: smoothly, after 100 ms).
      await page.waitForFunction(() => {
        const top = document.getElementById('booking-form')!.getBoundingClientRect().top;
        return top > -5 && top < 150;
      });

      const name = `Zone ${timezoneId}`;
      const email = `zone-${timezoneId.replace(/\W/g, '-').toLowerCase()}@example.com`;
      await fillContact(page, name, email);
      await form.getByRole('button', { name: 'Confirm Booking' }).click();
      await page.getByTestId('booking-success').waitFor();

      const [saved] = await reservationsNamed(name);
      expect(saved).toMatchObject({ course: COURSE, dateTime: instant });
      const mail = await waitUntil(() => mailTo(email), 15_000, `the confirmation to ${email}`);
      expect(mail.to).toEqual([email]);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('typing the date and time in the form reads them as gym time (browser in Europe/Berlin)', async () => {
    const { page, errors, close } = await open('Europe/Berlin');
    await gotoReady(page, server.url + '/booking?what=class');
    const form = page.locator('#booking-form');
    const name = 'Typed in Berlin';
    await fillContact(page, name, 'typed-berlin@example.com');
    await form.getByLabel('Course').selectOption(COURSE);
    await form.getByLabel('Preferred date and time').fill(`${date}T08:00`);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByTestId('booking-success').waitFor();
    const [saved] = await reservationsNamed(name);
    expect(saved.dateTime).toBe(instant);
    // The session list shows the seat as taken.
    const session = (await sessions()).find((s) => s.course === COURSE && s.date === date)!;
    expect(session.spotsLeft).toBeLessThan(20);
    expect(errors).toEqual([]);
    await close();
  });

  it('the e-mail carries the .ics at that instant and the manage link; cancelling there leaves a link that says so', async () => {
    const probe = await api<{ error?: string }>('/api/bookings/manage/not-a-real-token');
    expect(probe.body?.error).toBe('Booking not found');

    const { page, errors, close } = await open('America/New_York');
    await gotoReady(page, server.url + '/booking?what=class');
    await chooseSession(page, COURSE, date, '8:00 AM');
    const email = 'manage-journey@example.com';
    await fillContact(page, 'Manage Journey', email);
    await page.locator('#booking-form').getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByTestId('booking-success').waitFor();

    const raw = await waitUntil(() => mailTo(email), 15_000, 'the confirmation e-mail');
    const parsed = await simpleParser(raw.raw);
    const ics = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8') ?? '';
    const event = parseCalendar(ics);
    expect(event.start.toISOString()).toBe(instant);
    // The e-mail links to PUBLIC_URL (the app's, set before the test server knew its port); its
    // path is opened on the test server.
    const publicUrl = server.app.ctx.config.publicUrl;
    const written = new RegExp(`${publicUrl.replace(/[.:/]/g, '\\$&')}/booking/manage/[A-Za-z0-9_-]+`).exec(parsed.text ?? '')?.[0];
    expect(written).toBeTruthy();
    const link = server.url + written!.slice(publicUrl.length);

    await gotoReady(page, link);
    const card = page.getByTestId('managed-booking');
    await expect(card.textContent()).resolves.toContain(COURSE);
    await expect(card.textContent()).resolves.toContain('8:00 AM');
    await expect(card.textContent()).resolves.toContain('Krabi time (UTC+7)');
    // Opening the link changed nothing.
    expect((await reservationsNamed('Manage Journey'))[0]).toBeTruthy();

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('manage-notice').textContent()).toBe('Your booking is cancelled.');

    // The link still opens the booking and says it was cancelled (issue 47 point 3), never "not found".
    await gotoReady(page, link);
    await expect.poll(() => page.getByTestId('cancelled-by').textContent()).toBe('You cancelled this booking.');
    await expect(page.getByTestId('managed-booking').getByRole('link', { name: 'Book another class' }).getAttribute('href')).resolves.toBe('/booking');
    expect(errors).toEqual([]);
    await close();
  });

  it('a wrong link shows the not-found page, noindex', async () => {
    const { page, close } = await open('UTC');
    await gotoReady(page, server.url + '/booking/manage/not-a-real-token');
    await page.getByTestId('booking-not-found').waitFor({ timeout: 15_000 });
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await close();
  });

  it('a full session shows as full and cannot be chosen; booking it anyway says so', async () => {
    const target = (await sessions()).find((s) => s.course === 'Wrestling' && s.date === date)!;
    expect(target).toBeTruthy();
    const patched = await api(`/api/timetable/weekly-sessions/${target.weeklySessionId}`, { method: 'PATCH', body: { capacity: 1 }, auth: true });
    expect(patched.status).toBe(200);

    const { page, errors, close } = await open('Europe/Berlin', 375);
    await gotoReady(page, server.url + '/booking?what=class');
    await page.locator(`[data-testid="session-list"] button[data-date="${date}"]`).click();
    const card = page.locator(`[data-testid="session"][data-session-id="${target.id}"]`);
    await expect(card.textContent()).resolves.toContain('1 spot left');

    // Someone else takes the last place.
    const other = await api('/api/reservations', {
      method: 'POST',
      body: { name: 'Last seat', email: 'last-seat@example.com', phone: null, course: 'Wrestling', dateTime: target.startsAt, message: null },
    });
    expect(other.status).toBe(201);

    await gotoReady(page, server.url + '/booking?what=class');
    await page.locator(`[data-testid="session-list"] button[data-date="${date}"]`).click();
    await expect(card.textContent()).resolves.toContain('Full');
    await expect(card.isDisabled()).resolves.toBe(true);
    if (process.env.SCREENSHOT_DIR) await card.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, 'booking-full-session-375.png') });

    // Typed in anyway: the server's answer is shown by the button, and still logged.
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    const form = page.locator('#booking-form');
    await fillContact(page, 'Too late', 'too-late@example.com');
    await form.getByLabel('Course').selectOption('Wrestling');
    await form.getByLabel('Preferred date and time').fill(`${date}T10:00`);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByTestId('booking-refused').textContent()).resolves.toBe('This class is full');
    expect(logged.some((t) => t.includes('Failed to create reservation'))).toBe(true);
    await expect(page.getByTestId('booking-success').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('the timetable fits a 375 px phone and a 1280 px desktop', async () => {
    const shots = process.env.SCREENSHOT_DIR;
    for (const width of [375, 1280]) {
      const { page, close } = await open('Asia/Bangkok', width);
      await gotoReady(page, server.url + '/booking?what=class');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      await expect(page.locator('[data-testid="session"]').count()).resolves.toBeGreaterThan(0);
      if (shots) {
        fs.mkdirSync(shots, { recursive: true });
        await page
          .locator('main header')
          .first()
          .screenshot({ path: path.join(shots, `booking-header-${width}.png`) });
        await page.getByTestId('session-list').screenshot({ path: path.join(shots, `booking-sessions-${width}.png`) });
        await page.locator('#booking-form').screenshot({ path: path.join(shots, `booking-form-${width}.png`) });
      }
      await close();
    }
  });

  // The page's budget (100 KB, 8 files) is guarded for every language in page-weight.test.ts.
  it('fetches the booking form and its checks only when the visitor starts on the form (375 px)', async () => {
    const { page, close } = await open('Asia/Bangkok', 375);
    await gotoReady(page, server.url + '/booking?what=class');
    await page.waitForLoadState('networkidle');
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js')),
      );
    const first = await scripts();
    expect(
      first.some((s) => s.includes('/boot-')),
      first.join('\n'),
    ).toBe(true);
    expect(
      first.filter((s) => /booking-form|booking-resolver|passes-section/.test(s)),
      first.join('\n'),
    ).toEqual([]);
    // The form's code and checks (zod) come when the visitor starts on the form.
    await page.locator('#booking-form').getByLabel('Name').click();
    await expect.poll(async () => (await scripts()).some((s) => s.includes('booking-resolver'))).toBe(true);
    await page.locator('[data-island="booking-form"][data-hydrated="true"]').waitFor({ state: 'attached' });
    if (process.env.SCREENSHOT_DIR)
      fs.writeFileSync(path.join(process.env.SCREENSHOT_DIR, 'booking-js.txt'), `${first.join('\n')}\n\nafter focus:\n${(await scripts()).join('\n')}\n`);
    await close();
  });

  /** Books a session through the API and returns the manage link's token from the outbox. */
  async function bookAndManage(session: Session, name: string, email: string): Promise<string> {
    const booked = await api('/api/reservations', {
      method: 'POST',
      body: { name, email, phone: null, course: session.course, dateTime: session.startsAt, message: null },
    });
    expect(booked.status).toBe(201);
    const { db } = server.app.ctx;
    const linkIn = async () => {
      const rows = await db.selectFrom('outbox').select(['text_body', 'template']).where('to_address', '=', email).execute();
      return rows.map((r) => /\/booking\/manage\/([A-Za-z0-9_-]+)/.exec(`${r.text_body} ${r.template ?? ''}`)?.[1]).find(Boolean);
    };
    return waitUntil(linkIn, 15_000, `the manage link e-mailed to ${email}`);
  }

  it('the manage page: comes with the booking, cancels and moves only on a confirmed press', async () => {
    const target = (await sessions()).find((s) => s.course === COURSE && s.date === date)!;
    const other = (await sessions()).find((s) => s.course === COURSE && s.date > date && !s.full)!;
    const manageToken = await bookAndManage(target, 'Manage Visitor', 'manage-visitor@example.com');
    const { page, errors, close } = await open('America/New_York', 375);
    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST') posts.push(new URL(req.url()).pathname.replace(manageToken, '<token>'));
    });
    await gotoReady(page, `${server.url}/booking/manage/${manageToken}`);
    const card = page.getByTestId('managed-booking');
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain(COURSE);
    expect(text).toContain('8:00 AM – 9:00 AM');
    expect(text).toContain('Krabi time (UTC+7)');
    expect(posts).toEqual([]);
    const shots = process.env.SCREENSHOT_DIR;
    if (shots) await page.screenshot({ path: path.join(shots, 'manage-375.png'), fullPage: true });

    // Move: the coming sessions of the same class, one chosen, then confirmed.
    await page.getByRole('button', { name: 'Move to another session' }).click();
    const option = page.locator(`[data-testid="move-options"] button[data-session-id="${other.id}"]`);
    await option.click();
    expect(posts).toEqual([]);
    if (shots) await page.screenshot({ path: path.join(shots, 'manage-move-375.png'), fullPage: true });
    await page.getByRole('button', { name: 'Confirm move' }).click();
    await expect.poll(() => page.getByTestId('manage-notice').textContent()).toContain('Your booking is moved to');
    expect(posts).toEqual(['/api/bookings/manage/<token>/move']);
    const [moved] = await reservationsNamed('Manage Visitor');
    expect(moved.dateTime).toBe(other.startsAt);

    // Cancel: a confirmation step; a refusal shows the server's sentence (the first answer is
    // the one a class that has just started gets), the next press cancels.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    expect(posts).toHaveLength(1);
    await page.route(
      '**/api/bookings/manage/*/cancel',
      (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'This class has already started' }) }),
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('manage-error').textContent()).toBe('This class has already started');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect.poll(() => page.getByTestId('manage-notice').textContent()).toBe('Your booking is cancelled.');
    await expect(card.getAttribute('data-state')).resolves.toBe('cancelled');
    expect((await reservationsNamed('Manage Visitor')).map((r) => r.status)).toEqual(['cancelled']);
    if (shots) await page.screenshot({ path: path.join(shots, 'manage-cancelled-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });
});
