import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { addLedgerLine } from '../../src/server/ledger/ledger.repository';
import { attachmentStorage } from '../../src/server/inbound/attachments';
import { importMail } from '../../src/server/inbound/import-mail';
import { attemptFailed, beginAttempt } from '../../src/server/inbound/inbound-failures.repository';
import { insertInboundMail, markBouncing } from '../../src/server/inbound/inbound.repository';
import { createMailQueue } from '../../src/server/mail/delivery/mail-queue';
import { createMailSender, type MailSender } from '../../src/server/mail/delivery/mail-sender';
import { slipStorage } from '../../src/server/orders/order-page.service';
import { ERASED_EMAIL } from '../../src/server/privacy/personal-data.repository';
import { bookingPayload, contactPayload } from '../helpers/factories';
import { until } from '../helpers/inbound-fixtures';
import { createTestOrder } from '../helpers/pass-orders';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 33 point 6: an erase removes or anonymises every copy of a person. A customer gets every
// kind of record (booking, contact conversation, an imported reply with HTML and a stored file,
// a held mail, a failed import, a bounce, an order with a ledger line and a transfer slip); after
// the erase no table and no file under DATA_DIR holds their address, name or words. The money
// stays (decision 107): the order's and ledger's amounts are still there, with nothing personal.
// On SQLite the database file and its WAL are searched byte by byte too.

const INBOUND = 'hello@gym.example';
const EMAIL = 'mira.zebedeeson@example.com';
const NAME = 'Mira Zebedeeson';
/** Words only this person wrote: one in each kind of text. */
const WORD = 'quokkafrost';
const HTML_WORD = 'marmalisque';
const FILE_WORD = 'glimmerwhelk';
const NEEDLES = [EMAIL, 'zebedeeson', WORD, HTML_WORD, FILE_WORD];

let uid = 5000;
const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'), 'utf8');

function replyMail(inReplyTo: string): Buffer {
  const pdf = Buffer.from(`%PDF-1.4\n% ${FILE_WORD} medical certificate of ${NAME}\n%%EOF\n`).toString('base64');
  return crlf(`From: ${NAME} <${EMAIL}>
To: ${INBOUND}
Subject: Re: my ${WORD} question
Date: Sat, 7 Mar 2026 09:00:00 +0700
Message-ID: <erasure-reply-0001@example.com>
In-Reply-To: ${inReplyTo}
References: ${inReplyTo}
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="mixed-01"

--mixed-01
Content-Type: multipart/alternative; boundary="alt-01"

--alt-01
Content-Type: text/plain; charset=utf-8

Here is my certificate, ${WORD} again.

--alt-01
Content-Type: text/html; charset=utf-8

<p>Here is my certificate, <b>${HTML_WORD}</b> again.</p>

--alt-01--

--mixed-01
Content-Type: application/pdf; name="${FILE_WORD}.pdf"
Content-Disposition: attachment; filename="${FILE_WORD}.pdf"
Content-Transfer-Encoding: base64

${pdf}
--mixed-01--
`);
}

function heldMail(): Buffer {
  return crlf(`Authentication-Results: mx.gym.example; dmarc=fail header.from=example.com
From: ${NAME} <${EMAIL}>
To: ${INBOUND}
Subject: ${WORD} from a forged sender
Date: Sat, 7 Mar 2026 10:00:00 +0700
Message-ID: <erasure-held-0001@example.com>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Please send my ${WORD} details.
`);
}

/** Every table's rows as text (every column), by table name. */
async function tableTexts(db: Db, backend: string): Promise<Map<string, string>> {
  const names =
    backend === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const out = new Map<string, string>();
  for (const name of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    out.set(name, JSON.stringify(rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : typeof v === 'bigint' ? String(v) : v)).toLowerCase());
  }
  return out;
}

/** Every file under the folder, except the SQLite database's own files (its tables are read above). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesUnder(p));
    else if (!/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(e.name)) out.push(p);
  }
  return out;
}

const hits = (texts: Iterable<[string, string]>) => {
  const found: string[] = [];
  for (const [where, text] of texts) for (const n of NEEDLES) if (text.includes(n)) found.push(`${where}: ${n}`);
  return found;
};

describe.each(backends)('a complete erasure on %s', (backend) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { INBOUND_ADDRESS: INBOUND, INBOUND_TRUSTED_AUTHSERV: 'mx.gym.example', MAIL_FROM: 'Gym <no-reply@gym.example>' });
    staff = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('leaves no table and no file holding the address, the name or the words', async () => {
    const db = t.app.ctx.db;
    const ctx = t.app.ctx;
    // A booking and a contact message (which opens a conversation), through the public API.
    const booked = await t.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: bookingPayload({ name: NAME, email: EMAIL, message: `A ${WORD} note` }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const contact = await t.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contactPayload({ name: NAME, email: EMAIL, subject: `About ${WORD}`, message: `My ${WORD} question` }),
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const conversationId = contact.json().conversationId as number;
    const first = await db.selectFrom('conversation_messages').select('message_id').where('conversation_id', '=', conversationId).executeTakeFirstOrThrow();

    // Her reply by e-mail, with HTML and a PDF kept in private storage.
    const reply = replyMail(first.message_id!);
    const imported = await importMail(ctx, { mailbox: 'INBOX', uid: ++uid, size: reply.length, raw: reply });
    expect(imported).toMatchObject({ conversationId, duplicate: false });
    const files = await db
      .selectFrom('message_attachments as a')
      .innerJoin('conversation_messages as m', 'm.id', 'a.conversation_message_id')
      .select('a.storage_key')
      .where('m.conversation_id', '=', conversationId)
      .execute();
    expect(files).toHaveLength(1);
    const fileKey = files[0].storage_key!;
    await expect(attachmentStorage(ctx).read(fileKey)).resolves.toBeInstanceOf(Buffer);
    const html = await db
      .selectFrom('conversation_messages')
      .select('html_content')
      .where('conversation_id', '=', conversationId)
      .where('html_content', 'is not', null)
      .execute();
    expect(html.map((h) => h.html_content).join()).toContain(HTML_WORD);

    // A mail in her name the receiving server could not verify: held for staff.
    const held = heldMail();
    await importMail(ctx, { mailbox: 'INBOX', uid: ++uid, size: held.length, raw: held });
    expect(await db.selectFrom('inbound_held_mails').select('id').where('from_address', '=', EMAIL).execute()).toHaveLength(1);

    // A mail whose import failed and was quarantined (the record holds no sender: mailbox, uid, Message-ID).
    const ref = { mailbox: 'INBOX', uidValidity: '1', uid: ++uid };
    await beginAttempt(db, ref, { messageId: '<erasure-failed-0001@example.com>', size: 1234 });
    await attemptFailed(db, ref, 'parse timeout', true);

    // Her address bounced once: the report's record names her address in its detail.
    await insertInboundMail(db, {
      message_key: 'erasure-bounce-0001@mx.example',
      mailbox: 'INBOX',
      uid: ++uid,
      from_address: 'mailer-daemon@mx.example',
      subject: 'Undelivered Mail Returned to Sender',
      outcome: 'bounce',
      conversation_id: null,
      conversation_message_id: null,
      detail: `5.1.1 ${EMAIL}: user unknown`,
      sent_at: null,
      created_at: new Date().toISOString(),
    });
    await markBouncing(db, EMAIL, `550 5.1.1 <${EMAIL}>: user unknown`, new Date().toISOString());

    // An order with a ledger note and a transfer slip in private storage.
    const order = await createTestOrder(db, {
      kind: 'single',
      days: 1,
      credits: 1,
      startDate: '2029-04-02',
      endDate: '2029-04-02',
      email: EMAIL,
      name: NAME,
      amountSatang: 120_000,
    });
    await addLedgerLine(db, { orderId: order.id, kind: 'refund', method: 'cash', amountSatang: 20_000, note: `${NAME} asked, ${WORD}` });
    const slipName = '0123456789abcdef0123456789abcdef-1200.webp';
    await slipStorage(ctx).save(slipName, Buffer.from(`slip of ${NAME}`));
    await db.updateTable('orders').set({ slip_key: slipName }).where('id', '=', order.id).execute();

    // Her e-mails (booking confirmation, contact acknowledgement) are sent first, their .eml copies
    // written: one being written while the erase runs would land after it (see the decision).
    await until('the outbox to be sent', async () => {
      const busy = await db.selectFrom('outbox').select('id').where('status', 'in', ['pending', 'sending']).execute();
      return busy.length === 0;
    });

    // Before: the scan finds her everywhere it should look (the scan itself works).
    const before = hits(await tableTexts(db, backend));
    for (const table of [
      'reservations',
      'conversations',
      'conversation_messages',
      'inbound_mails',
      'inbound_held_mails',
      'email_bounces',
      'customers',
      'message_attachments',
    ]) {
      expect(
        before.some((h) => h.startsWith(`${table}:`)),
        table,
      ).toBe(true);
    }
    const fileText = () =>
      filesUnder(t.config.dataDir).map((f): [string, string] => [path.relative(t.config.dataDir, f), fs.readFileSync(f, 'latin1').toLowerCase()]);
    expect(hits(fileText()).length).toBeGreaterThan(0);
    // SQLite: the database's own files hold her too (the byte scan below works).
    const dbFiles = () =>
      backend === 'sqlite'
        ? fs
            .readdirSync(t.config.dataDir)
            .filter((f) => /\.db(-wal|-journal)?$/.test(f))
            .map((f): [string, string] => [f, fs.readFileSync(path.join(t.config.dataDir, f), 'latin1').toLowerCase()])
        : [];
    if (backend === 'sqlite') expect(hits(dbFiles()).length).toBeGreaterThan(0);
    const ledgerBefore = await db.selectFrom('order_payments').select(['id', 'kind', 'method', 'amount_satang']).orderBy('id').execute();

    // Her export lists her mail records too: mails read, the held one, the attachment's name, the bounce.
    const exported = await t.inject({ method: 'GET', url: `/api/personal-data/export?format=json&email=${encodeURIComponent(EMAIL)}`, token: staff });
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<{
      inboundMails: { fromAddress: string | null; subject: string | null; outcome: string; detail: string | null }[];
      heldMails: { fromAddress: string | null; subject: string | null; content: string; reason: string }[];
      attachments: { filename: string; contentType: string; stored: boolean }[];
      bounces: { email: string; reason: string | null }[];
    }>();
    expect(data.inboundMails).toHaveLength(3);
    expect(data.inboundMails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fromAddress: EMAIL, subject: `Re: my ${WORD} question`, outcome: 'threaded' }),
        expect.objectContaining({ fromAddress: EMAIL, outcome: 'rejected' }),
        expect.objectContaining({ outcome: 'bounce', detail: `5.1.1 ${EMAIL}: user unknown` }),
      ]),
    );
    expect(data.heldMails).toEqual([
      expect.objectContaining({
        fromAddress: EMAIL,
        subject: `${WORD} from a forged sender`,
        content: expect.stringContaining(`Please send my ${WORD} details.`),
      }),
    ]);
    expect(data.attachments).toEqual([expect.objectContaining({ filename: `${FILE_WORD}.pdf`, contentType: 'application/pdf', stored: true })]);
    expect(data.bounces).toEqual([{ email: EMAIL, reason: `550 5.1.1 <${EMAIL}>: user unknown`, bouncedAt: expect.any(String) }]);
    const csv = await t.inject({ method: 'GET', url: `/api/personal-data/export?format=csv&email=${encodeURIComponent(EMAIL)}`, token: staff });
    expect(csv.statusCode).toBe(200);
    for (const kind of ['e-mail reçu', 'e-mail retenu', 'pièce jointe', 'adresse en échec']) expect(csv.body, kind).toContain(`\r\n"${kind}";`);
    expect(csv.body).toContain(`${FILE_WORD}.pdf`);

    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: EMAIL } });
    expect(erased.statusCode, erased.body).toBe(200);
    // No table, no file names her.
    expect(hits(await tableTexts(db, backend))).toEqual([]);
    expect(hits(fileText())).toEqual([]);
    // Nor do the SQLite files' bytes: free space zeroed (secure_delete), the WAL checkpointed and emptied.
    expect(hits(dbFiles())).toEqual([]);
    expect(erased.json()).toMatchObject({ customers: 1, orders: 1, transferSlips: 1, attachments: 1, heldMails: 1, bounces: 1 });
    expect(erased.json().inboundMails).toBe(3);
    await expect(attachmentStorage(ctx).read(fileKey)).rejects.toThrow();
    await expect(slipStorage(ctx).read(slipName)).rejects.toThrow();
    // Decision 107: the money records stay, their amounts unchanged.
    expect(await db.selectFrom('order_payments').select(['id', 'kind', 'method', 'amount_satang']).orderBy('id').execute()).toEqual(ledgerBefore);
    expect((await db.selectFrom('orders').select('amount_satang').where('id', '=', order.id).executeTakeFirstOrThrow()).amount_satang).toBe(120_000);
    // The mail's record stays (a second import of the same mail is still a duplicate), without its sender.
    const again = await importMail(ctx, { mailbox: 'INBOX', uid: ++uid, size: reply.length, raw: reply });
    expect(again.duplicate).toBe(true);
  });
});

// Point 6 (c): an e-mail to the person that is being written at the moment of the erase, and one
// queued meanwhile, leave no copy: no .eml file (DATA_DIR/outbox, no SMTP_URL), no row naming her.
describe.each(backends)('an erase while her e-mail is on its way on %s', (backend) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    // The app's own outbox worker stays off: this test drives one whose delivery it can hold.
    t = await createTestApp(backend, {}, { MAIL_FROM: 'Gym <no-reply@gym.example>' }, { startWorkers: false });
    staff = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('removes the copy written after the erase and never sends the queued one', async () => {
    const db = t.app.ctx.db;
    const files = createMailSender(t.config);
    let entered!: () => void;
    const inSend = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held: MailSender = {
      async send(row) {
        entered();
        await gate;
        await files.send(row);
      },
      discard: (id) => files.discard!(id),
      close: () => files.close(),
    };
    const queue = createMailQueue({ db, config: t.config, log: t.app.log, sender: held });
    const mail = (n: number) => ({ to: `${NAME} <${EMAIL}>`, subject: `Your ${WORD} ${n}`, text: `Dear ${NAME}, about ${WORD}.` });
    const flying = await t.app.ctx.mail.enqueue(db, mail(1));
    queue.start();
    await inSend;
    // Queued while the first is being written.
    const waiting = await t.app.ctx.mail.enqueue(db, mail(2));

    const erased = await t.inject({ method: 'POST', url: '/api/personal-data/erase', token: staff, payload: { email: EMAIL } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().outbox).toBe(2);
    release();
    // stop() waits for the batch in hand: written, marked (or not), its erased copy removed.
    await queue.stop();

    const rows = await db
      .selectFrom('outbox')
      .select(['id', 'status', 'to_address', 'subject', 'text_body'])
      .where('id', 'in', [flying, waiting])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, r.status, r.to_address])).toEqual([
      [flying, 'failed', ERASED_EMAIL],
      [waiting, 'failed', ERASED_EMAIL],
    ]);
    const outbox = path.join(t.config.dataDir, 'outbox');
    const left = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    expect(left.filter((f) => f.startsWith(`${flying}.`) || f.startsWith(`${waiting}.`))).toEqual([]);
    expect(hits(filesUnder(t.config.dataDir).map((f): [string, string] => [f, fs.readFileSync(f, 'latin1').toLowerCase()]))).toEqual([]);
    expect(hits(await tableTexts(db, backend))).toEqual([]);
  });
});
