import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real MIME mails of tests/fixtures/inbound, with {{PLACEHOLDERS}} for the ids of a run.
const FIXTURES = fileURLToPath(new URL('../fixtures/inbound/', import.meta.url));

/** A fixture mail with its placeholders filled, CRLF line ends as mail travels. */
export function inboundFixture(name: string, vars: Record<string, string> = {}): Buffer {
  let text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
  for (const [k, v] of Object.entries(vars)) text = text.split(`{{${k}}}`).join(v);
  if (/\{\{[A-Z_]+\}\}/.test(text)) throw new Error(`fixture ${name}: a placeholder is left`);
  return Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
}

/** Polls until `check` answers a value that is not undefined/false, or fails after the timeout. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
