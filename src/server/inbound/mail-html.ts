import sanitizeHtml from 'sanitize-html';

// A mail's HTML as staff may see it: no script, style, frames or forms, no event handlers, no
// inline styles; links open in a new tab without access to ours; remote images do not load
// (their address moves to data-remote-src, shown on a click); inline `cid:` images point at the
// stored attachment, or go. The quoted history is cut before sanitising, like in the text.

/** The largest sanitised HTML kept; beyond it only the text is kept. */
export const MAX_HTML_CHARS = 200 * 1024;

/** Where the quoted history starts in the HTML of common clients (Gmail, Outlook, Apple Mail, Thunderbird). */
const QUOTE_MARKERS = [
  /<div[^>]*class=["']?[^"'>]*\bgmail_quote\b/i,
  /<div[^>]*id=["']?divRplyFwdMsg\b/i,
  /<div[^>]*id=["']?appendonsend\b/i,
  /<blockquote[^>]*type=["']?cite\b/i,
  /<div[^>]*class=["']?[^"'>]*\bmoz-cite-prefix\b/i,
  /<hr[^>]*id=["']?stopSpelling\b/i,
  /<div[^>]*class=["']?[^"'>]*\byahoo_quoted\b/i,
];

function cutQuoted(html: string): string {
  let at = -1;
  for (const re of QUOTE_MARKERS) {
    const m = re.exec(html);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  // Outlook's desktop client writes its header block in a bordered div with no id.
  const outlook = /<div[^>]*style=["'][^"']*border-top:\s*solid\s+#[0-9a-f]{6}[^"']*["'][^>]*>\s*<p[^>]*>\s*(<[^>]+>\s*)*(From|De|Von|От)\s*:/i.exec(html);
  if (outlook && (at < 0 || outlook.index < at)) at = outlook.index;
  // The parser closes the elements left open by the cut.
  return at > 0 ? html.slice(0, at) : html;
}

/**
 * Sanitised HTML, or null when nothing visible is left or it is too large to keep.
 * `cidUrls`: Content-ID (lower-case, no brackets) → URL of the stored image.
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
        if (/^cid:/i.test(src)) {
          const url = cidUrls.get(src.slice(4).replace(/^<|>$/g, '').toLowerCase());
          return url ? { tagName, attribs: { ...rest, src: url } } : { tagName: 'span', attribs: {}, text: '' };
        }
        if (/^https?:\/\//i.test(src)) return { tagName, attribs: { ...rest, 'data-remote-src': src } };
        return { tagName: 'span', attribs: {}, text: '' };
      },
    },
  })
    // An image dropped above leaves an empty span behind.
    .replace(/<span><\/span>/g, '');
  if (clean.length > MAX_HTML_CHARS) return null;
  const visible = clean.replace(/<[^>]*>/g, '').trim() || /<img\b/i.test(clean);
  return visible ? clean.trim() : null;
}

/** The text of an HTML-only mail, when the parser could not make one (very large HTML). */
export function textOfHtml(html: string): string {
  return sanitizeHtml(cutQuoted(html).replace(/<(br|\/p|\/div|\/tr|\/h\d|\/li)\b[^>]*>/gi, '\n$&'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
