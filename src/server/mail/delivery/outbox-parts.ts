import type { MailAttachment, MailCalendarPart } from '../../context';
import type { OutboxRow } from '../../db/schema';
import { writeDeferredMail, type DeferredMail, type DeferredMailConfig } from '../templates/deferred-mail';

// The JSON columns of an outbox row (migration 005), checked as they are written: by the
// outbox when an e-mail is queued, and by the composing thread when it writes a deferred one.

export const oneLine = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** Header names the outbox writes itself, or that would change how the message is read. */
const OWN_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'reply-to',
  'sender',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
  'return-path',
]);
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,75}$/;
const CALENDAR_METHODS = new Set<MailCalendarPart['method']>(['PUBLISH', 'REQUEST', 'CANCEL']);

/** A file name for a MIME header: one line, no path, no quotes. */
const safeFilename = (name: string) =>
  oneLine(name)
    .replace(/["\\/]/g, '_')
    .slice(0, 120) || 'attachment';

export function calendarJson(part: MailCalendarPart | null | undefined): string | null {
  if (!part) return null;
  if (!CALENDAR_METHODS.has(part.method)) throw new Error(`unknown calendar method ${String(part.method)}`);
  let stored: MailCalendarPart;
  if (part.content !== undefined) {
    if (!/^BEGIN:VCALENDAR\r?\n/.test(part.content)) throw new Error('calendar part is not a VCALENDAR');
    stored = { method: part.method, content: part.content };
  } else {
    if (part.event?.method !== part.method) throw new Error('calendar event and part disagree on the method');
    stored = { method: part.method, event: part.event };
  }
  if (part.filename) stored.filename = safeFilename(part.filename);
  return JSON.stringify(stored);
}

export function attachmentsJson(list: MailAttachment[] | null | undefined): string | null {
  if (!list || list.length === 0) return null;
  return JSON.stringify(
    list.map((a): MailAttachment => ({
      filename: safeFilename(a.filename),
      content: a.content,
      ...(a.encoding === 'base64' ? { encoding: 'base64' as const } : {}),
      contentType: oneLine(a.contentType),
      ...(a.cid && /^[A-Za-z0-9._-]{1,60}@[A-Za-z0-9.-]{1,60}$/.test(a.cid) ? { cid: a.cid } : {}),
    })),
  );
}

export function headersJson(headers: Record<string, string> | null | undefined): string | null {
  if (!headers) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || OWN_HEADERS.has(name.toLowerCase())) throw new Error(`header ${JSON.stringify(name)} cannot be set on an e-mail`);
    out[name] = oneLine(value);
  }
  return Object.keys(out).length > 0 ? JSON.stringify(out) : null;
}

/** The row with its text, HTML, calendar part and headers written out, if it is a deferred one. */
export function renderedRow(config: DeferredMailConfig, row: OutboxRow): OutboxRow {
  if (!row.template) return row;
  const m = writeDeferredMail(config, JSON.parse(row.template) as DeferredMail);
  return {
    ...row,
    subject: oneLine(m.subject),
    text_body: m.text,
    html_body: m.html ?? null,
    calendar: calendarJson(m.calendar),
    attachments: attachmentsJson(m.attachments),
    headers: headersJson(m.headers),
    template: null,
  };
}
