import { CLASSES } from '../../shared/site';
import { openingHoursSpecOf, priceRangeOf, socialLinksOf } from '../../shared/site-settings-data';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import { absoluteUrl, plainSummary } from './html';
import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';

/** The post fields the builders read (GET /api/blog-posts answers). */
export interface SeoPost {
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt?: string | null;
  category: { name: string; slug: string } | null;
  author: { name: string } | null;
  /** The post's language (English when absent). */
  language?: Language;
}

export const DEFAULT_OG_IMAGE = '/og-image.png';

/** The Open Graph image of pages without their own: the owner's hero image, else the default. */
export const defaultOgImage = (site: Pick<SiteSettings, 'heroImageUrl'>) => site.heroImageUrl ?? DEFAULT_OG_IMAGE;

/** The gym as a SportsActivityLocation, with address and opening hours (on /), from the stored settings. */
export function gymJsonLd(publicUrl: string, site: SiteSettings) {
  const a = site.address;
  const priceRange = priceRangeOf(site);
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsActivityLocation',
    '@id': `${publicUrl}/#gym`,
    name: site.name,
    description: site.seo.description,
    url: `${publicUrl}/`,
    image: absoluteUrl(publicUrl, defaultOgImage(site)),
    logo: absoluteUrl(publicUrl, site.logoUrl ?? '/favicon.svg'),
    telephone: site.whatsapp,
    email: site.email,
    ...(priceRange ? { priceRange } : {}),
    currenciesAccepted: 'THB',
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street,
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: openingHoursSpecOf(site).map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.dayOfWeek.map((d) => `https://schema.org/${d}`),
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: socialLinksOf(site).map((l) => l.href),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Classes',
      itemListElement: [...new Set(CLASSES.map((c) => c.name))].map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name } })),
    },
  };
}

export function blogPostingJsonLd(publicUrl: string, post: SeoPost, site: SiteSettings) {
  const url = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title.slice(0, 110),
    description: post.metaDescription ?? post.excerpt ?? plainSummary(post.content),
    image: [absoluteUrl(publicUrl, post.featuredImage ?? defaultOgImage(site))],
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.publishedAt ?? post.createdAt,
    author: { '@type': 'Person', name: post.author?.name ?? site.name },
    publisher: {
      '@type': 'Organization',
      name: site.name,
      logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, site.logoUrl ?? '/favicon.svg') },
    },
    ...(post.category ? { articleSection: post.category.name } : {}),
    wordCount: post.content.split(/\s+/).filter(Boolean).length,
    // The post's words, whatever the page around them speaks (headFor keeps this one).
    inLanguage: LANGUAGE_TAGS[post.language ?? 'en'],
  };
}
