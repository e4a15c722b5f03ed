import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import type { Config } from '../config';
import type { MailAttachment, MailCalendarPart } from '../context';
import type { OutboxRow } from '../db/schema';

export interface MailSender {
  /** Delivers one outbox row; throws when the delivery failed. */
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

/** The stored parts of a row (JSON columns, see migration 005) as nodemailer options. */
function partsOf(row: OutboxRow): Partial<SendMailOptions> {
  const out: Partial<SendMailOptions> = {};
  if (row.calendar) {
    const cal = JSON.parse(row.calendar) as MailCalendarPart;
    // A text/calendar alternative with its method, and the same file attached.
    out.icalEvent = { method: cal.method, filename: cal.filename ?? 'invite.ics', content: cal.content };
  }
  if (row.attachments) {
    out.attachments = (JSON.parse(row.attachments) as MailAttachment[]).map((a) => ({
      filename: a.filename,
      content: a.content,
      ...(a.encoding ? { encoding: a.encoding } : {}),
      contentType: a.contentType,
    }));
  }
  if (row.headers) out.headers = JSON.parse(row.headers) as Record<string, string>;
  return out;
}

function messageOf(config: Config, row: OutboxRow): SendMailOptions {
  return {
    ...partsOf(row),
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

/** SMTP when SMTP_URL is set, else one .eml file per e-mail in DATA_DIR/outbox. */
export function createMailSender(config: Config): MailSender {
  const nodemailer = require('nodemailer') as typeof Nodemailer;
  if (config.smtpUrl) {
    // Bounded timeouts keep one delivery well inside the claim's lease.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(row) {
        await transport.sendMail(messageOf(config, row));
      },
      close: () => transport.close(),
    };
  }

  const dir = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  // Made once per sender, not once per e-mail (a threadpool round trip each).
  let dirReady: Promise<unknown> | undefined;
  return {
    async send(row) {
      const info = await transport.sendMail(messageOf(config, row));
      dirReady ??= fs.mkdir(dir, { recursive: true }).catch((err) => {
        dirReady = undefined;
        throw err;
      });
      await dirReady;
      const final = path.join(dir, `${row.id}.eml`);
      const temp = path.join(dir, `.${row.id}.${process.pid}.tmp`);
      // Written aside then renamed: a reader never sees half a file.
      const handle = await fs.open(temp, 'w').catch((err: NodeJS.ErrnoException) => {
        // The folder was removed meanwhile: make it again on the next attempt.
        if (err.code === 'ENOENT') dirReady = undefined;
        throw err;
      });
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, final);
    },
    close: () => transport.close(),
  };
}

/** An error text safe to store: never the SMTP password or the full connection URL. */
export function describeMailError(err: unknown, smtpUrl?: string): string {
  let text = err instanceof Error ? err.message : String(err);
  if (smtpUrl) {
    const secrets = new Set<string>([smtpUrl]);
    try {
      const u = new URL(smtpUrl);
      if (u.password) {
        secrets.add(u.password);
        secrets.add(decodeURIComponent(u.password));
      }
    } catch {
      /* not a URL: the whole text is already in the set */
    }
    for (const s of secrets) if (s) text = text.split(s).join('***');
  }
  return text.slice(0, 1000);
}
