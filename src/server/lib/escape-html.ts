// The one escaping rule for text the server writes into HTML or XML (the same five characters) (pages, meta tags, the
// unsubscribe page, the sitemap and feed, the demo gallery's SVGs).

/** Text for HTML text nodes and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
