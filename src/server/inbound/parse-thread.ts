import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParseAnswer, ParseRequest } from './parse-worker';
import type { PreparedMail } from './prepare-mail';

// Mail is parsed and cleaned in a thread of its own, one mail at a time, under a time limit
// (INBOUND_PARSE_SECONDS). A mail that overruns it has its thread ended (and a fresh one started
// for the next mail): the server's thread keeps answering whatever the mail holds, and the import
// records the overrun (the reader quarantines such a mail, imap-reader.ts).

/** The mail took longer than the limit to parse and clean. */
export class ParseTimeLimit extends Error {
  constructor(limitMs: number) {
    super(`parsing took longer than the limit (${Math.round(limitMs / 1000)} s)`);
    this.name = 'ParseTimeLimit';
  }
}

/** The parsing thread ended without an answer (out of memory, a crash in a parser). */
export class ParseThreadFailed extends Error {
  constructor(detail: string) {
    super(`the parsing thread stopped: ${detail}`);
    this.name = 'ParseThreadFailed';
  }
}

/** How long a starting thread may take to load its code (under load, tsx compiling in tests). */
const LOAD_LIMIT_MS = 120_000;

/** Memory the thread may use: a mail is at most INBOUND_MAX_MAIL_MB, parsed a few times over. */
const THREAD_HEAP_MB = 512;

/** The bundled file beside the server's bundle (dist/node/inbound/parse-worker.js), else the source through tsx. */
function workerEntry(): { url: URL; typescript: boolean } {
  const bundled = new URL('./inbound/parse-worker.js', import.meta.url);
  if (bundled.protocol === 'file:' && fs.existsSync(fileURLToPath(bundled))) return { url: bundled, typescript: false };
  return { url: new URL('./parse-worker.ts', import.meta.url), typescript: true };
}

function startWorker(): Worker {
  const { url, typescript } = workerEntry();
  const resourceLimits = { maxOldGenerationSizeMb: THREAD_HEAP_MB };
  if (!typescript) return new Worker(url, { resourceLimits });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

interface Job {
  raw: Buffer;
  limitMs: number;
  resolve: (mail: PreparedMail) => void;
  reject: (err: Error) => void;
}

let worker: Worker | undefined;
let ready: Promise<void> | undefined;
let nextId = 1;
const queue: Job[] = [];
let busy = false;

/** The running thread, started when needed; resolves once it has loaded its code. */
function thread(): { w: Worker; ready: Promise<void> } {
  if (worker && ready) return { w: worker, ready };
  const w = startWorker();
  w.unref();
  worker = w;
  ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: ParseAnswer) => {
      if ('ready' in m) {
        w.off('message', onMessage);
        resolve();
      }
    };
    w.on('message', onMessage);
    w.once('error', reject);
    w.once('exit', (code) => reject(new ParseThreadFailed(`exit ${code}`)));
  });
  ready.catch(() => {});
  w.once('exit', () => {
    if (worker === w) {
      worker = undefined;
      ready = undefined;
    }
  });
  return { w, ready };
}

/** Ends the thread (a mail overran its limit, or the process is stopping). */
export async function stopParseThread(): Promise<void> {
  const w = worker;
  worker = undefined;
  ready = undefined;
  if (w) await w.terminate();
}

async function run(job: Job): Promise<PreparedMail> {
  const { w, ready: loaded } = thread();
  // The limit counts from the moment the thread has the mail, not from its start.
  let loadTimer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      loaded,
      new Promise((_, reject) => {
        loadTimer = setTimeout(() => reject(new ParseThreadFailed('it did not start')), LOAD_LIMIT_MS);
      }),
    ]);
  } catch (err) {
    void stopParseThread();
    // Not the mail's doing: an ordinary failure (counted like any other), never a quarantine at once.
    throw new Error(`the parsing thread could not start: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(loadTimer);
  }
  const id = nextId++;
  return new Promise<PreparedMail>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      fn();
    };
    const onMessage = (m: ParseAnswer) => {
      if ('ready' in m || m.id !== id) return;
      if (m.error !== undefined) finish(() => reject(new Error(m.error)));
      // Buffers arrive as plain Uint8Arrays: the attachments become Buffers again (no copy).
      else
        finish(() =>
          resolve({
            ...m.mail,
            attachments: m.mail.attachments.map((a) => ({ ...a, content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength) })),
          }),
        );
    };
    const onError = (err: Error) => finish(() => reject(new ParseThreadFailed(err.message)));
    const onExit = (code: number) => finish(() => reject(new ParseThreadFailed(`exit ${code}`)));
    const timer = setTimeout(() => {
      finish(() => reject(new ParseTimeLimit(job.limitMs)));
      void stopParseThread();
    }, job.limitMs);
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    const raw = new Uint8Array(job.raw.buffer, job.raw.byteOffset, job.raw.byteLength);
    w.postMessage({ id, raw, nonce: randomBytes(12).toString('hex') } satisfies ParseRequest);
  });
}

function drain(): void {
  if (busy) return;
  const job = queue.shift();
  if (!job) return;
  busy = true;
  run(job)
    .then(job.resolve, (err: unknown) => job.reject(err instanceof Error ? err : new Error(String(err))))
    .finally(() => {
      busy = false;
      drain();
    });
}

/**
 * The mail parsed and cleaned in the parsing thread. Rejects with ParseTimeLimit when it takes
 * longer than `limitMs` (the thread is then replaced), with ParseThreadFailed when the thread dies.
 */
export function prepareInThread(raw: Buffer, limitMs: number): Promise<PreparedMail> {
  return new Promise((resolve, reject) => {
    queue.push({ raw, limitMs, resolve, reject });
    drain();
  });
}
