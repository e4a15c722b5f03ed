import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { MailAttachment, MailCalendarPart } from '../../context';
import type { OutboxRow } from '../../db/schema';
import { RECIPIENT_TAG_HEADER } from '../recipient-tag';
import { calendarText } from '../templates/calendar';
import { renderedRow } from './outbox-parts';

// An outbox row made into the bytes of an e-mail (MIME, CRLF lines). Pure CPU, no database and
// no network: it runs in the composing thread (compose-thread.ts) so that building messages
// never holds up the requests the main thread answers.

/** What composing needs of the configuration (passed to the composing thread). */
export type ComposeConfig = Pick<Config, 'mailFrom' | 'publicUrl' | 'timezone' | 'notifyEmail'>;

/** A row as the outbox hands it over: with the signature of its recipient (see recipient-tag.ts). */
/** `fileName`: the .eml file's name without SMTP (a campaign's rows are not outbox rows; default: the id). */
export type SignedRow = OutboxRow & { recipientTag?: string; fileName?: string };

/** The stored parts of a row (JSON columns, see migration 005) as nodemailer options. */
function partsOf(config: ComposeConfig, row: OutboxRow): Partial<SendMailOptions> {
  const out: Partial<SendMailOptions> = {};
  if (row.calendar) {
    const cal = JSON.parse(row.calendar) as MailCalendarPart;
    // A text/calendar alternative with its method, and the same file attached.
    out.icalEvent = { method: cal.method, filename: cal.filename ?? 'invite.ics', content: calendarText(config, cal) };
  }
  if (row.attachments) {
    out.attachments = (JSON.parse(row.attachments) as MailAttachment[]).map((a) => ({
      filename: a.filename,
      content: a.content,
      ...(a.encoding ? { encoding: a.encoding } : {}),
      contentType: a.contentType,
      ...(a.cid ? { cid: a.cid } : {}),
    }));
  }
  if (row.headers) out.headers = JSON.parse(row.headers) as Record<string, string>;
  return out;
}

export function messageOf(config: ComposeConfig, stored: SignedRow): SendMailOptions {
  // A deferred e-mail (a booking's confirmation) is written now, from the facts in its row.
  const row = renderedRow(config, stored);
  const parts = partsOf(config, row);
  // Added after the row's own headers, which are written out again for a deferred e-mail.
  if (stored.recipientTag) parts.headers = { ...(parts.headers as Record<string, string> | undefined), [RECIPIENT_TAG_HEADER]: stored.recipientTag };
  return {
    ...parts,
    from: config.mailFrom,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    replyTo: row.reply_to ?? undefined,
    // The same Message-ID on every attempt, so a receiver can recognise a repeat.
    messageId: row.message_id,
    // Our own content never refers to files or URLs to embed; refuse them outright.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

// Loaded with the first e-mail, not at start.
const require = createRequire(import.meta.url);
let builder: Transporter | undefined;

/** The whole message as it goes on the wire or into an .eml file. */
export async function composeRaw(config: ComposeConfig, row: SignedRow): Promise<Buffer> {
  builder ??= (require('nodemailer') as typeof Nodemailer).createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = (await builder.sendMail(messageOf(config, row))) as { message: Buffer };
  return info.message;
}
