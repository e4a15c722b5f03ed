import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

// A mail's HTML as staff may see it: no script, style, frames or forms, no event handlers, no
// inline styles; links open in a new tab without access to ours; remote images do not load
// (their address moves to data-remote-src, shown on a click); inline `cid:` images point at the
// stored attachment, or go. The quoted history is cut before sanitising, like in the text.
//
// Everything here reads the sender's HTML in one pass of htmlparser2's tokenizer (linear in the
// length of the mail): no regular expression scans the markup, so no crafted tag soup can make
// the work grow faster than the mail (docs/decisions/128-linear-patterns-on-outside-input.md).

/** The largest sanitised HTML kept; beyond it only the text is kept. */
export const MAX_HTML_CHARS = 200 * 1024;

/** Class names and ids that start the quoted history (Gmail, Thunderbird, Yahoo, Outlook web, Outlook). */
const QUOTE_CLASSES = new Set(['gmail_quote', 'moz-cite-prefix', 'yahoo_quoted']);
const QUOTE_IDS = ['divrplyfwdmsg', 'appendonsend'];
/** The first words of Outlook's desktop header block ("From:", localised). */
const OUTLOOK_FROM = new Set(['from', 'de', 'von', 'от']);

const isWordChar = (c: string | undefined) => c !== undefined && /\w/.test(c);

/** True when `value` starts with `prefix` followed by a word boundary (ids such as `divRplyFwdMsg_1`). */
function startsWithWord(value: string, prefix: string): boolean {
  return value.startsWith(prefix) && !(isWordChar(prefix.at(-1)) && isWordChar(value[prefix.length]));
}

/** Outlook's bordered header block: a div whose style has a solid top border in a hex colour. */
function outlookBorder(style: string): boolean {
  const at = style.indexOf('border-top:');
  if (at < 0) return false;
  const rest = style
    .slice(at + 'border-top:'.length, at + 'border-top:'.length + 40)
    .trimStart()
    .split(/\s/);
  return rest[0] === 'solid' && /^#[0-9a-f]{6}/.test(rest.find((w, i) => i > 0 && w !== '') ?? '');
}

/** Where the quoted history starts (an index into `html`), or -1. One pass over the markup. */
export function quoteStart(html: string): number {
  let found = -1;
  // Outlook's block: the bordered div, then a <p>, then only tags and spaces before "From:".
  let outlook: { at: number; sawP: boolean; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (found >= 0) return;
        const at = parser.startIndex;
        const cls = (attribs.class ?? '').toLowerCase();
        const id = (attribs.id ?? '').toLowerCase();
        if (name === 'div' && cls.split(/\s+/).some((c) => QUOTE_CLASSES.has(c))) found = at;
        else if (name === 'div' && QUOTE_IDS.some((p) => startsWithWord(id, p))) found = at;
        else if (name === 'blockquote' && startsWithWord((attribs.type ?? '').toLowerCase(), 'cite')) found = at;
        else if (name === 'hr' && startsWithWord(id, 'stopspelling')) found = at;
        if (found >= 0) {
          parser.pause();
          return;
        }
        if (outlook && !outlook.sawP && name === 'p') outlook.sawP = true;
        else if (outlook && !outlook.sawP) outlook = null;
        if (!outlook && name === 'div' && outlookBorder((attribs.style ?? '').toLowerCase())) outlook = { at, sawP: false, text: '' };
      },
      ontext(text) {
        if (!outlook || found >= 0 || !outlook.sawP) return;
        // Entities split the text into several events: the first words are gathered first.
        outlook.text += text;
        const words = outlook.text.trimStart();
        if (!words.includes(':') && words.length < 12) return;
        const head = words.slice(0, 12).split(':')[0].trim().toLowerCase();
        if (words.slice(0, 12).includes(':') && OUTLOOK_FROM.has(head)) {
          found = outlook.at;
          parser.pause();
        } else outlook = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

function cutQuoted(html: string): string {
  const at = quoteStart(html);
  // The parser closes the elements left open by the cut.
  return at > 0 ? html.slice(0, at) : html;
}

/** True when the HTML shows something: text other than spaces, or an image. */
export function hasVisibleContent(html: string): boolean {
  let visible = false;
  const parser = new Parser({
    onopentag(name) {
      if (name === 'img') visible = true;
    },
    ontext(text) {
      if (text.trim()) visible = true;
    },
  });
  parser.end(html);
  return visible;
}

/**
 * Sanitised HTML, or null when nothing visible is left or it is too large to keep.
 * `cidUrls`: Content-ID (lower-case, no brackets) → URL of the stored image (or a placeholder the
 * caller swaps for it once the image is stored).
 */
export function sanitizeMailHtml(html: string, cidUrls: ReadonlyMap<string, string>): string | null {
  const clean = sanitizeHtml(cutQuoted(html), {
    allowedTags: [...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'style'), 'img', 'font', 'center', 'span', 'div'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'iframe', 'object', 'embed', 'svg', 'math'],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title', 'width', 'height', 'data-remote-src'],
      td: ['colspan', 'rowspan', 'align', 'valign'],
      th: ['colspan', 'rowspan', 'align', 'valign'],
      table: ['border', 'cellpadding', 'cellspacing'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }),
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        // Only plain attributes are carried over: no srcset, no data-* written by the sender.
        const rest: Record<string, string> = {};
        for (const k of ['alt', 'title', 'width', 'height']) if (attribs[k] != null) rest[k] = attribs[k];
        if (src.slice(0, 4).toLowerCase() === 'cid:') {
          const url = cidUrls.get(trimBrackets(src.slice(4)).toLowerCase());
          // src first: the caller finds a placeholder's tag by its start.
          return url ? { tagName, attribs: { src: url, ...rest } } : { tagName: 'span', attribs: {}, text: '' };
        }
        const scheme = src.slice(0, 8).toLowerCase();
        if (scheme.startsWith('http://') || scheme.startsWith('https://')) return { tagName, attribs: { ...rest, 'data-remote-src': src } };
        return { tagName: 'span', attribs: {}, text: '' };
      },
    },
  })
    // An image dropped above leaves an empty span behind.
    .replaceAll('<span></span>', '');
  if (clean.length > MAX_HTML_CHARS) return null;
  return hasVisibleContent(clean) ? clean.trim() : null;
}

/** 'x' of '<x>', '<<x>>' or 'x' (any number of brackets on either side), without a pattern. */
export function trimBrackets(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value[start] === '<') start++;
  while (end > start && value[end - 1] === '>') end--;
  return value.slice(start, end);
}

/** Elements after which the text goes on a new line. */
const BREAKS = new Set(['br', 'p', 'div', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li']);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'noscript', 'textarea', 'option']);

/** The text of an HTML-only mail, when the parser could not make one (very large HTML). */
export function textOfHtml(html: string): string {
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        if (name === 'br') parts.push('\n');
      },
      onclosetag(name, implied) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        if (name !== 'br' && BREAKS.has(name) && !implied) parts.push('\n');
      },
      ontext(text) {
        if (!skipping) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(cutQuoted(html));
  return parts
    .join('')
    .replaceAll('\u00a0', ' ')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
