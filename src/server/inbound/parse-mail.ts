import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type Attachment, type ParsedMail } from 'mailparser';
import { trimBrackets } from './mail-html';

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

/** Longest Message-ID kept (RFC 5322's line length): a longer one is not an id we could have sent. */
export const MAX_MESSAGE_ID = 998;
/** Longest key stored as written; a longer (normalised) Message-ID is keyed by its digest. */
const MAX_PLAIN_KEY = 200;
/** Header values kept per header name, and the length of each. */
const MAX_HEADER_VALUES = 50;
export const MAX_HEADER_CHARS = 8 * 1024;
/** In-Reply-To and References ids kept (the newest). */
const MAX_REFERENCES = 100;
/** Longest display name, subject and address read from a header before they are cut for storage. */
const MAX_FIELD = 1000;

/** The text without NUL characters (PostgreSQL refuses them in text) and at most `max` characters. */
export function cleanText(value: string, max = Number.POSITIVE_INFINITY): string {
  const v = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  return v.length > max ? v.slice(0, max) : v;
}

/** '<AbC@x>' → 'abc@x'; null for nothing usable (empty, spaces inside, or longer than MAX_MESSAGE_ID). */
export function normaliseMessageId(id: string | null | undefined): string | null {
  const v = trimBrackets(cleanText(id ?? '').trim())
    .trim()
    .toLowerCase();
  return v && v.length <= MAX_MESSAGE_ID && !/\s/.test(v) ? v : null;
}

/** The unique key of a Message-ID: the id itself, or a digest of it when it is long. */
export const messageIdKey = (normalised: string): string =>
  normalised.length <= MAX_PLAIN_KEY ? normalised : `msgid-sha256:${createHash('sha256').update(normalised).digest('hex')}`;

export const digestKey = (raw: Buffer): string => `sha256:${createHash('sha256').update(raw).digest('hex')}`;

function addresses(value: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  const out: { address: string; name: string }[] = [];
  const walk = (list: { address?: string; name: string; group?: { address?: string; name: string }[] }[]) => {
    for (const a of list) {
      if (a.address) out.push({ address: cleanText(a.address.trim(), MAX_FIELD), name: cleanText(a.name?.trim() ?? '', MAX_FIELD) });
      if (a.group) walk(a.group);
    }
  };
  for (const obj of Array.isArray(value) ? value : value ? [value] : []) walk(obj.value);
  return out;
}

/**
 * The raw header lines, unfolded, by lower-case name (mailparser's parsed values vary by header);
 * at most MAX_HEADER_VALUES values per name, each cut at MAX_HEADER_CHARS, without NUL.
 */
function headerMap(parsed: ParsedMail): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const { key, line } of parsed.headerLines) {
    const name = key.toLowerCase();
    const list = map.get(name) ?? [];
    if (list.length >= MAX_HEADER_VALUES) continue;
    const colon = line.indexOf(':');
    const value = cleanText(colon >= 0 ? line.slice(colon + 1, colon + 1 + 4 * MAX_HEADER_CHARS) : '')
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    list.push(value.slice(0, MAX_HEADER_CHARS));
    map.set(name, list);
  }
  return map;
}

const idsIn = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((v) => v.match(/<[^<>\s]+>/g) ?? [v])
    .map(normaliseMessageId)
    .filter((v): v is string => v !== null)
    .slice(-MAX_REFERENCES);

/** Addresses written in a header like Delivered-To (bare, or 'Name <a@b>'): the words holding an @. */
const rawAddresses = (values: string[] | undefined): string[] =>
  (values ?? []).flatMap((v) => v.split(/[\s<>,;"]+/).filter((w) => w.length > 2 && w.length <= 320 && w.indexOf('@') > 0 && w.indexOf('@') < w.length - 1));

export async function parseMail(raw: Buffer): Promise<ParsedInbound> {
  const parsed = await simpleParser(raw, PARSE_LIMITS);
  const headers = headerMap(parsed);
  const from = addresses(parsed.from)[0] ?? null;
  const messageId = cleanText(parsed.messageId ?? '').trim() || null;
  const normalised = normaliseMessageId(messageId);
  const ct = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date.toISOString() : null;
  const contentType = cleanText(ct?.value ?? 'text/plain', 200).toLowerCase();
  return {
    messageId: normalised && messageId ? `<${trimBrackets(messageId).trim()}>` : null,
    messageKey: normalised ? messageIdKey(normalised) : digestKey(raw),
    fromAddress: from?.address ?? null,
    fromName: from?.name || null,
    subject: cleanText(parsed.subject ?? '', 4 * MAX_FIELD)
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_FIELD),
    sentAt: date,
    recipients: [
      ...addresses(parsed.to).map((a) => a.address),
      ...addresses(parsed.cc).map((a) => a.address),
      ...rawAddresses(headers.get('delivered-to')),
      ...rawAddresses(headers.get('x-original-to')),
      ...rawAddresses(headers.get('envelope-to')),
    ].slice(0, 200),
    inReplyTo: idsIn(parsed.inReplyTo),
    references: idsIn(parsed.references),
    headers,
    contentType,
    reportType: ct?.params?.['report-type'] ? cleanText(ct.params['report-type'], 100).toLowerCase() : null,
    text: cleanText(parsed.text ?? ''),
    // A byte search, no copy of the mail: enough to know the text did not come from the HTML.
    hasPlainPart:
      raw.indexOf('text/plain') >= 0 ||
      raw.indexOf('Text/Plain') >= 0 ||
      raw.indexOf('TEXT/PLAIN') >= 0 ||
      !(contentType.startsWith('multipart') || contentType.startsWith('text/html')),
    html: typeof parsed.html === 'string' && parsed.html.trim() ? cleanText(parsed.html) : null,
    attachments: parsed.attachments.map((a: Attachment) => ({
      filename: a.filename ? cleanText(a.filename, 255) : null,
      contentType: cleanText(a.contentType || 'application/octet-stream', 100).toLowerCase(),
      content: a.content,
      cid: normaliseMessageId(a.contentId ?? a.cid ?? null),
    })),
  };
}
