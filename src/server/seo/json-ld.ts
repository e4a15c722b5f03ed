import { OPENING_HOURS_SPEC, SITE, CLASSES } from '../../shared/site';
import { absoluteUrl, plainSummary } from './html';

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
}

export const DEFAULT_OG_IMAGE = '/og-image.png';

/** The gym as a SportsActivityLocation, with address and opening hours (on /). */
export function gymJsonLd(publicUrl: string) {
  const a = SITE.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsActivityLocation',
    '@id': `${publicUrl}/#gym`,
    name: SITE.name,
    description: SITE.description,
    url: `${publicUrl}/`,
    image: absoluteUrl(publicUrl, DEFAULT_OG_IMAGE),
    logo: absoluteUrl(publicUrl, '/favicon.svg'),
    telephone: SITE.whatsapp,
    email: SITE.email,
    priceRange: '฿250 - ฿15,000',
    currenciesAccepted: 'THB',
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street,
      addressLocality: a.locality,
      addressRegion: a.region,
      postalCode: a.postalCode,
      addressCountry: a.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: SITE.geo.latitude, longitude: SITE.geo.longitude },
    openingHoursSpecification: OPENING_HOURS_SPEC.map((h) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: h.dayOfWeek.map((d) => `https://schema.org/${d}`),
      opens: h.opens,
      closes: h.closes,
    })),
    sameAs: Object.values(SITE.social),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Classes',
      itemListElement: [...new Set(CLASSES.map((c) => c.name))].map((name) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name } })),
    },
  };
}

export function blogPostingJsonLd(publicUrl: string, post: SeoPost) {
  const url = `${publicUrl}/blog/${encodeURIComponent(post.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    headline: post.title.slice(0, 110),
    description: post.metaDescription ?? post.excerpt ?? plainSummary(post.content),
    image: [absoluteUrl(publicUrl, post.featuredImage ?? DEFAULT_OG_IMAGE)],
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.publishedAt ?? post.createdAt,
    author: { '@type': 'Person', name: post.author?.name ?? SITE.name },
    publisher: {
      '@type': 'Organization',
      name: SITE.name,
      logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, '/favicon.svg') },
    },
    ...(post.category ? { articleSection: post.category.name } : {}),
    wordCount: post.content.split(/\s+/).filter(Boolean).length,
    inLanguage: 'en',
  };
}
