import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { mailFromAddress } from '../mail-address';
import type { SignedRow } from './compose';
import { createComposer } from './compose-thread';

export interface MailSender {
  /** Delivers one outbox row; throws when the delivery failed. */
  send(row: SignedRow): Promise<void>;
  /** Removes the local copy of a sent row, if the sender keeps one (the .eml file). */
  discard?(id: number): Promise<void>;
  close(): void;
}

// Loaded with the first e-mail, not at start.
const require = createRequire(import.meta.url);

/** SMTP when SMTP_URL is set, else one .eml file per e-mail in DATA_DIR/outbox. */
export function createMailSender(config: Config, opts: { onThreadError?: (err: unknown) => void } = {}): MailSender {
  const composer = createComposer(config, { thread: config.mailComposeThread, onThreadError: opts.onThreadError });
  if (config.smtpUrl) {
    // Bounded timeouts keep one delivery well inside the claim's lease.
    const nodemailer = require('nodemailer') as typeof Nodemailer;
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      async send(row) {
        const raw = await composer.compose(row);
        // The message is built already: SMTP gets its bytes and the envelope.
        await transport.sendMail({ envelope: { from: mailFromAddress(config.mailFrom), to: [mailFromAddress(row.to_address)] }, raw });
      },
      close: () => {
        transport.close();
        composer.close();
      },
    };
  }

  const dir = path.join(config.dataDir, 'outbox');
  // Made once per sender, not once per e-mail (a threadpool round trip each).
  let dirReady: Promise<unknown> | undefined;
  return {
    async send(row) {
      const raw = await composer.compose(row);
      dirReady ??= fs.mkdir(dir, { recursive: true }).catch((err) => {
        dirReady = undefined;
        throw err;
      });
      await dirReady;
      const name = row.fileName ?? String(row.id);
      const final = path.join(dir, `${name}.eml`);
      const temp = path.join(dir, `.${name}.${process.pid}.tmp`);
      // Written aside then renamed: a reader never sees half a file.
      const handle = await fs.open(temp, 'w').catch((err: NodeJS.ErrnoException) => {
        // The folder was removed meanwhile: make it again on the next attempt.
        if (err.code === 'ENOENT') dirReady = undefined;
        throw err;
      });
      try {
        await handle.writeFile(raw);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, final);
    },
    async discard(id) {
      await fs.rm(path.join(dir, `${id}.eml`), { force: true });
    },
    close: () => composer.close(),
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
