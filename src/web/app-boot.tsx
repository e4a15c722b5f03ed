import { QueryClientProvider, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { matchPage, preloadPage } from './app/pages';
import type { BootState } from './lib/boot-state';
import { createQueryClient } from './lib/query-client';
import { SiteSettingsContext } from './lib/site-settings';
import { SiteUrlContext } from './lib/site-url';
import { DEFAULT_SITE_SETTINGS } from '../shared/site-settings-data';
import { I18nProvider } from './i18n/i18n';
import { splitLanguage } from '../shared/i18n/paths';

// Pages hydrated as a whole (and /admin/*, a client-only shell): the router and the query
// cache, with the server's data. Pages made of islands never load this file (main.tsx).

export async function startApp(boot: BootState) {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  if (boot.queries) hydrate(queryClient, boot.queries);
  const page = matchPage(window.location.pathname);
  if (page.kind === 'admin') {
    // The back office's first reads start before any of its code renders (decision 196). Here,
    // not in the page's entry: pages made of islands never load this file, so visitors never
    // carry it. Awaited, so that no screen asks for a read before it is registered.
    // eslint-disable-next-line import-x/no-restricted-paths -- loaded on /admin paths only
    const early = await import('./admin/lib/early-requests').catch(() => null);
    early?.startEarlyRequests(window.location.pathname);
  }
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteUrlContext.Provider value={boot.siteUrl ?? window.location.origin}>
          <SiteSettingsContext.Provider value={boot.site ?? DEFAULT_SITE_SETTINGS}>
            <I18nProvider {...(boot.i18n ?? { language: splitLanguage(window.location.pathname).language, messages: {} })}>
              <BrowserRouter>
                <App />
              </BrowserRouter>
            </I18nProvider>
          </SiteSettingsContext.Provider>
        </SiteUrlContext.Provider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (container.hasChildNodes() && page.kind !== 'admin') {
    // Fetch the page's chunk first so hydration does not wait on a second round trip.
    await preloadPage(page.kind).catch(() => {});
    hydrateRoot(container, tree);
  } else if (page.kind === 'admin') {
    // The back office's first render is a transition, which React splits into short tasks:
    // a phone's main thread stays free (issue 46 point 4), and the server's loading line stays
    // until the screen is ready.
    const root = createRoot(container);
    startTransition(() => root.render(tree));
  } else {
    createRoot(container).render(tree);
  }
}
