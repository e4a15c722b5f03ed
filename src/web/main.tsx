import { QueryClientProvider, hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { matchPage, preloadPage } from './app/pages';
import { QUERY_STATE_ID, createQueryClient } from './lib/query-client';
import { SiteSettingsContext } from './lib/site-settings';
import { SiteUrlContext } from './lib/site-url';
import { DEFAULT_SITE_SETTINGS } from '../shared/site-settings-data';
import type { SiteSettings } from '../shared/schemas/site-settings';
import { I18nProvider, type I18nBoot } from './i18n/i18n';
import { splitLanguage } from '../shared/i18n/paths';
import './styles/site.css';

// Public pages arrive server-rendered with their data in a JSON <script> (the CSP forbids
// inline scripts): hydrate them. /admin/* is a client-only shell: render it.

interface BootState {
  queries?: DehydratedState;
  siteUrl?: string;
  /** The gym's facts as stored (site settings), read by the server for this page. */
  site?: SiteSettings;
  /** The page's language and its catalogue (only that one: see i18n/i18n.tsx). */
  i18n?: I18nBoot;
}

function readBootState(): BootState {
  const el = document.getElementById(QUERY_STATE_ID);
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as BootState;
  } catch {
    return {};
  }
}

async function start() {
  const container = document.getElementById('root')!;
  const queryClient = createQueryClient();
  const boot = readBootState();
  if (boot.queries) hydrate(queryClient, boot.queries);
  const page = matchPage(window.location.pathname);
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
  } else {
    createRoot(container).render(tree);
  }
}

void start();
