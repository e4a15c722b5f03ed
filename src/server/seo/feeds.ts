import { escapeHtml } from '../lib/escape-html';
import { plainSummary } from './html';
import { LANGUAGE_TAGS } from '../../shared/i18n/languages';
import { alternatePaths } from '../../shared/i18n/paths';
import type { SeoPost } from './json-ld';

const postUrl = (publicUrl: string, slug: string) => `${publicUrl}/blog/${encodeURIComponent(slug)}`;
const day = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? new Date(iso).toISOString().slice(0, 10) : null);

export function sitemapXml(publicUrl: string, posts: SeoPost[]): string {
  const latest = posts
    .map((p) => p.updatedAt ?? p.publishedAt ?? p.createdAt)
    .sort()
    .at(-1);
  const entries: { loc: string; lastmod?: string | null; priority: string }[] = [
    { loc: `${publicUrl}/`, priority: '1.0' },
    { loc: `${publicUrl}/booking`, priority: '0.9' },
    { loc: `${publicUrl}/blog`, lastmod: day(latest), priority: '0.8' },
    ...posts.map((p) => ({ loc: postUrl(publicUrl, p.slug), lastmod: day(p.updatedAt ?? p.publishedAt ?? p.createdAt), priority: '0.7' })),
  ];
  // Each page in each language, each entry naming all its languages (and x-default) as
  // alternates, as Google's sitemap hreflang format asks.
  const body = entries
    .flatMap((u) => {
      const path = u.loc.slice(publicUrl.length) || '/';
      const versions = alternatePaths(path);
      const links = [
        ...versions.map((v) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[v.language]}" href="${escapeHtml(publicUrl + v.path)}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(u.loc)}"/>`,
      ].join('');
      return versions.map(
        (v) =>
          `  <url><loc>${escapeHtml(publicUrl + v.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}<priority>${u.priority}</priority>${links}</url>`,
      );
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

/** The blog's RSS feed; `siteName` from the stored settings. */
export function rssXml(publicUrl: string, posts: SeoPost[], siteName: string): string {
  const rfc822 = (iso: string) => new Date(iso).toUTCString();
  const items = posts
    .map((p) => {
      const url = postUrl(publicUrl, p.slug);
      const date = p.publishedAt ?? p.createdAt;
      return [
        '    <item>',
        `      <title>${escapeHtml(p.title)}</title>`,
        `      <link>${escapeHtml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeHtml(url)}</guid>`,
        `      <pubDate>${rfc822(date)}</pubDate>`,
        p.author ? `      <dc:creator>${escapeHtml(p.author.name)}</dc:creator>` : '',
        p.category ? `      <category>${escapeHtml(p.category.name)}</category>` : '',
        `      <description>${escapeHtml(p.excerpt ?? plainSummary(p.content, 300))}</description>`,
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  const newest = posts[0] ? rfc822(posts[0].publishedAt ?? posts[0].createdAt) : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeHtml(`${siteName} Blog`)}</title>
    <link>${escapeHtml(`${publicUrl}/blog`)}</link>
    <atom:link href="${escapeHtml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${escapeHtml(`Training tips and news from ${siteName}`)}</description>
    <language>en-us</language>
    <lastBuildDate>${newest}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}
