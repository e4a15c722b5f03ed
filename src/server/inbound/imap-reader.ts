// Reads the gym's mailbox (IMAP_URL) and hands each new mail to importMail, once. The server tells
// of new mail through IDLE when it offers it; a pass also runs every IMAP_POLL_SECONDS (the only
// trigger on a server without IDLE). Bookkeeping per mailbox: the last UID read under the
// mailbox's UIDVALIDITY; a mail whose import fails is recorded in inbound_failures (each try
// counted before it starts), tried again at later reads, and quarantined after MAX_ATTEMPTS tries,
// so one bad mail never holds back the others. Processed mail is moved to
// IMAP_DONE_FOLDER or flagged \Seen and $GymImported in place; never deleted. One instance reads at a
// time (a PostgreSQL advisory lock held on a connection of its own); importMail's unique message key
// keeps a mail once whatever happens.
import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { importMail as realImportMail, type FoundMail, type ImportResult } from './import-mail';
import { attemptFailed, attemptSucceeded, beginAttempt, forget, retryable, type MailRef } from './inbound-failures.repository';
import { recordMailboxError, recordPass, recordUidRead, startingUid } from './inbound-mailbox.repository';

/** The keyword set on processed mail when no done folder is configured. */
export const IMPORTED_KEYWORD = '$GymImported';

/** How many UIDs one pass lists at a time (envelopes are fetched for these only). */
const BATCH = 50;

/** Tries of one mail before it is quarantined (a try that overran the parsing limits: at once). */
export const MAX_ATTEMPTS = 3;

export interface ImapSettings {
  secure: boolean;
  host: string;
  port: number;
  user: string;
  password: string;
  /** The mailbox path, INBOX by default; also the key of its bookkeeping row. */
  mailbox: string;
}

/** imap://user:password@host:143/INBOX or imaps://…:993/…; user and password URL-encoded. */
export function parseImapUrl(url: string): ImapSettings {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  if (!secure && u.protocol !== 'imap:') throw new Error('IMAP_URL must start with imap:// or imaps://');
  if (!u.hostname) throw new Error('IMAP_URL has no host');
  const path = decodeURIComponent(u.pathname.replace(/^\/+/, '')).trim();
  return {
    secure,
    host: u.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: u.port ? Number(u.port) : secure ? 993 : 143,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    mailbox: path || 'INBOX',
  };
}

export interface ImapReader {
  start(): void;
  /** Ends the connection after the mail in progress and waits for it. */
  stop(): Promise<void>;
}

export interface ImapReaderOptions {
  /** The import step (tests wrap the real one to fail or stop on a given mail). */
  importMail?: (ctx: AppContext, mail: FoundMail) => Promise<ImportResult>;
  /** First and longest wait before connecting again after an error. */
  retryMs?: { min: number; max: number };
}

class Stopped extends Error {}

/** An error's message for the status screen: never the URL (it holds the password). */
function describe(err: unknown): string {
  const e = err as { message?: string; responseText?: string; code?: string };
  const text = [e?.message, e?.responseText, e?.code].filter(Boolean).join(' — ') || String(err);
  return text.replace(/imaps?:\/\/\S+/gi, 'IMAP_URL');
}

export function createImapReader(ctx: AppContext, opts: ImapReaderOptions = {}): ImapReader {
  const imapUrl = ctx.config.inbound.imapUrl;
  if (!imapUrl) throw new Error('createImapReader needs config.inbound.imapUrl');
  const settings = parseImapUrl(imapUrl);
  const importOne = opts.importMail ?? realImportMail;
  const retry = opts.retryMs ?? { min: 1_000, max: 60_000 };
  const key = settings.mailbox;

  let stopping = false;
  let running: Promise<void> | undefined;
  // Wakes the wait between passes (new mail, a closed connection, stop). A wake-up that comes
  // during a pass is kept, so the next wait ends at once.
  let wake: (() => void) | undefined;
  let pending = false;
  const wakeUp = () => {
    pending = true;
    wake?.();
  };

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (pending) {
        pending = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        pending = false;
        resolve();
      }
      wake = done;
    });
  }

  /** Runs `body` while this instance holds the mailbox's lock; false when another instance reads it. */
  async function asTheReader(body: (stillHeld: () => Promise<void>) => Promise<void>): Promise<boolean> {
    if (ctx.dialect !== 'postgres') {
      await body(async () => {});
      return true;
    }
    // Session-level advisory lock on a connection kept for the session: the lock goes with the
    // connection if this process dies. Keyed by schema and mailbox (one database may hold several).
    return ctx.db.connection().execute(async (conn) => {
      const lockKey = sql`hashtext(current_schema() || '/imap/' || ${key})`;
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_lock(1229799760, ${lockKey}) as ok`.execute(conn);
      if (!got.rows[0]?.ok) return false;
      try {
        await body(async () => {
          await sql`select 1`.execute(conn);
        });
      } finally {
        await sql`select pg_advisory_unlock(1229799760, ${lockKey})`.execute(conn).catch(() => {});
      }
      return true;
    });
  }

  /** Moves a processed mail to the done folder, or flags it in place. */
  async function markDone(c: ImapFlow, uid: number): Promise<void> {
    const folder = ctx.config.inbound.doneFolder;
    if (folder) await c.messageMove(String(uid), folder, { uid: true });
    else await c.messageFlagsAdd(String(uid), ['\\Seen', IMPORTED_KEYWORD], { uid: true });
  }

  /**
   * One try of one mail, counted before it starts (a try that freezes or kills the process still
   * counts). True when it went through; a failed try is recorded and the reader goes on to the next
   * mail: the failed one is tried again at later reads, and quarantined after MAX_ATTEMPTS tries
   * (at once when it overran the parsing thread's limits).
   */
  async function tryOne(c: ImapFlow, ref: MailRef, meta: { size: number; messageId: string | null }): Promise<'done' | 'failed' | 'skipped' | 'gone'> {
    const mail: FoundMail = { mailbox: key, uid: ref.uid, size: meta.size, envelopeMessageId: meta.messageId };
    // Over the limit: recorded from its envelope, never downloaded.
    if (meta.size <= ctx.config.inbound.maxMailBytes) {
      const msg = await c.fetchOne(String(ref.uid), { uid: true, source: true }, { uid: true });
      if (!msg || !msg.source) return 'gone'; // expunged meanwhile
      mail.raw = msg.source;
    }
    const row = await beginAttempt(ctx.db, ref, { messageId: meta.messageId, size: meta.size });
    if (row.status === 'quarantined' || row.status === 'dismissed') return 'skipped';
    if (row.attempts > MAX_ATTEMPTS) {
      await attemptFailed(ctx.db, ref, row.last_error ?? `the import stopped without an answer ${MAX_ATTEMPTS} times`, true);
      ctx.log.warn({ mailbox: key, uid: ref.uid }, 'inbound mail quarantined');
      return 'skipped';
    }
    let result: ImportResult;
    try {
      result = await importOne(ctx, mail);
    } catch (err) {
      const quarantine = (err as { quarantine?: boolean }).quarantine === true || row.attempts >= MAX_ATTEMPTS;
      const message = describe(err);
      await attemptFailed(ctx.db, ref, message, quarantine);
      ctx.log.warn({ mailbox: key, uid: ref.uid, attempt: row.attempts, quarantined: quarantine, err: message }, 'inbound mail import failed');
      return 'failed';
    }
    await attemptSucceeded(ctx.db, ref);
    ctx.log.info({ mailbox: key, uid: ref.uid, outcome: result.outcome, duplicate: result.duplicate }, 'inbound mail read');
    await markDone(c, ref.uid);
    return 'done';
  }

  /** Envelopes (size, Message-ID) of these UIDs. */
  async function envelopes(c: ImapFlow, uids: number[]): Promise<Map<number, { size: number; messageId: string | null }>> {
    const metas = new Map<number, { size: number; messageId: string | null }>();
    if (uids.length === 0) return metas;
    for await (const m of c.fetch(uids.join(','), { uid: true, size: true, envelope: true }, { uid: true })) {
      metas.set(m.uid, { size: m.size ?? 0, messageId: m.envelope?.messageId ?? null });
    }
    return metas;
  }

  /**
   * Tries again the mails that failed before (and those staff asked to retry), then imports every
   * mail after the last UID read. A mail that fails never stops the others. True when some mail
   * is still waiting for another try.
   */
  async function pass(c: ImapFlow): Promise<boolean> {
    const box = c.mailbox;
    if (!box) throw new Error('mailbox not open');
    const validity = String(box.uidValidity);
    let waiting = false;

    const again = await retryable(ctx.db, key, validity);
    const againMeta = await envelopes(
      c,
      again.map((r) => r.uid),
    );
    for (const row of again) {
      if (stopping) throw new Stopped();
      const meta = againMeta.get(row.uid);
      if (!meta) {
        await forget(ctx.db, row.id);
        continue;
      }
      const outcome = await tryOne(c, { mailbox: key, uidValidity: validity, uid: row.uid }, meta);
      if (outcome === 'gone') await forget(ctx.db, row.id);
      if (outcome === 'failed') waiting = true;
    }

    let last = await startingUid(ctx.db, key, validity);
    for (;;) {
      if (stopping) throw new Stopped();
      // What arrives from here on is found by this search or the next pass.
      pending = false;
      const found = await c.search({ uid: `${last + 1}:*` }, { uid: true });
      // `n:*` names the highest UID even when it is below n: keep only the new ones.
      const uids = (found || []).filter((u) => u > last).sort((a, b) => a - b);
      if (uids.length === 0) break;
      const batch = uids.slice(0, BATCH);
      const metas = await envelopes(c, batch);
      for (const uid of batch) {
        if (stopping) throw new Stopped();
        const meta = metas.get(uid);
        if (meta) {
          const outcome = await tryOne(c, { mailbox: key, uidValidity: validity, uid }, meta);
          if (outcome === 'failed') waiting = true;
        }
        // Read past it whatever happened: a failed mail is tried again from its failure record.
        await recordUidRead(ctx.db, key, validity, uid);
        last = Math.max(last, uid);
      }
    }
    await recordPass(ctx.db, key);
    return waiting;
  }

  /** One connection: passes until it closes, an error, or stop. */
  async function session(stillHeld: () => Promise<void>): Promise<void> {
    const c = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      logger: false,
      // IDLE soon after a pass, so new mail is told at once.
      autoIdleDelay: 1_000,
      // Servers drop an IDLE after ~30 minutes; renewed well before.
      maxIdleTime: 5 * 60_000,
    });
    let closed = false;
    c.on('error', (err) => ctx.log.warn({ err: describe(err) }, 'IMAP connection error'));
    c.on('close', () => {
      closed = true;
      wakeUp();
    });
    c.on('exists', (info: { count: number; prevCount: number }) => {
      if (info.count > info.prevCount) wakeUp();
    });
    try {
      await c.connect();
      if (stopping) throw new Stopped();
      const folder = ctx.config.inbound.doneFolder;
      if (folder) {
        const boxes = await c.list();
        if (!boxes.some((b) => b.path === folder)) await c.mailboxCreate(folder);
      }
      await c.mailboxOpen(settings.mailbox);
      ctx.log.info({ mailbox: key, idle: c.capabilities.has('IDLE') }, 'reading the mailbox');
      for (;;) {
        const waiting = await pass(c);
        healthy = true;
        await stillHeld();
        // A mail that failed is tried again soon (its tries are counted), not only at the next poll.
        await sleep(waiting ? Math.min(ctx.config.inbound.pollMs, retry.max) : ctx.config.inbound.pollMs);
        if (stopping) throw new Stopped();
        if (closed || !c.usable) throw new Error('IMAP connection closed');
      }
    } finally {
      if (c.usable) await c.logout().catch(() => c.close());
      else c.close();
    }
  }

  // Set by a pass that went through: the next error waits the shortest time again.
  let healthy = false;

  async function run(): Promise<void> {
    let delay = retry.min;
    while (!stopping) {
      try {
        const reading = await asTheReader(session);
        // Another instance reads the mailbox: look again later, in case it stops.
        if (!reading) await sleep(ctx.config.inbound.pollMs);
      } catch (err) {
        if (err instanceof Stopped || stopping) break;
        if (healthy) delay = retry.min;
        healthy = false;
        const message = describe(err);
        ctx.log.warn({ mailbox: key, err: message }, 'mailbox reading failed; will try again');
        // The database may be what failed: then this is only logged.
        await recordMailboxError(ctx.db, key, message).catch(() => {});
        await sleep(delay);
        delay = Math.min(delay * 2, retry.max);
        continue;
      }
      delay = retry.min;
    }
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      running = run().finally(() => {
        running = undefined;
      });
    },
    async stop() {
      stopping = true;
      wakeUp();
      // A connection waiting in IDLE is logged out now; a mail being imported finishes first.
      await running;
    },
  };
}
