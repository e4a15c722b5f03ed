import { DEFAULT_SITE_SETTINGS } from '../../../shared/site-settings-data';
import { simpleParser } from 'mailparser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCalendar } from '../../../../tests/helpers/calendar';
import type { OutboxRow } from '../../db/schema';
import { bookingConfirmationMail } from '../templates/booking-mails';
import { composeRaw } from './compose';
import { createComposer, type Composer } from './compose-thread';
import { outboxRow } from './mail-queue';

// The outbox builds e-mails in a worker thread: the same bytes as building them here, and a
// thread that cannot start costs nothing but the thread (the e-mails are built here instead).

const config = {
  publicUrl: 'https://gym.test',
  timezone: 'Asia/Bangkok',
  mailFrom: 'Gym <bookings@gym.test>',
  notifyEmail: 'desk@gym.test',
  gym: DEFAULT_SITE_SETTINGS,
};

function row(id: number): OutboxRow {
  const mail = bookingConfirmationMail(config, {
    to: 'ana@example.com',
    name: 'Ana Lima',
    reservationId: id,
    course: 'Muay Thai Beginner',
    startsAt: new Date('2026-11-24T01:00:00.000Z'),
    endsAt: new Date('2026-11-24T02:00:00.000Z'),
    gymDate: '2026-11-24',
    gymTime: '08:00',
    zoneLabel: 'Krabi time (UTC+7)',
    manageUrl: 'https://gym.test/booking/manage/Zm9vYmFyYmF6cXV4cXV1eA',
    sequence: 0,
  });
  return { ...outboxRow(config, mail), id, text_body: mail.text } as OutboxRow;
}

/** What a reader sees of a message (parsed by a real mail parser and a real calendar parser). */
async function reading(raw: Buffer) {
  const m = await simpleParser(raw);
  const files = m.attachments.filter((a) => /calendar|ics/.test(a.contentType));
  return {
    from: m.from?.text,
    to: Array.isArray(m.to) ? m.to.map((a) => a.text) : m.to?.text,
    subject: m.subject,
    messageId: m.messageId,
    text: m.text,
    html: m.html,
    // DTSTAMP is when the file was made: everything else of the event must be the same.
    calendars: files.map((a) => parseCalendar(a.content.toString('utf8'))),
  };
}

let composer: Composer | undefined;
afterEach(() => composer?.close());

describe('the e-mail composing thread', () => {
  it('builds the same message as the main thread would, calendar file included, in the thread', async () => {
    composer = createComposer(config, { thread: true });
    const rows = [row(1), row(2), row(3)];
    const built = await Promise.all(rows.map((r) => composer!.compose(r)));
    expect(composer.stats()).toEqual({ thread: 3, inline: 0 });
    for (const [i, r] of rows.entries()) {
      const seen = await reading(built[i]);
      // The invitation alternative and the attached file: the same event twice.
      expect(seen.calendars).toHaveLength(2);
      expect(seen).toEqual(await reading(await composeRaw(config, r)));
      expect(built[i].toString('utf8')).toContain(`UID:reservation-${r.id}@gym.test`);
      expect(built[i].toString('utf8')).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    }
  });

  it('reports a message it cannot build as that message failing, and goes on with the next', async () => {
    composer = createComposer(config, { thread: true });
    const broken = { ...row(5), calendar: '{"method":"REQUEST","event":{"startsAt":"not a date"}}' };
    await expect(composer.compose(broken)).rejects.toThrow();
    const next = row(6);
    expect(await reading(await composer.compose(next))).toEqual(await reading(await composeRaw(config, next)));
  });

  it('builds in the main thread when the thread cannot start, losing no message', async () => {
    const errors: unknown[] = [];
    composer = createComposer(config, { thread: true, entry: new URL('./no-such-worker.js', import.meta.url), onThreadError: (e) => errors.push(e) });
    const built = await Promise.all([composer.compose(row(7)), composer.compose(row(8))]);
    expect(errors.length).toBeGreaterThan(0);
    expect(composer.stats()).toEqual({ thread: 0, inline: 2 });
    expect(built[1].toString('utf8')).toContain('UID:reservation-8@gym.test');
  });

  it('runs as bundled by build:server: the entry package.json names exists, and its bundle builds the same message', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    const entry = 'src/server/mail/delivery/compose-worker.ts';
    expect(pkg.scripts['build:server']).toContain(entry);
    expect(fs.existsSync(path.resolve(import.meta.dirname, 'compose-worker.ts'))).toBe(true);
    // The same bundling as build:server, into a scratch folder: dist/node/mail/delivery/compose-worker.js there.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-worker-'));
    try {
      await build({
        entryPoints: [path.resolve(import.meta.dirname, 'compose-worker.ts')],
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        target: 'node24',
        outbase: path.resolve(import.meta.dirname, '../..'),
        outdir: out,
        logLevel: 'warning',
      });
      const bundled = path.join(out, 'mail/delivery/compose-worker.js');
      expect(fs.existsSync(bundled)).toBe(true);
      // Resolves its packages from the project's node_modules, as dist/node/ does.
      const beside = path.resolve(import.meta.dirname, `compose-worker.bundled-${process.pid}.mjs`);
      fs.copyFileSync(bundled, beside);
      try {
        const errors: unknown[] = [];
        composer = createComposer(config, { thread: true, entry: pathToFileURL(beside), onThreadError: (e) => errors.push(e) });
        const raw = await composer.compose(row(3));
        expect(errors).toEqual([]);
        expect(composer.stats()).toEqual({ thread: 1, inline: 0 });
        expect((await reading(raw)).subject).toBe((await reading(await composeRaw(config, row(3)))).subject);
      } finally {
        fs.rmSync(beside, { force: true });
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
