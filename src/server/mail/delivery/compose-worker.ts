import { parentPort, workerData } from 'node:worker_threads';
import { composeRaw, type ComposeConfig, type SignedRow } from './compose';

// The composing thread's entry (see compose-thread.ts): a row in, the message's bytes out.

export interface ComposeRequest {
  id: number;
  row: SignedRow;
}

export type ComposeAnswer = { id: number; raw: Uint8Array; error?: undefined } | { id: number; error: string; raw?: undefined };

const config = (workerData as { config: ComposeConfig }).config;
const port = parentPort;
if (!port) throw new Error('compose-worker runs as a worker thread');

// The rows of one outbox batch arrive in one message and their answers leave in one: a message
// between threads has a fixed cost that, per e-mail, showed in the main thread's profile.
port.on('message', (batch: ComposeRequest[]) => {
  void Promise.all(
    batch.map((req) =>
      composeRaw(config, req.row).then(
        (raw): ComposeAnswer => ({ id: req.id, raw: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) }),
        (err: unknown): ComposeAnswer => ({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
      ),
    ),
  ).then((answers) => port.postMessage(answers));
});
