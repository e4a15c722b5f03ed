import { formatThb, pageTitleOf } from '../../shared/site-settings-data';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { blogPostingJsonLd, defaultOgImage, gymJsonLd, type SeoPost } from './json-ld';
import { escapeHtml } from '../lib/escape-html';
import { absoluteUrl, jsonForScript, plainSummary } from './html';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { alternatePaths, localePath, splitLanguage } from '../../shared/i18n/paths';
import { CATALOGUES } from '../../shared/i18n/locales';
import type { MessageKey } from '../../shared/i18n/locales/en';

/** og:locale of each language (Open Graph wants language_TERRITORY). */
const OG_LOCALES: Record<Language, string> = { en: 'en_US', ru: 'ru_RU', zh: 'zh_CN', de: 'de_DE', fr: 'fr_FR', th: 'th_TH' };

/** A head text in a language; head messages have plain {placeholders} only. */
function headText(language: Language, key: MessageKey, values: Record<string, string> = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? '');
}

export type PageKind =
  'landing' | 'booking' | 'manage-booking' | 'waitlist' | 'order' | 'verify' | 'blog' | 'article' | 'not-found' | 'admin' | 'me' | 'me-sign-in';

export interface HeadInput {
  kind: PageKind;
  /** Path and query of the request. */
  url: string;
  /** The article shown (kind article), or null when not found. */
  post?: SeoPost | null;
  /** The category name when the blog list is filtered. */
  categoryName?: string | null;
  /** The page's language (from its URL prefix); English when absent. */
  language?: Language;
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
  language: Language;
  /** The same page in each language (hreflang), when it exists in all of them. */
  alternates: { language: Language; path: string }[];
  article?: { publishedTime: string; modifiedTime: string; section?: string; author?: string };
  /** The web app manifest (My page, decision 188): the page can be added to the home screen. */
  manifest?: string;
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

/** What the head of each public route says, in the page's language, with its alternates. */
export function headFor(publicUrl: string, input: HeadInput, site: SiteSettings): Head {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const head = englishHeadFor(publicUrl, input, site, language);
  const indexed = !head.noindex;
  // Canonical and alternates: the language-free path, prefixed per language.
  const alternates = indexed ? alternatePaths(head.canonicalPath) : [];
  const inLanguage = LANGUAGE_TAGS[language];
  return {
    ...head,
    language,
    alternates,
    canonicalPath: localePath(language, head.canonicalPath),
    // The page's language, unless the document names its own (an article's post).
    jsonLd: head.jsonLd.map((d) => ({ inLanguage, ...d })),
  };
}

/** The head's texts (title, description, canonical without prefix, OG, JSON-LD), from the stored settings. */
function englishHeadFor(publicUrl: string, input: HeadInput, site: SiteSettings, language: Language): Omit<Head, 'language' | 'alternates'> {
  // Without the language prefix: headFor puts it back on the canonical.
  const path = splitLanguage(input.url.split('?')[0] || '/').path;
  const t = (key: MessageKey, values?: Record<string, string>) => headText(language, key, values);
  const priceText = (n: number) => n.toLocaleString(LANGUAGE_TAGS[language]);
  const pageTitle = (part?: string) => pageTitleOf(site, part);
  const base = { siteName: site.name, type: 'website' as const, image: defaultOgImage(site), noindex: false, jsonLd: [] as object[] };
  const cheapest = Math.min(...site.prices.rows.map((r) => Math.min(...r.prices)));
  switch (input.kind) {
    case 'landing':
      return { ...base, title: pageTitle(), description: site.seo.description, canonicalPath: '/', jsonLd: [gymJsonLd(publicUrl, site)] };
    case 'booking':
      return {
        ...base,
        title: pageTitle(t('booking.title')),
        description: t('head.bookingDescription', { name: site.name, price: language === DEFAULT_LANGUAGE ? formatThb(cheapest) : priceText(cheapest) }),
        canonicalPath: '/booking',
      };
    case 'manage-booking':
      // A private page behind the e-mail's link: never indexed, and its head names no token.
      return { ...base, title: pageTitle(t('manage.title')), description: t('head.manageDescription'), canonicalPath: '/booking', noindex: true };
    case 'waitlist':
      // A place on a waiting list, behind its link: never indexed, no token in the head.
      return { ...base, title: pageTitle(t('waitlist.title')), description: t('waitlist.fullHint'), canonicalPath: '/booking', noindex: true };
    case 'order':
      // A pass's order page, behind its unguessable link: never indexed, no token in the head.
      return { ...base, title: pageTitle(t('order.title')), description: t('head.orderDescription'), canonicalPath: '/booking', noindex: true };
    case 'verify':
      // A visa letter's check (issue 35): behind the letter's QR code, never indexed, no code in the head.
      return { ...base, title: pageTitle(t('verify.title')), description: t('head.verifyDescription'), canonicalPath: '/', noindex: true };
    case 'me':
    case 'me-sign-in':
      // A traveller's own page and its sign-in link (issue 47): never indexed, no token in the head.
      return {
        ...base,
        title: pageTitle(t(input.kind === 'me' ? 'me.title' : 'me.confirmTitle')),
        description: t('head.meDescription'),
        canonicalPath: '/me',
        noindex: true,
        manifest: `/me.webmanifest${language === DEFAULT_LANGUAGE ? '' : `?lang=${language}`}`,
      };
    case 'blog':
      return {
        ...base,
        title: pageTitle(input.categoryName ? t('head.blogCategory', { category: input.categoryName }) : t('blog.title')),
        description: t('head.blogDescription', { name: site.name, town: site.address.town, region: site.address.region }),
        canonicalPath: blogCanonical(input.url),
      };
    case 'article': {
      const post = input.post;
      if (!post) {
        return {
          ...base,
          title: pageTitle(t('article.notFoundTitle')),
          description: t('article.notFoundText'),
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
      return { ...base, title: pageTitle(t('notFound.title')), description: t('head.notFoundDescription'), canonicalPath: path, noindex: true };
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
    `<meta property="og:locale" content="${OG_LOCALES[head.language]}" />`,
    ...head.alternates.filter((a) => a.language !== head.language).map((a) => `<meta property="og:locale:alternate" content="${OG_LOCALES[a.language]}" />`),
    // Every language of the page, this one included, and x-default (English at today's URLs).
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${LANGUAGE_TAGS[a.language]}" href="${e(absoluteUrl(publicUrl, a.path))}" />`),
    ...head.alternates
      .filter((a) => a.language === DEFAULT_LANGUAGE)
      .map((a) => `<link rel="alternate" hreflang="x-default" href="${e(absoluteUrl(publicUrl, a.path))}" />`),
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
    `<meta name="twitter:image" content="${e(image)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${e(`${head.siteName} Blog`)}" href="${e(`${publicUrl}/blog/rss.xml`)}" />`,
    head.manifest ? `<link rel="manifest" href="${e(head.manifest)}" />` : '',
    head.manifest ? '<link rel="apple-touch-icon" href="/icon-192.png" />' : '',
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
