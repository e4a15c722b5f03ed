import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// SQLite in WAL mode copies the log back into the database file (a checkpoint) every 1,000 pages,
// inside whichever commit crosses the mark: that commit then writes and fsyncs megabytes on the
// main thread, and every request waiting behind it waits too (a burst of bookings saw its
// slowest answers there). A second connection in a worker thread checkpoints instead, on its own
// thread, while the main connection keeps committing; the main connection's own checkpoint stays
// as a backstop far higher, in case the thread stops.

/** Pages the main connection lets the log grow to before checkpointing itself (backstop). */
export const BACKSTOP_PAGES = 20_000;
/** SQLite's own default, restored if the thread cannot run. */
const DEFAULT_PAGES = 1_000;
const INTERVAL_MS = 100;

// Plain CommonJS evaluated in the thread: nothing to bundle, better-sqlite3 is found by path.
const THREAD_CODE = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 0');
// Checkpointing reads the log and writes pages: no need for a page cache of its own.
db.pragma('cache_size = -256');
let runs = 0;
const timer = setInterval(() => {
  try {
    // PASSIVE: copies what no reader still needs, never waits for or blocks a writer.
    db.pragma('wal_checkpoint(PASSIVE)');
    runs += 1;
  } catch (err) {
    if (!/busy|locked/i.test(String(err && err.message))) throw err;
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'runs') parentPort.postMessage({ runs });
  if (m === 'stop') { clearInterval(timer); db.close(); parentPort.close(); }
});
`;

export interface Checkpointer {
  /** Checkpoints the thread has run (tests). */
  runs(): Promise<number>;
  close(): Promise<void>;
}

interface PragmaTarget {
  pragma(source: string): unknown;
}

/** Starts the checkpointing thread for the database file `file`, whose main connection is `main`. */
export function startCheckpointer(main: PragmaTarget, file: string, onError?: (err: unknown) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let worker: Worker | undefined = new Worker(THREAD_CODE, {
    eval: true,
    workerData: { driver, file, intervalMs: INTERVAL_MS },
    // A few objects a tick: a small heap keeps the server's memory where it was.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
  });
  worker.unref();
  main.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const fallBack = (err: unknown) => {
    // The main connection checkpoints as SQLite does by default again: slower bursts, nothing lost.
    worker = undefined;
    try {
      main.pragma(`wal_autocheckpoint = ${DEFAULT_PAGES}`);
    } catch {
      /* the connection is closing */
    }
    onError?.(err);
  };
  worker.on('error', fallBack);
  worker.on('exit', (code) => {
    if (worker && code !== 0) fallBack(new Error(`checkpoint thread exited with code ${code}`));
  });
  return {
    runs: () =>
      new Promise((resolve) => {
        if (!worker) return resolve(0);
        worker.once('message', (m: { runs: number }) => resolve(m.runs));
        worker.postMessage('runs');
      }),
    close: async () => {
      const w = worker;
      worker = undefined;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      w.postMessage('stop');
      // A checkpoint in progress finishes first; a stuck thread is cut off.
      const cut = setTimeout(() => void w.terminate(), 2_000);
      await exited;
      clearTimeout(cut);
    },
  };
}
