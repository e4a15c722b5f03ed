import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Island } from '../../islands/island';
import { PageUrlContext } from '../../lib/page-url';
import { Toaster } from '../ui/toaster';
import { MobileBar } from './mobile-bar';
import { SiteFooter } from './site-footer';
import SiteHeader from './site-header';
import { useT } from '../../i18n/i18n';

/** The spinner while a page's chunk loads; the public layout passes its language's word. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="container-site flex min-h-[60vh] items-center justify-center py-24" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-ink-700 border-t-blood-500" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * Marks <html data-hydrated> once the page (same Suspense boundary) is interactive: browser
 * tests wait for it instead of guessing.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** A new page starts at the top, unless it is / asked to scroll to a section. */
function ScrollReset() {
  const location = useLocation();
  const pathname = location.pathname;
  const state: unknown = location.state;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!(state as { section?: string } | null)?.section) window.scrollTo({ top: 0 });
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- a new path only: the state that came with it is read, not watched
  return null;
}

export function PublicLayout() {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  return (
    <PageUrlContext.Provider value={{ pathname, search, hash }}>
      <Toaster>
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-gold-400 px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('layout.skip')}
        </a>
        <ScrollReset />
        <Island name="site-header" component={SiteHeader} props={{}} when="interaction" />
        <main id="main" tabIndex={-1} className="outline-none">
          <Suspense fallback={<PageLoading label={t('layout.loading')} />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </main>
        <SiteFooter />
        <MobileBar />
      </Toaster>
    </PageUrlContext.Provider>
  );
}
