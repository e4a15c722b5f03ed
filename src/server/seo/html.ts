import { markdownToPlainText } from './plain-text';

// Escaping lives in lib/escape-html.ts (one rule for every server-written page).

/**
 * JSON placed inside a <script> element: "<" is written as \u003c, so no "</script>" or
 * "<!--" in the data can end the element early. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An absolute URL on the public site; absolute inputs (https://...) are kept. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** A plain-text summary of Markdown, for descriptions and the feed: at most `max` characters, cut between words. */
export function plainSummary(markdown: string, max = 160): string {
  const text = markdownToPlainText(markdown);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 30))}…`;
}
