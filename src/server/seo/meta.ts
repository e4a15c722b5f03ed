import { formatThb, pageTitleOf } from '../../shared/site-settings-data';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { blogPostingJsonLd, defaultOgImage, gymJsonLd, type SeoPost } from './json-ld';
import { escapeHtml } from '../lib/escape-html';
import { absoluteUrl, jsonForScript, plainSummary } from './html';
import { ARTICLE_NOT_FOUND, PAGE_NOT_FOUND } from '../../shared/messages';

export type PageKind = 'landing' | 'booking' | 'manage-booking' | 'blog' | 'article' | 'not-found' | 'admin';

export interface HeadInput {
  kind: PageKind;
  /** Path and query of the request. */
  url: string;
  /** The article shown (kind article), or null when not found. */
  post?: SeoPost | null;
  /** The category name when the blog list is filtered. */
  categoryName?: string | null;
}

export interface Head {
  /** The gym's name (og:site_name, the feed's title). */
  siteName: string;
  title: string;
  description: string;
  canonicalPath: string;
  type: 'website' | 'article';
  image: string;
  noindex: boolean;
  jsonLd: object[];
  article?: { publishedTime: string; modifiedTime: string; section?: string; author?: string };
}

/** Blog list canonical keeps only the params that change its content. */
function blogCanonical(url: string): string {
  const q = new URLSearchParams(url.split('?')[1] ?? '');
  const out = new URLSearchParams();
  const category = q.get('category');
  const page = Number.parseInt(q.get('page') ?? '', 10);
  if (category) out.set('category', category);
  if (Number.isFinite(page) && page > 1) out.set('page', String(page));
  const s = out.toString();
  return s ? `/blog?${s}` : '/blog';
}

/** What the head of each public route says (title, description, canonical, OG, JSON-LD), from the stored settings. */
export function headFor(publicUrl: string, input: HeadInput, site: SiteSettings): Head {
  const path = input.url.split('?')[0] || '/';
  const pageTitle = (part?: string) => pageTitleOf(site, part);
  const base = { siteName: site.name, type: 'website' as const, image: defaultOgImage(site), noindex: false, jsonLd: [] as object[] };
  const cheapest = Math.min(...site.prices.rows.map((r) => Math.min(...r.prices)));
  switch (input.kind) {
    case 'landing':
      return { ...base, title: pageTitle(), description: site.seo.description, canonicalPath: '/', jsonLd: [gymJsonLd(publicUrl, site)] };
    case 'booking':
      return {
        ...base,
        title: pageTitle('Book Your Class'),
        description: `Book a Muay Thai, BJJ, MMA, Wrestling or Luta Livre class at ${site.name}. Prices from ${formatThb(cheapest)} THB a session, weekly and monthly passes, private training.`,
        canonicalPath: '/booking',
      };
    case 'manage-booking':
      // A private page behind the e-mail's link: never indexed, and its head names no token.
      return { ...base, title: pageTitle('Your booking'), description: 'Cancel or move your class booking.', canonicalPath: '/booking', noindex: true };
    case 'blog':
      return {
        ...base,
        title: pageTitle(input.categoryName ? `Blog: ${input.categoryName}` : 'Blog'),
        description: `Training tips, technique breakdowns and fight culture from ${site.name} in ${site.address.town}, ${site.address.region}.`,
        canonicalPath: blogCanonical(input.url),
      };
    case 'article': {
      const post = input.post;
      if (!post) {
        return {
          ...base,
          title: pageTitle(ARTICLE_NOT_FOUND),
          description: "The article you're looking for doesn't exist or has been deleted.",
          canonicalPath: path,
          noindex: true,
        };
      }
      return {
        ...base,
        type: 'article',
        title: pageTitle(post.metaTitle ?? post.title),
        description: post.metaDescription ?? post.excerpt ?? plainSummary(post.content),
        canonicalPath: `/blog/${encodeURIComponent(post.slug)}`,
        image: post.featuredImage ?? defaultOgImage(site),
        jsonLd: [blogPostingJsonLd(publicUrl, post, site)],
        article: {
          publishedTime: post.publishedAt ?? post.createdAt,
          modifiedTime: post.updatedAt ?? post.publishedAt ?? post.createdAt,
          section: post.category?.name,
          author: post.author?.name,
        },
      };
    }
    case 'admin':
      return { ...base, title: `Admin | ${site.name}`, description: 'Back office', canonicalPath: path, noindex: true };
    case 'not-found':
    default:
      return { ...base, title: pageTitle(PAGE_NOT_FOUND), description: '404 Page Not Found', canonicalPath: path, noindex: true };
  }
}

/** The <head> tags for a page. */
export function renderHead(publicUrl: string, head: Head): string {
  const e = escapeHtml;
  const canonical = absoluteUrl(publicUrl, head.canonicalPath);
  const image = absoluteUrl(publicUrl, head.image);
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<link rel="canonical" href="${e(canonical)}" />`,
    `<meta property="og:site_name" content="${e(head.siteName)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(canonical)}" />`,
    `<meta property="og:image" content="${e(image)}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${e(`${head.siteName} Blog`)}" href="${e(`${publicUrl}/blog/rss.xml`)}" />`,
  ];
  if (head.article) {
    tags.push(`<meta property="article:published_time" content="${e(head.article.publishedTime)}" />`);
    tags.push(`<meta property="article:modified_time" content="${e(head.article.modifiedTime)}" />`);
    if (head.article.section) tags.push(`<meta property="article:section" content="${e(head.article.section)}" />`);
    if (head.article.author) tags.push(`<meta property="article:author" content="${e(head.article.author)}" />`);
  }
  // JSON-LD is data, not script: the CSP (script-src 'self') does not apply to it.
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.filter(Boolean).join('\n    ');
}
