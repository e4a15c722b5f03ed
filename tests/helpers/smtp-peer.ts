import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that keeps every message it accepts. `refuse(true)` makes it
// answer 451 (try again later) to every recipient until `refuse(false)`.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Unfolded header lines, lower-case names. */
  headers: Record<string, string>;
  /** Text after the header block, quoted-printable soft breaks undone. */
  body: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** How many RCPT commands were refused so far (tests check that retries happened). */
  refusedCount: number;
  refuse(on: boolean): void;
  /** Holds each message this long before accepting it (a slow server); 0 by default. */
  holdMs: number;
  /** Messages whose DATA has started arriving (accepted or not yet). */
  receiving: number;
  /** Connections that ended in an error, such as a client killed in the middle of a session. */
  connectionErrors: Error[];
  /** Resolves once `count` messages (total) have arrived, or rejects after the timeout. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export function parseMail(raw: string, from = '', to: string[] = []): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  let body = split >= 0 ? raw.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  } else if (/base64/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { from, to, raw, headers, body: body.replace(/\r\n/g, '\n') };
}

/** Decodes an RFC 2047 header (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) for assertions. */
export function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  let refusing = false;
  const waiters = new Set<() => void>();

  const peer: SmtpPeer = {
    port: 0,
    url: '',
    messages,
    refusedCount: 0,
    holdMs: 0,
    receiving: 0,
    connectionErrors: [],
    refuse(on) {
      refusing = on;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP peer got ${messages.length} message(s), expected ${count} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) {
        peer.refusedCount += 1;
        const err = Object.assign(new Error('Mailbox temporarily unavailable, try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      peer.receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const accept = () => {
          messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
          for (const w of [...waiters]) w();
          callback();
        };
        if (peer.holdMs > 0) setTimeout(accept, peer.holdMs);
        else accept();
      });
    },
  });

  // smtp-server re-emits a client's socket error (ECONNRESET when an instance is SIGKILLed in the
  // middle of a send) on the server: without a listener that would be an uncaught exception.
  server.on('error', (err: Error) => peer.connectionErrors.push(err));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  return peer;
}

/** Polls until `fn` returns a truthy value, or fails after the timeout. */
export async function waitUntil<T>(fn: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
