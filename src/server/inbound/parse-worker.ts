import { parentPort } from 'node:worker_threads';
import { prepareMail, type PreparedMail } from './prepare-mail';

// The parsing thread's entry (see parse-thread.ts): a raw mail in, the prepared mail out.

export interface ParseRequest {
  id: number;
  raw: Uint8Array;
  nonce: string;
}

export type ParseAnswer = { id: number; mail: PreparedMail; error?: undefined } | { id: number; error: string; mail?: undefined } | { ready: true };

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');

port.on('message', (req: ParseRequest) => {
  prepareMail(Buffer.from(req.raw.buffer, req.raw.byteOffset, req.raw.byteLength), req.nonce).then(
    (mail) => port.postMessage({ id: req.id, mail } satisfies ParseAnswer),
    (err: unknown) => port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies ParseAnswer),
  );
});
port.postMessage({ ready: true } satisfies ParseAnswer);
