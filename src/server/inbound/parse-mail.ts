import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';

// One mail from raw bytes to the facts the import needs. The raw mail is already capped by the
// reader (INBOUND_MAX_MAIL_MB); the parser's own limits keep a crafted mail from multiplying that
// (thousands of parts, a huge header block, a giant HTML part converted to text).

export interface MailAttachmentPart {
  filename: string | null;
  contentType: string;
  content: Buffer;
  /** Content-ID without angle brackets, for `cid:` links in the HTML. */
  cid: string | null;
}

export interface ParsedInbound {
  /** The Message-ID as written, angle brackets included; null when the mail has none. */
  messageId: string | null;
  /** inbound_mails.message_key: the Message-ID lower-cased without brackets, else a digest. */
  messageKey: string;
  fromAddress: string | null;
  fromName: string | null;
  subject: string;
  sentAt: string | null;
  /** To, Cc, Delivered-To and X-Original-To addresses. */
  recipients: string[];
  /** In-Reply-To then References (newest last), normalised: lower-case, no brackets. */
  inReplyTo: string[];
  references: string[];
  /** Header name (lower-case) → every value, unfolded. */
  headers: Map<string, string[]>;
  /** The top Content-Type, e.g. 'multipart/report', and its report-type parameter. */
  contentType: string;
  reportType: string | null;
  text: string;
  /** False when the mail has no text/plain part (then `text` was made from the HTML). */
  hasPlainPart: boolean;
  html: string | null;
  attachments: MailAttachmentPart[];
}

const PARSE_LIMITS = {
  maxChildNodes: 200,
  maxHeadSize: 256 * 1024,
  // Beyond this an HTML-only mail is not turned into text by the parser (we fall back to ours).
  maxHtmlLengthToParse: 2 * 1024 * 1024,
  checksumAlgo: false as const,
  keepCidLinks: true,
  keepDeliveryStatus: true,
  skipTextToHtml: true,
  skipImageLinks: true,
};

/** '<AbC@x>' → 'abc@x'; null for nothing usable. */
export function normaliseMessageId(id: string | null | undefined): string | null {
  const v = (id ?? '')
    .trim()
    .replace(/^<+|>+$/g, '')
    .trim()
    .toLowerCase();
  return v && !/\s/.test(v) ? v : null;
}

export const digestKey = (raw: Buffer): string => `sha256:${createHash('sha256').update(raw).digest('hex')}`;

function addresses(value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const out: { address: string; name: string }[] = [];
  const walk = (list: { address?: string; name: string; group?: { address?: string; name: string }[] }[]) => {
    for (const a of list) {
      if (a.address) out.push({ address: a.address.trim(), name: a.name?.trim() ?? '' });
      if (a.group) walk(a.group);
    }
  };
  for (const obj of Array.isArray(value) ? value : value ? [value] : []) walk(obj.value);
  return out;
}

/** The raw header lines, unfolded, by lower-case name (mailparser's parsed values vary by header). */
function headerMap(parsed: ParsedMail): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const colon = line.indexOf(':');
    const value = (colon >= 0 ? line.slice(colon + 1) : '').replace(/\r?\n[ \t]+/g, ' ').trim();
    const name = key.toLowerCase();
    map.set(name, [...(map.get(name) ?? []), value]);
  }
  return map;
}

const idsIn = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((v) => v.match(/<[^<>\s]+>/g) ?? [v])
    .map(normaliseMessageId)
    .filter((v): v is string => v !== null);

/** Addresses written in a header like Delivered-To (bare, or 'Name <a@b>'). */
const rawAddresses = (values: string[] | undefined): string[] => (values ?? []).flatMap((v) => v.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []);

export async function parseMail(raw: Buffer): Promise<ParsedInbound> {
  const parsed = await simpleParser(raw, PARSE_LIMITS);
  const headers = headerMap(parsed);
  const from = addresses(parsed.from)[0] ?? null;
  const messageId = parsed.messageId?.trim() || null;
  const normalised = normaliseMessageId(messageId);
  const ct = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  return {
    messageId: normalised ? `<${messageId!.replace(/^<+|>+$/g, '').trim()}>` : null,
    messageKey: normalised ?? digestKey(raw),
    fromAddress: from?.address ?? null,
    fromName: from?.name || null,
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim(),
    sentAt: date,
    recipients: [
      ...addresses(parsed.to).map((a) => a.address),
      ...addresses(parsed.cc).map((a) => a.address),
      ...rawAddresses(headers.get('delivered-to')),
      ...rawAddresses(headers.get('x-original-to')),
      ...rawAddresses(headers.get('envelope-to')),
    ],
    inReplyTo: idsIn(parsed.inReplyTo),
    references: idsIn(parsed.references),
    headers,
    contentType: (ct?.value ?? 'text/plain').toLowerCase(),
    reportType: ct?.params?.['report-type']?.toLowerCase() ?? null,
    text: parsed.text ?? '',
    // A byte search, no copy of the mail: enough to know the text did not come from the HTML.
    hasPlainPart:
      raw.indexOf('text/plain') >= 0 ||
      raw.indexOf('Text/Plain') >= 0 ||
      raw.indexOf('TEXT/PLAIN') >= 0 ||
      !/^(multipart|text\/html)/.test((ct?.value ?? 'text/plain').toLowerCase()),
    html: typeof parsed.html === 'string' && parsed.html.trim() ? parsed.html : null,
    attachments: parsed.attachments.map((a: Attachment) => ({
      filename: a.filename ?? null,
      contentType: (a.contentType || 'application/octet-stream').toLowerCase(),
      content: a.content,
      cid: normaliseMessageId(a.contentId ?? a.cid ?? null),
    })),
  };
}
