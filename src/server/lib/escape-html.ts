// The one escaping rule for text the server writes into HTML or XML (pages, meta tags, the
// unsubscribe page, the sitemap and feed, the demo gallery's SVGs).

/** Text for HTML text nodes and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for XML (sitemap, RSS, SVG): the same five characters. */
export const escapeXml = escapeHtml;
