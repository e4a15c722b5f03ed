import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, waitUntil, type SmtpPeer } from '../../../../tests/helpers/smtp-peer';
import { backends, createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { FAST_MAIL } from '../../../../tests/helpers/factories';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { MAIL_BATCH, retryDelayMs } from './mail-queue';

const outbox = (db: Db) => db.selectFrom('outbox').selectAll().orderBy('id').execute();
const row = (db: Db, id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Lets a few poll cycles pass, to show that nothing more arrives. */
const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));

describe('retry delay', () => {
  it('doubles from the base per attempt and stops at the cap', () => {
    const c = { mailRetryBaseMs: 30_000, mailRetryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4].map((a) => retryDelayMs(c, a))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(c, 8)).toBe(3_600_000);
    expect(retryDelayMs(c, 500)).toBe(3_600_000);
  });
});

describe.each(backends)('outbox worker on %s', (backend) => {
  let peer: SmtpPeer;
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  /** Another app on the same database and data directory (a restart, or a second instance). */
  const another = async (config: Config, startWorkers = true) => {
    const app = await buildApp(config, { logger: false, startWorkers });
    await app.ready();
    extra.push(app);
    return app;
  };
  const shut = async (app: FastifyInstance) => {
    extra.splice(extra.indexOf(app), 1);
    await app.close();
  };

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(backend, { smtpUrl: peer.url, ...FAST_MAIL });
  });
  afterAll(async () => {
    for (const a of extra) await a.close();
    await t?.close();
    await peer?.close();
  });

  it('delivers a queued e-mail once, with the outbox Message-ID and the configured sender', async () => {
    const before = peer.messages.length;
    const id = await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: 'ana@example.com', subject: 'Hello there', text: 'Body line\nsecond line' });
    t.app.ctx.mail.kick();
    const [mail] = (await peer.waitFor(before + 1)).slice(before);
    const stored = await waitUntil(async () => {
      const r = await row(t.app.ctx.db, id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(stored.message_id).toMatch(/^<[0-9a-f-]{36}@gym\.test>$/);
    expect(mail.headers['message-id']).toBe(stored.message_id);
    expect(mail.headers.subject).toBe('Hello there');
    expect(mail.headers.from).toBe('Gym <no-reply@localhost>');
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.body).toContain('Body line\nsecond line');
    expect(stored.attempts).toBe(1);
    expect(stored.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(stored.locked_until).toBeNull();
    await settle();
    expect(peer.messages.filter((m) => m.headers['message-id'] === stored.message_id)).toHaveLength(1);
  });

  it('keeps header injection out of the subject', async () => {
    const before = peer.messages.length;
    await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: 'ana@example.com', subject: 'Hi\r\nBcc: evil@example.com', text: 'x' });
    t.app.ctx.mail.kick();
    const [mail] = (await peer.waitFor(before + 1)).slice(before);
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.headers.bcc).toBeUndefined();
  });

  it('retries while the SMTP server refuses, then delivers every e-mail exactly once', async () => {
    const before = peer.messages.length;
    peer.refuse(true);
    const refusedBefore = peer.refusedCount;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: `r${i}@example.com`, subject: `Retry ${i}`, text: 'x' }));
    t.app.ctx.mail.kick();
    // Each e-mail is refused at least twice, with the error kept and the row back to pending.
    await waitUntil(
      async () => {
        const rows = await Promise.all(ids.map((id) => row(t.app.ctx.db, id)));
        // Back to pending after a second attempt: that attempt was made and refused (rows are
        // claimed several at a time, so a claimed row already counts its attempt).
        return rows.every((r) => r.attempts >= 2 && r.status === 'pending');
      },
      10_000,
      'several refused attempts',
    );
    const refusedRows = await Promise.all(ids.map((id) => row(t.app.ctx.db, id)));
    for (const r of refusedRows) {
      expect(r.last_error).toMatch(/451/);
      expect(r.status).not.toBe('failed');
    }
    expect(peer.refusedCount - refusedBefore).toBeGreaterThanOrEqual(6);
    expect(peer.messages.length).toBe(before);

    peer.refuse(false);
    const got = (await peer.waitFor(before + 3)).slice(before);
    await waitUntil(async () => (await Promise.all(ids.map((id) => row(t.app.ctx.db, id)))).every((r) => r.status === 'sent'));
    await settle();
    expect(peer.messages.length).toBe(before + 3);
    expect(got.map((m) => m.to[0]).sort()).toEqual(['r0@example.com', 'r1@example.com', 'r2@example.com']);
    expect(new Set(got.map((m) => m.headers['message-id'])).size).toBe(3);
  });

  it('picks up a row left sending by a crashed worker once its lease has expired, not before', async () => {
    const before = peer.messages.length;
    const db = t.app.ctx.db;
    const now = Date.now();
    const base = {
      subject: 'Left over',
      text_body: 'x',
      html_body: null,
      reply_to: null,
      next_attempt_at: new Date(now - 60_000).toISOString(),
      last_error: null,
      created_at: new Date(now - 60_000).toISOString(),
      sent_at: null,
    };
    const expired = await db
      .insertInto('outbox')
      .values({
        ...base,
        to_address: 'expired@example.com',
        message_id: '<expired-lease@gym.test>',
        status: 'sending',
        attempts: 1,
        locked_until: new Date(now - 1000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const held = await db
      .insertInto('outbox')
      .values({
        ...base,
        to_address: 'held@example.com',
        message_id: '<held-lease@gym.test>',
        status: 'sending',
        attempts: 1,
        locked_until: new Date(now + 3_600_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.ctx.mail.kick();
    const [mail] = (await peer.waitFor(before + 1)).slice(before);
    expect(mail.to).toEqual(['expired@example.com']);
    expect(mail.headers['message-id']).toBe('<expired-lease@gym.test>');
    await waitUntil(async () => (await row(db, expired.id)).status === 'sent');
    expect((await row(db, expired.id)).attempts).toBe(2);
    await settle();
    expect(peer.messages.some((m) => m.to.includes('held@example.com'))).toBe(false);
    expect((await row(db, held.id)).status).toBe('sending');
    await db.deleteFrom('outbox').where('id', '=', held.id).execute();
  });

  it('survives a restart: queued with no worker running, delivered by the next start', async () => {
    const before = peer.messages.length;
    await t.app.ctx.mail.stop();
    try {
      const down = await another(t.config, false);
      const id = await down.ctx.mail.enqueue(down.ctx.db, { to: 'restart@example.com', subject: 'After restart', text: 'x' });
      down.ctx.mail.kick();
      await settle();
      expect(peer.messages.length).toBe(before);
      expect((await row(down.ctx.db, id)).status).toBe('pending');
      await shut(down);

      const up = await another(t.config, true);
      const [mail] = (await peer.waitFor(before + 1)).slice(before);
      expect(mail.headers.subject).toBe('After restart');
      await waitUntil(async () => (await row(up.ctx.db, id)).status === 'sent');
      await settle();
      expect(peer.messages.length).toBe(before + 1);
      await shut(up);
    } finally {
      t.app.ctx.mail.start();
    }
  });

  it('two instances sharing the database never send the same e-mail twice', async () => {
    const before = peer.messages.length;
    const second = await another(t.config, true);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: `pair${i}@example.com`, subject: `Pair ${i}`, text: 'x' }));
    t.app.ctx.mail.kick();
    second.ctx.mail.kick();
    await peer.waitFor(before + 12);
    await waitUntil(async () => (await Promise.all(ids.map((id) => row(t.app.ctx.db, id)))).every((r) => r.status === 'sent'));
    await settle();
    const got = peer.messages.slice(before);
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.to[0])).size).toBe(12);
    await shut(second);
  });

  it('stop() waits for the delivery in progress', async () => {
    const before = peer.messages.length;
    const receiving = peer.receiving;
    peer.holdMs = 400;
    try {
      const id = await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: 'slow@example.com', subject: 'Slow', text: 'x' });
      t.app.ctx.mail.kick();
      await waitUntil(() => peer.receiving > receiving, 5000, 'the delivery to start');
      await t.app.ctx.mail.stop();
      expect(peer.messages.length).toBe(before + 1);
      expect((await row(t.app.ctx.db, id)).status).toBe('sent');
    } finally {
      peer.holdMs = 0;
      t.app.ctx.mail.start();
    }
  });

  it('claims several rows at a time; stop() hands back the ones not tried, each sent once in the end', async () => {
    const before = peer.messages.length;
    const db = t.app.ctx.db;
    const n = MAIL_BATCH + 9;
    const ids: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++) ids.push(await t.app.ctx.mail.enqueue(trx, { to: `batch${i}@example.com`, subject: `Batch ${i}`, text: 'x' }));
    });
    const receiving = peer.receiving;
    peer.holdMs = 300;
    try {
      t.app.ctx.mail.kick();
      await waitUntil(() => peer.receiving > receiving, 5000, 'the first deliveries');
      await t.app.ctx.mail.stop();
      const rows = await Promise.all(ids.map((id) => row(db, id)));
      // Nothing is left claimed: delivered rows are sent, untried ones pending as before.
      expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
      const sent = rows.filter((r) => r.status === 'sent');
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.length).toBeLessThan(n);
      expect(peer.messages.length - before).toBe(sent.length);
      for (const r of rows.filter((x) => x.status === 'pending')) expect(r.attempts).toBe(0);
    } finally {
      peer.holdMs = 0;
      t.app.ctx.mail.start();
    }
    await peer.waitFor(before + n);
    await waitUntil(async () => (await Promise.all(ids.map((id) => row(db, id)))).every((r) => r.status === 'sent' && r.attempts === 1));
    await settle();
    const got = peer.messages.slice(before).map((m) => m.to[0]);
    expect(got).toHaveLength(n);
    expect(new Set(got).size).toBe(n);
  });

  it('gives up after the last attempt and never stores the SMTP password', async () => {
    const secret = 's3cr3t-Pa55';
    const failing = await createTestApp(backend, { smtpUrl: `smtp://gym:${secret}@127.0.0.1:${peer.port}`, ...FAST_MAIL, mailMaxAttempts: 2 });
    try {
      const id = await failing.app.ctx.mail.enqueue(failing.app.ctx.db, { to: 'never@example.com', subject: 'No', text: 'x' });
      failing.app.ctx.mail.kick();
      const r = await waitUntil(async () => {
        const x = await row(failing.app.ctx.db, id);
        return x.status === 'failed' ? x : undefined;
      });
      expect(r.attempts).toBe(2);
      expect(r.last_error).toBeTruthy();
      expect(r.last_error).not.toContain(secret);
      await settle(200);
      expect((await row(failing.app.ctx.db, id)).attempts).toBe(2);
    } finally {
      await failing.close();
    }
  });

  it('a failing poll (database trouble) does not stop the worker', async () => {
    const before = peer.messages.length;
    // Rename the table away for a few polls: every claim fails, then it comes back.
    await sql`alter table outbox rename to outbox_away`.execute(t.app.ctx.db);
    await settle(200);
    await sql`alter table outbox_away rename to outbox`.execute(t.app.ctx.db);
    await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: 'after@example.com', subject: 'Still alive', text: 'x' });
    const [mail] = (await peer.waitFor(before + 1)).slice(before);
    expect(mail.headers.subject).toBe('Still alive');
  });
});

describe.each(backends)('outbox without SMTP_URL on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { smtpUrl: undefined, ...FAST_MAIL });
  });
  afterAll(() => t?.close());

  it('writes each e-mail as DATA_DIR/outbox/<id>.eml, whole, and marks it sent', async () => {
    const id = await t.app.ctx.mail.enqueue(t.app.ctx.db, { to: 'file@example.com', subject: 'On disk', text: 'Stored as a file', replyTo: 'gym@example.com' });
    t.app.ctx.mail.kick();
    const file = path.join(t.config.dataDir, 'outbox', `${id}.eml`);
    await waitUntil(() => fs.existsSync(file), 10_000, file);
    const eml = fs.readFileSync(file, 'utf8');
    const stored = await waitUntil(async () => {
      const r = await row(t.app.ctx.db, id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(eml).toMatch(/^Subject: On disk\r$/m);
    expect(eml).toMatch(/^To: file@example\.com\r$/m);
    expect(eml).toMatch(/^Reply-To: gym@example\.com\r$/m);
    expect(eml).toContain(`Message-ID: ${stored.message_id}`);
    expect(eml).toContain('Stored as a file');
    expect(fs.readdirSync(path.join(t.config.dataDir, 'outbox')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect((await outbox(t.app.ctx.db)).every((r) => r.status === 'sent')).toBe(true);
  });
});
