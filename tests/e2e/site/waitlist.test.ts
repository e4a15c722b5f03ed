import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoWeekday, todayInZone } from '../../../src/shared/gym-time';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../helpers/smtp-peer';
import { useBrowserSuite } from '../helpers/fixture';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server';
import { gotoReady } from './site-helpers';

// Issue 34, point 4, in a phone's browser: a full class → "Join the waiting list" from the
// booking form → the join e-mail's link (the page shows none: decision 174); a seat frees → the
// offer e-mail's link → "Take the place".

const GYM_ZONE = 'Asia/Bangkok';

function nextWeekday(): string {
  let d = addDays(todayInZone(GYM_ZONE), 1);
  while (isoWeekday(d) === 7) d = addDays(d, 1);
  return d;
}

describe('the waiting list from the booking form to the offer', () => {
  let peer: SmtpPeer;
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

  const api = async <T>(p: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const res = await fetch(server.url + p, {
      method: init.method ?? 'GET',
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.auth ? { authorization: `Bearer ${token}` } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  beforeAll(async () => {
    token = (await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.token;
  });

  it('joins a full class from the form at 375 px, then takes the freed seat from the e-mail link', async () => {
    const { sessions } = (await api<{ sessions: { course: string; date: string; weeklySessionId: number; startsAt: string }[] }>('/api/sessions?days=14')).body;
    const target = sessions.find((s) => s.course === 'Wrestling' && s.date === date)!;
    expect(target).toBeTruthy();
    expect((await api(`/api/timetable/weekly-sessions/${target.weeklySessionId}`, { method: 'PATCH', body: { capacity: 1 }, auth: true })).status).toBe(200);
    const first = await api<{ id: number }>('/api/reservations', {
      method: 'POST',
      body: { name: 'First in', email: 'first-in@example.com', phone: null, course: 'Wrestling', dateTime: target.startsAt, message: null },
    });
    expect(first.status).toBe(201);

    const { page, errors, close } = await suite.page({ timeZone: 'Europe/Berlin', width: 375 });
    await gotoReady(page, server.url + '/booking?what=class');
    const form = page.locator('#booking-form');
    await form.getByLabel('Name').fill('Wait Lister');
    await form.getByLabel('Email').fill('wait-lister@example.com');
    await form.getByLabel('Course').selectOption('Wrestling');
    await form.getByLabel('Preferred date and time').fill(`${date}T10:00`);
    await form.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByTestId('booking-refused').textContent()).resolves.toBe('This class is full');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    const joined = page.getByTestId('waitlist-joined');
    await expect(joined.textContent()).resolves.toBe('Check your e-mail: we sent you the link to your place on the waiting list.');
    await expect(joined.getByRole('link').count()).resolves.toBe(0);
    const publicUrl = server.app.ctx.config.publicUrl;
    const pageLinkIn = (text: string) => new RegExp(`${publicUrl.replace(/[.:/]/g, '\\$&')}(/booking/waitlist/[A-Za-z0-9_-]{43})`).exec(text)?.[1];
    const joinMail = await waitUntil(() => peer.messages.find((m) => m.to.includes('wait-lister@example.com')), 15_000, 'the join e-mail');
    const joinParsed = await simpleParser(joinMail.raw);
    expect(joinParsed.subject).toMatch(/^On the waiting list: Wrestling/);
    const pageLink = pageLinkIn(joinParsed.text ?? '');
    expect(pageLink).toBeTruthy();

    await gotoReady(page, server.url + pageLink!);
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex');
    await expect(page.title()).resolves.toMatch(/^Waiting list \|/);
    await expect(page.getByTestId('waitlist-status').textContent()).resolves.toContain('You are number 1 in line.');

    // The seat frees: the gym cancels the first booking; the offer e-mail comes with its link.
    expect((await api(`/api/reservations/${first.body.id}/cancel`, { method: 'PUT', auth: true })).status).toBe(200);
    const raw = await waitUntil(() => peer.messages.filter((m) => m.to.includes('wait-lister@example.com'))[1], 15_000, 'the offer e-mail');
    const parsed = await simpleParser(raw.raw);
    expect(parsed.subject).toMatch(/^A place opened up: Wrestling/);
    const written = new RegExp(`${publicUrl.replace(/[.:/]/g, '\\$&')}/booking/waitlist/[A-Za-z0-9_-]+`).exec(parsed.text ?? '')?.[0];
    expect(written).toBeTruthy();

    await gotoReady(page, server.url + written!.slice(publicUrl.length));
    await expect(page.getByTestId('waitlist-status').textContent()).resolves.toMatch(/A place is open for you until/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Take the place' }).click();
    await expect.poll(() => page.getByTestId('waitlist-status').textContent()).toContain('You are booked!');

    const booked = (await api<{ name: string; status: string; dateTime: string }[]>('/api/reservations', { auth: true })).body.filter(
      (r) => r.name === 'Wait Lister',
    );
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ dateTime: target.startsAt });
    expect(errors).toEqual([]);
    await close();
  });
});
