// Whether the receiving server believed the sender: its Authentication-Results header (RFC 8601),
// found by its authserv-id (INBOUND_TRUSTED_AUTHSERV). Headers with any other authserv-id are
// ignored: anyone can write one. The receiving server removes forged copies of its own (RFC 8601
// §5), and adds its own above the sender's: the first one with our id is read.

export type SenderVerdict = { verified: true } | { verified: false; reason: string };

/** The header's text without its comments ("(…)", nested), read in one pass. */
function withoutComments(value: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (const c of value) {
    if (c === '"' && depth === 0) quoted = !quoted;
    if (!quoted && c === '(') depth++;
    if (depth === 0) out += c;
    if (!quoted && c === ')' && depth > 0) depth--;
  }
  return out;
}

/** method → result of one Authentication-Results value, or null when its authserv-id is not one of `authserv`. */
export function readAuthenticationResults(value: string, authserv: string | readonly string[]): Map<string, string> | null {
  const parts = withoutComments(value.slice(0, 8 * 1024)).split(';');
  const id = (parts[0] ?? '').trim().split(/\s/)[0]?.toLowerCase();
  const trusted = typeof authserv === 'string' ? [authserv] : authserv;
  if (!id || !trusted.some((t) => t.toLowerCase() === id)) return null;
  const results = new Map<string, string>();
  for (const part of parts.slice(1)) {
    const first = part.trim().split(/\s/)[0] ?? '';
    const eq = first.indexOf('=');
    if (eq <= 0) continue;
    const method = first.slice(0, eq).toLowerCase();
    // The first result of a method counts (several DKIM signatures: any pass is a pass).
    const result = first.slice(eq + 1).toLowerCase();
    if (!results.has(method) || result === 'pass') results.set(method, result);
  }
  return results;
}

const FAILED = new Set(['fail', 'softfail', 'permerror']);

/**
 * Not verified: DMARC failed, or SPF failed with DKIM failed (or absent). Verified
 * otherwise, and always when no trusted authserv-id is configured or none of its headers is there.
 */
export function senderVerdict(headers: ReadonlyMap<string, string[]>, authserv: string | readonly string[] | undefined): SenderVerdict {
  if (!authserv || authserv.length === 0) return { verified: true };
  let results: Map<string, string> | null = null;
  for (const value of headers.get('authentication-results') ?? []) {
    results = readAuthenticationResults(value, authserv);
    if (results) break;
  }
  if (!results) return { verified: true };
  const dmarc = results.get('dmarc');
  if (dmarc === 'fail') return { verified: false, reason: 'dmarc=fail' };
  const spf = results.get('spf') ?? 'none';
  const dkim = results.get('dkim') ?? 'none';
  // SPF failed and no DKIM signature passed (failed, or none to rescue it).
  if (FAILED.has(spf) && (FAILED.has(dkim) || dkim === 'none')) return { verified: false, reason: `spf=${spf}, dkim=${dkim}` };
  return { verified: true };
}
