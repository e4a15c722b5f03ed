import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { composeRaw, type ComposeConfig, type SignedRow } from './compose';
import type { ComposeAnswer, ComposeRequest } from './compose-worker';

// Building an e-mail (the calendar file, MIME encoding) costs more CPU than the booking that
// queued it. The outbox hands that work to one worker thread, so a burst of bookings is
// answered by the main thread while their e-mails are built on another core. With
// MAIL_COMPOSE_THREAD=false (or if the thread cannot start) it is done in the main thread.

export interface Composer {
  /** The message's bytes, ready for SMTP (raw) or an .eml file. */
  compose(row: SignedRow): Promise<Buffer>;
  /** Messages built by the thread and in this thread so far. */
  stats(): { thread: number; inline: number };
  close(): void;
}

/**
 * The worker's code: the bundled file beside the server's bundle (dist/node/mail/delivery/compose-worker.js),
 * else the TypeScript source, loaded through tsx (development and tests).
 */
function workerEntry(): { url: URL; typescript: boolean } {
  const bundled = new URL('./mail/delivery/compose-worker.js', import.meta.url);
  if (bundled.protocol === 'file:' && fs.existsSync(fileURLToPath(bundled))) return { url: bundled, typescript: false };
  return { url: new URL('./compose-worker.ts', import.meta.url), typescript: true };
}

function startWorker(config: ComposeConfig, entry?: URL): Worker {
  const { url, typescript } = entry ? { url: entry, typescript: entry.pathname.endsWith('.ts') } : workerEntry();
  const workerData = { config: { mailFrom: config.mailFrom, publicUrl: config.publicUrl, timezone: config.timezone, notifyEmail: config.notifyEmail } };
  if (!typescript) return new Worker(url, { workerData });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

export function createComposer(config: ComposeConfig, opts: { thread: boolean; onThreadError?: (err: unknown) => void; entry?: URL }): Composer {
  const counts = { thread: 0, inline: 0 };
  const inline: Composer = {
    compose: (row) => composeRaw(config, row).then((raw) => ((counts.inline += 1), raw)),
    stats: () => ({ ...counts }),
    close: () => {},
  };
  if (!opts.thread) return inline;

  let worker: Worker | undefined;
  /** Set once the thread failed before answering anything: compose in this thread from then on. */
  let useInline = false;
  let answered = false;
  let nextId = 1;
  const pending = new Map<number, { row: SignedRow; resolve: (raw: Buffer) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  function thread(): Worker {
    if (worker) return worker;
    const w = startWorker(config, opts.entry);
    w.unref();
    w.on('message', (answers: ComposeAnswer[]) => {
      answered = true;
      for (const a of answers) {
        const p = pending.get(a.id);
        if (!p) continue;
        pending.delete(a.id);
        if (a.error !== undefined) p.reject(new Error(a.error));
        else {
          counts.thread += 1;
          p.resolve(Buffer.from(a.raw.buffer, a.raw.byteOffset, a.raw.byteLength));
        }
      }
    });
    w.on('error', (err) => {
      opts.onThreadError?.(err);
      if (answered) return failAll(err instanceof Error ? err : new Error(String(err)));
      // The thread never worked here (no worker file, no loader): build these and the next ones here.
      useInline = true;
      for (const p of pending.values()) inline.compose(p.row).then(p.resolve, p.reject);
      pending.clear();
    });
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      failAll(new Error('the e-mail composing thread stopped'));
    });
    worker = w;
    return w;
  }

  let outgoing: ComposeRequest[] = [];
  function flush() {
    const batch = outgoing;
    outgoing = [];
    if (batch.length === 0) return;
    if (useInline) {
      for (const { id, row } of batch) {
        const p = pending.get(id);
        pending.delete(id);
        if (p) inline.compose(row).then(p.resolve, p.reject);
      }
      return;
    }
    try {
      thread().postMessage(batch);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      for (const { id } of batch) {
        pending.get(id)?.reject(e);
        pending.delete(id);
      }
    }
  }

  return {
    compose(row) {
      if (useInline) return inline.compose(row);
      return new Promise<Buffer>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { row, resolve, reject });
        outgoing.push({ id, row });
        // The rows asked for in one turn of the event loop (an outbox batch) go in one message.
        if (outgoing.length === 1) setImmediate(flush);
      });
    },
    stats: () => ({ ...counts }),
    close() {
      const w = worker;
      worker = undefined;
      failAll(new Error('the e-mail composer was closed'));
      if (w) void w.terminate();
    },
  };
}
