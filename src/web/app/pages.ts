import { lazy } from 'react';
import { splitLanguage } from '../../shared/i18n/paths';

// Every screen is its own chunk. `preload` lets the client fetch the current page's chunk
// before hydrating, and the server list each page's source module so it can send
// <link rel="modulepreload"> for it (see src/server/web/ssr.ts).

export type PageKind =
  'landing' | 'booking' | 'manage-booking' | 'waitlist' | 'order' | 'verify' | 'blog' | 'article' | 'not-found' | 'admin' | 'me' | 'me-sign-in';

const loaders = {
  landing: () => import('../routes/site/landing-page'),
  booking: () => import('../routes/site/booking-page'),
  'manage-booking': () => import('../routes/site/manage-booking-page'),
  waitlist: () => import('../routes/site/waitlist-page'),
  order: () => import('../routes/site/order-page'),
  verify: () => import('../routes/site/verify-page'),
  blog: () => import('../routes/site/blog-list-page'),
  article: () => import('../routes/site/blog-article-page'),
  'not-found': () => import('../routes/site/not-found-page'),
  admin: () => import('../admin/admin-app'),
  me: () => import('../routes/site/me-page'),
  'me-sign-in': () => import('../routes/site/me-sign-in-page'),
} satisfies Record<PageKind, () => Promise<{ default: React.ComponentType }>>;

/**
 * Pages made of islands (islands/boot.ts): the server's HTML is kept, and only their
 * interactive parts hydrate, each on its own, without the router or the query cache.
 */
export const ISLAND_PAGES: ReadonlySet<PageKind> = new Set<PageKind>([
  'landing',
  'booking',
  'manage-booking',
  'waitlist',
  'order',
  'verify',
  'blog',
  'article',
  'not-found',
  'me',
  'me-sign-in',
]);

const APP_BOOT = 'src/web/app-boot.tsx';

/**
 * Source modules of each page (keys of Vite's manifest), for modulepreload hints. Pages made of
 * islands get none (src/server/web/ssr.ts, withoutModulePreloads).
 */
export const PAGE_MODULES: Record<PageKind, string[]> = {
  landing: [],
  booking: [],
  'manage-booking': [],
  waitlist: [],
  order: [],
  verify: [],
  blog: [],
  article: [],
  'not-found': [],
  admin: [APP_BOOT, 'src/web/admin/admin-app.tsx', 'src/web/admin/lib/early-requests.ts'],
  me: [],
  'me-sign-in': [],
};

/** A back-office path's own screen, preloaded with the back office (the dashboard, the first screen after sign-in). */
export const ADMIN_SCREEN_MODULES: Record<string, string[]> = {
  '/admin': ['src/web/admin/routes/dashboard.tsx'],
  '/admin/dashboard': ['src/web/admin/routes/dashboard.tsx'],
};

export const LandingPage = lazy(loaders.landing);
export const BookingPage = lazy(loaders.booking);
export const ManageBookingPage = lazy(loaders['manage-booking']);
export const WaitlistPage = lazy(loaders.waitlist);
export const OrderPage = lazy(loaders.order);
export const VerifyPage = lazy(loaders.verify);
export const BlogListPage = lazy(loaders.blog);
export const BlogArticlePage = lazy(loaders.article);
export const NotFoundPage = lazy(loaders['not-found']);
export const MePage = lazy(loaders.me);
export const MeSignInPage = lazy(loaders['me-sign-in']);
// The back office: only /admin/* ever imports it, so public pages never download it.
export const AdminApp = lazy(() => import('../admin/admin-app'));

export interface PageMatch {
  kind: PageKind;
  /** The article's slug, the link's token (manage-booking, waitlist, order) or a visa letter's code (verify). */
  slug?: string;
}

/** Which screen a path shows; mirrors the <Routes> in app.tsx. /de/booking is /booking in German. */
export function matchPage(pathname: string): PageMatch {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === '/admin' || trimmed.startsWith('/admin/')) return { kind: 'admin' };
  const bare = splitLanguage(trimmed).path;
  const path = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  // The back office has no language prefix: /de/admin is an unknown page.
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'not-found' };
  if (path === '/') return { kind: 'landing' };
  if (path === '/booking') return { kind: 'booking' };
  if (path === '/blog') return { kind: 'blog' };
  if (path === '/me') return { kind: 'me' };
  if (path === '/me/sign-in') return { kind: 'me-sign-in' };
  const manage = /^\/booking\/manage\/([^/]+)$/.exec(path);
  if (manage) return { kind: 'manage-booking', slug: manage[1] };
  const waitlist = /^\/booking\/waitlist\/([^/]+)$/.exec(path);
  if (waitlist) return { kind: 'waitlist', slug: waitlist[1] };
  const order = /^\/booking\/order\/([^/]+)$/.exec(path);
  if (order) return { kind: 'order', slug: order[1] };
  const verify = /^\/verify\/([^/]+)$/.exec(path);
  if (verify) return { kind: 'verify', slug: verify[1] };
  const m = /^\/blog\/([^/]+)$/.exec(path);
  if (m) {
    try {
      return { kind: 'article', slug: decodeURIComponent(m[1]) };
    } catch {
      return { kind: 'not-found' };
    }
  }
  return { kind: 'not-found' };
}

export function preloadPage(kind: PageKind): Promise<unknown> {
  return loaders[kind]();
}
