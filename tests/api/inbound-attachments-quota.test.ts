import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, PushPayload } from '../../src/server/context';
import { contentDisposition } from '../../src/server/conversations/conversations.routes';
import { attachmentStorage } from '../../src/server/inbound/attachments';
import { importMail, type FoundMail } from '../../src/server/inbound/import-mail';
import { backends, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 33 point 5: names follow content, and the files kept from mail stay under a total quota.
// A PDF sent as `invoice.cmd` is kept as `invoice.pdf`, and the download's Content-Disposition
// (the name the back office saves under) says so. With INBOUND_ATTACHMENTS_MAX_MB reached, a new
// mail is still imported but its file is listed only; the older files stay, staff are notified,
// the mail's record says why, and the mailbox status shows the use.

/** A PDF of `size` bytes (its first bytes are what the import checks). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

function mailWith(tag: string, n: number, filename: string, content: Buffer): Buffer {
  const b = `b-${tag}-${n}`;
  return Buffer.from(
    [
      `From: Customer ${n} <customer${n}.${tag}@example.net>`,
      'To: hello@gym.test',
      `Subject: Invoice ${n}`,
      `Message-ID: <att${n}.${tag}@example.net>`,
      'Date: Wed, 25 Nov 2026 10:00:00 +0000',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${b}"`,
      '',
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Here is invoice ${n}.`,
      `--${b}`,
      `Content-Type: application/octet-stream; name="${filename}"`,
      `Content-Disposition: attachment; filename="${filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      content.toString('base64').replace(/.{76}/g, '$&\r\n'),
      `--${b}--`,
      '',
    ].join('\r\n'),
  );
}

let uid = 5000;
const found = (raw: Buffer): FoundMail => ({ mailbox: 'INBOX', uid: ++uid, size: raw.length, raw });

describe('contentDisposition', () => {
  it('is always an attachment, named after the stored type, and decodes back to the same name (RFC 6266/5987)', () => {
    for (const [name, expected] of [
      ['invoice.cmd', 'invoice.pdf'],
      ["l'été (copie)*.exe", "l'été (copie)*.pdf"],
      ['a"b\\c\r\nSet-Cookie: x.pdf', 'a"b_c__Set-Cookie: x.pdf'],
      ['.cmd', 'attachment.pdf'],
    ]) {
      const header = contentDisposition(name, 'abc.pdf');
      // attachment; filename="<printable ASCII, no quote or backslash>"; filename*=UTF-8''<attr-char or %XX only>
      const m = /^attachment; filename="([\x20-\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''((?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+)$/.exec(header);
      expect(m, header).not.toBeNull();
      expect(decodeURIComponent(m![2])).toBe(expected);
      expect(m![1]).toMatch(/\.pdf$/);
    }
    expect(contentDisposition('photo.png', 'abc-2048.webp')).toContain("filename*=UTF-8''photo.webp");
  });
});

describe.each(backends)('attachment names and quota on %s', (backend) => {
  let t: TestApp;
  let ctx: AppContext;
  let staff: string;
  const pushes: PushPayload[] = [];
  const tag = randomBytes(4).toString('hex');

  beforeAll(async () => {
    // 0.01 MB = 10,485 bytes: room for one 6,000-byte PDF, not two.
    t = await createTestApp(backend, {}, { INBOUND_ADDRESS: 'hello@gym.test', INBOUND_ATTACHMENTS_MAX_MB: '0.01' });
    ctx = { ...t.app.ctx, push: { notifyStaff: (p) => void pushes.push(p), notifyUser: () => undefined, idle: async () => {} } };
    staff = (await t.signIn('staff')).token;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const attachmentsOf = (conversationId: number) =>
    t.app.ctx.db
      .selectFrom('message_attachments as a')
      .innerJoin('conversation_messages as m', 'm.id', 'a.conversation_message_id')
      .select(['a.id', 'a.filename', 'a.content_type', 'a.size_bytes', 'a.storage_key'])
      .where('m.conversation_id', '=', conversationId)
      .execute();

  it('keeps a PDF sent as .cmd as invoice.pdf, downloaded under that name; past the quota a new file is listed only and staff are told', async () => {
    const first = await importMail(ctx, found(mailWith(tag, 1, 'invoice.cmd', pdf(6000))));
    expect(first.outcome).toBe('opened');
    const [kept] = await attachmentsOf(first.conversationId!);
    expect(kept).toMatchObject({ filename: 'invoice.pdf', content_type: 'application/pdf' });
    expect(kept.storage_key).toMatch(/\.pdf$/);

    const res = await t.inject({ method: 'GET', url: `/api/conversations/${first.conversationId}/attachments/${kept.id}`, token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The second PDF would pass the quota: the mail is imported, the file listed, not kept.
    const pushedBefore = pushes.length;
    const second = await importMail(ctx, found(mailWith(tag, 2, 'report.bat', pdf(6000))));
    expect(second.outcome).toBe('opened');
    const [listed] = await attachmentsOf(second.conversationId!);
    expect(listed).toMatchObject({ filename: 'report.pdf', storage_key: null });
    const record = await t.app.ctx.db.selectFrom('inbound_mails').select('detail').where('message_key', '=', second.messageKey).executeTakeFirstOrThrow();
    expect(record.detail).toContain('1 attachment not kept: the attachment storage is full');
    expect(pushes.slice(pushedBefore)).toEqual([
      expect.objectContaining({ title: 'Nouveau message par e-mail' }),
      expect.objectContaining({ title: 'Pièces jointes non conservées', url: `/admin/messages/${second.conversationId}` }),
    ]);
    const messages = (await t.inject({ method: 'GET', url: `/api/conversations/${second.conversationId}/messages`, token: staff })).json();
    expect(messages[0].attachments).toEqual([expect.objectContaining({ filename: 'report.pdf', url: null })]);

    // The older file stays, still downloadable.
    expect((await attachmentStorage(ctx).read(kept.storage_key!)).length).toBe(6000);
    const again = await t.inject({ method: 'GET', url: `/api/conversations/${first.conversationId}/attachments/${kept.id}`, token: staff });
    expect(again.statusCode).toBe(200);

    const status = (await t.inject({ method: 'GET', url: '/api/inbound/status', token: staff })).json();
    expect(status.attachments).toEqual({ keptBytes: 6000, maxBytes: Math.round(0.01 * 1024 * 1024) });

    // A small file still fits in what is left.
    const third = await importMail(ctx, found(mailWith(tag, 3, 'note', pdf(2000))));
    const [small] = await attachmentsOf(third.conversationId!);
    expect(small).toMatchObject({ filename: 'note.pdf' });
    expect(small.storage_key).not.toBeNull();
  });
});
