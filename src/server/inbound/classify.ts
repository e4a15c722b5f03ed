import { RECIPIENT_TAG_HEADER } from '../mail/recipient-tag';
import { cleanText, normaliseMessageId, type ParsedInbound } from './parse-mail';

// Which mails are not a customer speaking: delivery reports (bounces), mail from our own
// addresses, and automatic answers (out of office, vacation, list mail). None is threaded as a
// customer message; a permanent bounce marks the address instead.

export type Verdict =
  | { kind: 'customer' }
  | { kind: 'own'; detail: string }
  | { kind: 'auto-reply'; detail: string }
  | {
      kind: 'bounce';
      recipient: string | null;
      status: string | null;
      permanent: boolean;
      detail: string;
      /** The Message-IDs of the returned mail (normalised), as the report quotes them: ours or nothing. */
      quotedIds: string[];
      /** The recipient signatures of the returned mail (X-Gym-Recipient-Tag): valid for the address, or nothing. */
      quotedTags: string[];
    };

type Facts = Pick<ParsedInbound, 'fromAddress' | 'subject' | 'headers' | 'contentType' | 'reportType' | 'text' | 'attachments'>;

const first = (m: Facts, name: string): string | null => m.headers.get(name)?.[0]?.trim() ?? null;

// Out-of-office subjects (fallback when the automatic-answer headers are missing), several languages.
const OUT_OF_OFFICE =
  /^(auto(matic)?[ -]?(reply|response|antwort|réponse|respuesta|risposta)|out of (the )?office|away from (the )?office|on vacation|vacation (reply|notice)|abwesenheit|abwesenheitsnotiz|nicht im büro|absence|absent(e)? du bureau|réponse automatique|respuesta automática|fuera de la oficina|risposta automatica|fuori sede|automatisch antwoord|afwezig|автоответ|автоматический ответ|меня нет в офисе|в отпуске|自动回复|自動回覆|不在办公室|ตอบกลับอัตโนมัติ)/i;

/** Why the mail is an automatic answer, or null. */
export function autoReplyReason(m: Facts): string | null {
  const auto = first(m, 'auto-submitted');
  if (auto && auto.toLowerCase().split(';')[0].trim() !== 'no') return `Auto-Submitted: ${auto}`;
  if (m.headers.has('x-autoreply')) return 'X-Autoreply';
  if (m.headers.has('x-autorespond')) return 'X-Autorespond';
  if (m.headers.has('x-autoreply-from')) return 'X-Autoreply-From';
  // X-Auto-Response-Suppress is set on ordinary Outlook mail too: not a sign of an automatic answer.
  const precedence = first(m, 'precedence')?.toLowerCase();
  if (precedence && ['auto_reply', 'bulk', 'junk', 'list'].includes(precedence)) return `Precedence: ${precedence}`;
  if (m.headers.has('list-id') || m.headers.has('list-unsubscribe')) return 'list mail';
  const subject = m.subject.replace(/^((re|aw|wg|fwd?|tr|sv|антв|ответ)\s*:\s*)+/i, '');
  if (OUT_OF_OFFICE.test(subject)) return `subject: ${m.subject.slice(0, 100)}`;
  return null;
}

/** How much of a delivery report is read. */
const REPORT_CHARS = 64 * 1024;

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon|bounces?|mdaemon)@/i;

/** The fields of a message/delivery-status part: the first per-recipient block that failed. */
function deliveryStatus(text: string): { recipient: string | null; status: string | null; action: string | null } {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n\s*\n/);
  let best: { recipient: string | null; status: string | null; action: string | null } = { recipient: null, status: null, action: null };
  for (const block of blocks) {
    const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(block.replace(/\n[ \t]+/g, ' '))?.[1]?.trim() ?? null;
    const finalRcpt = field('Final-Recipient') ?? field('Original-Recipient');
    if (!finalRcpt) continue;
    const recipient = finalRcpt.includes(';') ? finalRcpt.split(';').slice(1).join(';').trim() : finalRcpt;
    const current = { recipient: recipient.replace(/^<|>$/g, '') || null, status: field('Status'), action: field('Action')?.toLowerCase() ?? null };
    if (!best.recipient || current.action === 'failed') best = current;
    if (current.action === 'failed') break;
  }
  return best;
}

/** Parts of a report that carry the returned mail or its headers. */
const RETURNED_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers', 'message/global', 'message/global-headers']);

/** The values of the Message-ID header lines in a block of header text (a folded value included). */
function messageIdLines(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < 10; i++) {
    const line = lines[i];
    if (line.length > 1000 || line.slice(0, 11).toLowerCase() !== 'message-id:') continue;
    const value = line.slice(11).trim() || (lines[i + 1] ?? '').slice(0, 1000).trim();
    const open = value.indexOf('<');
    const close = value.indexOf('>', open + 1);
    const id = normaliseMessageId(open >= 0 && close > open ? value.slice(open, close + 1) : value);
    if (id) out.push(id);
  }
  return out;
}

const TAG_NAME = `${RECIPIENT_TAG_HEADER.toLowerCase()}:`;

/** The values of the recipient-signature header lines in a block of header text. */
function tagLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (out.length >= 10) break;
    if (line.length > 200 || line.slice(0, TAG_NAME.length).toLowerCase() !== TAG_NAME) continue;
    const value = line.slice(TAG_NAME.length).trim();
    if (value) out.push(value);
  }
  return out;
}

/** The texts a report returns of our mail: its attached copy or headers, then its own text. */
function returnedTexts(m: Facts): string[] {
  const parts = m.attachments.filter((a) => RETURNED_TYPES.has(a.contentType)).map((a) => a.content.subarray(0, REPORT_CHARS).toString('utf8'));
  return [...parts, m.text.slice(0, REPORT_CHARS)].map((t) => t.replaceAll('\r', ''));
}

/** What a report quotes of the returned mail: its Message-IDs and recipient signatures, ten of each at most. */
function quoted(m: Facts): { ids: string[]; tags: string[] } {
  const texts = returnedTexts(m);
  return { ids: [...new Set(texts.flatMap(messageIdLines))].slice(0, 10), tags: [...new Set(texts.flatMap(tagLines))].slice(0, 10) };
}

/** A delivery report's facts, or null when the mail is not one. */
export function bounceFacts(m: Facts): Extract<Verdict, { kind: 'bounce' }> | null {
  const isReport = m.contentType === 'multipart/report' && (m.reportType === 'delivery-status' || m.reportType === null);
  const fromDaemon = DAEMON.test(m.fromAddress ?? '');
  if (!isReport && !fromDaemon) return null;
  const part = m.attachments.find((a) => a.contentType === 'message/delivery-status' || a.contentType === 'message/global-delivery-status');
  // Without a machine-readable part, some servers still write the fields in the text.
  // A report's fields are a few lines: only its first REPORT_CHARS are read.
  const text = m.text.slice(0, REPORT_CHARS);
  const source = cleanText(part ? part.content.subarray(0, REPORT_CHARS).toString('utf8') : /Final-Recipient:/i.test(text) ? text : '');
  const ds = deliveryStatus(source);
  if (!isReport && !ds.recipient) {
    // A daemon's mail without a readable report: still not a customer.
    return { kind: 'bounce', recipient: null, status: null, permanent: false, detail: 'delivery report without recipient', quotedIds: [], quotedTags: [] };
  }
  const permanent = /^5\.\d{1,3}\.\d{1,3}$/.test(ds.status ?? '') || (ds.status === null && ds.action === 'failed');
  const recipient = ds.recipient && /^[^\s@]+@[^\s@]+$/.test(ds.recipient) ? ds.recipient.toLowerCase() : null;
  const detail = [recipient ?? 'unknown recipient', ds.status ? `status ${ds.status}` : null, ds.action].filter(Boolean).join(', ');
  const { ids, tags } = quoted(m);
  return { kind: 'bounce', recipient, status: ds.status, permanent: permanent && recipient !== null, detail, quotedIds: ids, quotedTags: tags };
}

/** Bounce first (reports often carry Auto-Submitted too), then our own addresses, then auto-replies. */
export function classify(m: Facts, ownAddresses: ReadonlySet<string>): Verdict {
  const bounce = bounceFacts(m);
  if (bounce) return bounce;
  const from = (m.fromAddress ?? '').toLowerCase();
  const at = from.lastIndexOf('@');
  const untagged = at > 0 ? `${from.slice(0, at).split('+')[0]}${from.slice(at)}` : from;
  if (from && (ownAddresses.has(from) || ownAddresses.has(untagged))) return { kind: 'own', detail: `from ${from}` };
  const auto = autoReplyReason(m);
  if (auto) return { kind: 'auto-reply', detail: auto };
  return { kind: 'customer' };
}
