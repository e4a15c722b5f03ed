import { LIMITS } from '../../shared/schemas/common';
import { sanitizeMailHtml, textOfHtml } from './mail-html';
import { parseMail, type ParsedInbound } from './parse-mail';
import { visibleReplyText } from './reply-text';

// Everything the import does with the sender's bytes before it touches the database: parsing,
// the reply's visible text, the sanitised HTML. It runs in the parsing thread (parse-thread.ts)
// under a time limit, so no mail, however crafted, holds the server's own thread.

/** How much of the mail's text is kept for the classification (a delivery report's fields). */
const TEXT_KEPT = 64 * 1024;

export interface PreparedMail extends Omit<ParsedInbound, 'html'> {
  /** What the customer wrote above the quoted history, cut to the longest message. */
  replyText: string;
  /**
   * The sanitised HTML, or null. An inline image's src is `${cidPrefix}<n>`, n its attachment's
   * index: the import puts the stored image's URL there, or removes the tag (resolveInlineImages).
   */
  html: string | null;
  cidPrefix: string;
}

/** The visible text of the reply; from the HTML when the mail has no plain text part. */
function replyContent(parsed: ParsedInbound): string {
  const source = !parsed.hasPlainPart && parsed.html ? textOfHtml(parsed.html) : parsed.text || (parsed.html ? textOfHtml(parsed.html) : '');
  const text = visibleReplyText(source);
  const out = text || source.trim();
  return out.length > LIMITS.message ? out.slice(0, LIMITS.message) : out;
}

/** `nonce`: random, per mail, so that no sender can write a placeholder of their own. */
export async function prepareMail(raw: Buffer, nonce: string): Promise<PreparedMail> {
  const parsed = await parseMail(raw);
  // A relative path: the sanitiser keeps it (a made-up scheme would be dropped).
  const cidPrefix = `/inline-${nonce}/`;
  const placeholders = new Map<string, string>();
  parsed.attachments.forEach((a, i) => {
    if (a.cid && !placeholders.has(a.cid)) placeholders.set(a.cid, `${cidPrefix}${i}`);
  });
  return {
    ...parsed,
    text: parsed.text.slice(0, TEXT_KEPT),
    replyText: replyContent(parsed),
    html: parsed.html ? sanitizeMailHtml(parsed.html, placeholders) : null,
    cidPrefix,
  };
}

/**
 * The HTML with each inline image's placeholder replaced by its stored URL (`urls`: attachment
 * index → URL), and the images that were not stored removed; null when nothing visible is left.
 * String search only: the placeholders are ours, written first in their tag (mail-html.ts).
 */
export function resolveInlineImages(html: string, cidPrefix: string, urls: ReadonlyMap<number, string>): string | null {
  let out = '';
  let from = 0;
  const marker = `<img src="${cidPrefix}`;
  for (;;) {
    const at = html.indexOf(marker, from);
    if (at < 0) break;
    const quote = html.indexOf('"', at + marker.length);
    const end = html.indexOf('>', at);
    if (quote < 0 || end < 0) break;
    const url = urls.get(Number(html.slice(at + marker.length, quote)));
    out += html.slice(from, at);
    if (url) out += `<img src="${url.replaceAll('"', '&quot;')}"`;
    from = url ? quote + 1 : end + 1;
  }
  out += html.slice(from);
  const trimmed = out.trim();
  return trimmed && (hasText(trimmed) || trimmed.includes('<img')) ? trimmed : null;
}

/** Text outside tags, other than spaces (the HTML is sanitised: every `<` opens a tag that a `>` closes). */
function hasText(html: string): boolean {
  let inTag = false;
  for (const c of html) {
    if (c === '<') inTag = true;
    else if (c === '>') inTag = false;
    else if (!inTag && c.trim()) return true;
  }
  return false;
}
