import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../../tests/helpers/calendar';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../../tests/helpers/factories';
import { fullAddress, googleMapsUrl } from '../../../shared/site';
import { buildApp } from '../../app';
import type { Db } from '../../db/database';
import { escapeHtml } from '../../lib/escape-html';
import { mailConfig } from '../../site-settings/site-settings.service';
import { bookingCancelledMail, bookingConfirmationMail, type BookingMailInput } from './booking-mails';

// Booking e-mails with their calendar part go through the outbox like any other: stored in the
// row, delivered by the worker to a real SMTP server (or written as .eml), read back here with
// mailparser and ical.js.

const row = (db: Db, id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const HOSTILE = `<img src=x onerror=alert(1)> "Ana" & co`;
const WHEN = 'Tuesday, 24 November 2026, 8:00 AM – 9:00 AM Krabi time (UTC+7)';

const booking = (reservationId: number, over: Partial<BookingMailInput> = {}): BookingMailInput => ({
  to: 'ana@example.com',
  name: HOSTILE,
  reservationId,
  course: 'Muay Thai Beginner',
  startsAt: new Date('2026-11-24T01:00:00.000Z'),
  endsAt: new Date('2026-11-24T02:00:00.000Z'),
  gymDate: '2026-11-24',
  gymTime: '08:00',
  zoneLabel: 'Krabi time (UTC+7)',
  manageUrl: `http://gym.test/booking/manage/token-${reservationId}`,
  sequence: 0,
  ...over,
});

/** The calendar file attached to a parsed message (nodemailer attaches it as application/ics). */
function icsOf(mail: ParsedMail) {
  const files = mail.attachments.filter((a) => /^(application\/ics|text\/calendar)$/.test(a.contentType));
  expect(files.length).toBeGreaterThan(0);
  const texts = files.map((f) => f.content.toString('utf8'));
  // Every copy (the alternative and the attachment) is the same calendar.
  expect(new Set(texts).size).toBe(1);
  return { text: texts[0], files };
}

function checkFacts(mail: ParsedMail) {
  const text = mail.text ?? '';
  const html = typeof mail.html === 'string' ? mail.html : '';
  for (const body of [text, html]) {
    expect(body).toContain('Muay Thai Beginner');
    expect(body).toContain(WHEN);
  }
  expect(text).toContain(fullAddress());
  expect(html).toContain(escapeHtml(fullAddress()));
  expect(text).toContain(googleMapsUrl());
  expect(html).toContain(`href="${escapeHtml(googleMapsUrl())}"`);
  // The hostile name is text in the HTML, never markup.
  expect(html).not.toContain('<img');
  expect(html).toContain(escapeHtml(HOSTILE));
}

describe.each(backends)('booking e-mails through the outbox on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  const another = async (startWorkers: boolean) => {
    const app = await buildApp(t.config, { logger: false, startWorkers });
    await app.ready();
    extra.push(app);
    return app;
  };
  const shut = async (app: FastifyInstance) => {
    extra.splice(extra.indexOf(app), 1);
    await app.close();
  };
  const received = async (before: number) => simpleParser((await peer.waitFor(before + 1))[before].raw);

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
  });
  afterAll(async () => {
    for (const a of extra) await a.close();
    await t?.close();
    await peer?.close();
  });

  it('delivers a confirmation whose .ics has the stable UID, the session instants, SEQUENCE and METHOD:REQUEST', async () => {
    const before = peer.messages.length;
    const { ctx } = t.app;
    const mail = bookingConfirmationMail(mailConfig(t.app.ctx), booking(101));
    const id = await ctx.db.transaction().execute((trx) => ctx.mail.enqueue(trx, mail));
    ctx.mail.kick();
    const got = await received(before);
    await waitUntil(async () => (await row(ctx.db, id)).status === 'sent');

    expect(got.subject).toBe('Booking confirmed: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    expect(got.headers.get('auto-submitted')).toBe('auto-generated');
    checkFacts(got);
    // The calendar alternative announces its method, as mail clients expect of an invitation.
    expect(peer.messages[before].raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    const { text, files } = icsOf(got);
    expect(files.some((f) => f.filename === 'booking.ics')).toBe(true);
    const ev = parseCalendar(text);
    expect(ev.method).toBe('REQUEST');
    expect(ev.uid).toBe('reservation-101@gym.test');
    expect(ev.sequence).toBe(0);
    expect(ev.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(ev.end.getTime()).toBe(ev.start.getTime() + 60 * 60_000);
    expect(ev.status).toBe('CONFIRMED');
    expect(ev.description).toContain('http://gym.test/booking/manage/token-101');
    expect(ev.organizer.toLowerCase()).toBe('mailto:no-reply@localhost');
  });

  it('the cancellation arrives with METHOD:CANCEL, the same UID and a higher SEQUENCE', async () => {
    const { ctx } = t.app;
    let before = peer.messages.length;
    await ctx.mail.enqueue(ctx.db, bookingConfirmationMail(mailConfig(t.app.ctx), booking(102)));
    ctx.mail.kick();
    const first = parseCalendar(icsOf(await received(before)).text);

    before = peer.messages.length;
    await ctx.mail.enqueue(ctx.db, bookingCancelledMail(mailConfig(t.app.ctx), booking(102, { sequence: 1 })));
    ctx.mail.kick();
    const got = await received(before);
    expect(got.subject).toBe('Booking cancelled: Muay Thai Beginner on Tuesday, 24 November 2026 at 8:00 AM');
    expect(peer.messages[before].raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    const ev = parseCalendar(icsOf(got).text);
    expect(ev.method).toBe('CANCEL');
    expect(ev.status).toBe('CANCELLED');
    expect(ev.uid).toBe(first.uid);
    expect(ev.sequence).toBeGreaterThan(first.sequence);
    expect(ev.start.getTime()).toBe(first.start.getTime());
  });

  it('a row with a calendar part survives a restart: stored with no worker running, delivered whole by the next start', async () => {
    const before = peer.messages.length;
    await t.app.ctx.mail.stop();
    try {
      const down = await another(false);
      const mail = bookingConfirmationMail(mailConfig(t.app.ctx), booking(103, { sequence: 2 }));
      const id = await down.ctx.mail.enqueue(down.ctx.db, mail);
      const stored = await row(down.ctx.db, id);
      expect(stored.status).toBe('pending');
      expect(JSON.parse(stored.calendar!)).toEqual(mail.calendar);
      expect(JSON.parse(stored.headers!)).toEqual({ 'Auto-Submitted': 'auto-generated' });
      await shut(down);

      const up = await another(true);
      const got = await received(before);
      await waitUntil(async () => (await row(up.ctx.db, id)).status === 'sent');
      expect(got.messageId).toBe(stored.message_id);
      checkFacts(got);
      const ev = parseCalendar(icsOf(got).text);
      expect(ev.uid).toBe('reservation-103@gym.test');
      expect(ev.sequence).toBe(2);
      expect(ev.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
      expect(ev.end.toISOString()).toBe('2026-11-24T02:00:00.000Z');
      await shut(up);
    } finally {
      t.app.ctx.mail.start();
    }
  });

  it('delivers plain attachments and extra headers kept in the row', async () => {
    const before = peer.messages.length;
    const { ctx } = t.app;
    await ctx.mail.enqueue(ctx.db, {
      to: 'ana@example.com',
      subject: 'With parts',
      text: 'See attached',
      headers: { 'In-Reply-To': '<thread-1@gym.test>', References: '<thread-0@gym.test> <thread-1@gym.test>' },
      attachments: [
        { filename: 'notes.txt', content: 'Bring water', contentType: 'text/plain' },
        { filename: 'bytes.bin', content: Buffer.from([0, 1, 2, 255]).toString('base64'), encoding: 'base64', contentType: 'application/octet-stream' },
      ],
    });
    ctx.mail.kick();
    const got = await received(before);
    expect(got.inReplyTo).toBe('<thread-1@gym.test>');
    expect(got.references).toEqual(['<thread-0@gym.test>', '<thread-1@gym.test>']);
    const byName = Object.fromEntries(got.attachments.map((a) => [a.filename, a]));
    expect(byName['notes.txt'].content.toString('utf8')).toBe('Bring water');
    expect([...byName['bytes.bin'].content]).toEqual([0, 1, 2, 255]);
  });
});

describe.each(backends)('booking e-mails without SMTP_URL on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { smtpUrl: undefined, ...FAST_MAIL });
  });
  afterAll(() => t?.close());

  it('the .eml file keeps the calendar part', async () => {
    const { ctx } = t.app;
    const id = await ctx.mail.enqueue(ctx.db, bookingCancelledMail(mailConfig(t.app.ctx), booking(104, { sequence: 5 })));
    ctx.mail.kick();
    await waitUntil(async () => (await row(ctx.db, id)).status === 'sent');
    const file = path.join(t.config.dataDir, 'outbox', `${id}.eml`);
    const eml = fs.readFileSync(file);
    expect(eml.toString('utf8')).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    const got = await simpleParser(eml);
    expect(got.subject).toMatch(/^Booking cancelled: /);
    const { files, text } = icsOf(got);
    expect(files.some((f) => f.filename === 'booking-cancelled.ics')).toBe(true);
    const ev = parseCalendar(text);
    expect(ev.method).toBe('CANCEL');
    expect(ev.uid).toBe('reservation-104@gym.test');
    expect(ev.sequence).toBe(5);
    expect(ev.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
  });
});
