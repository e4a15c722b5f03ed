import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_SITE_SETTINGS } from '../../shared/site-settings-data';
import { Toaster } from '../components/ui/toaster';
import { I18nProvider, type I18nBoot } from '../i18n/i18n';
import type { BootState } from '../lib/boot-state';
import { PageUrlContext, type PageUrl } from '../lib/page-url';
import { ResourceSeedContext, type ResourceSeed } from '../lib/resource-seed';
import { SiteSettingsContext } from '../lib/site-settings';
import { SiteUrlContext } from '../lib/site-url';

// React's half of the islands runtime, in a chunk of its own: islands/boot.ts fetches it (and
// React with it) only when the first island hydrates, so a page whose islands all wait for a
// tap or a scroll runs no React at load (decision 123).

/** What every island of the page shares: read once from the boot state. */
export interface IslandContext {
  boot: BootState;
  i18n: I18nBoot;
  pageUrl: PageUrl;
  seed: ResourceSeed;
}

function Ready({ children, onReady }: { children: ReactNode; onReady: () => void }) {
  useEffect(onReady, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, after the first commit
  return children;
}

/** Hydrates the server's HTML inside `el` with `Component`; `onReady` runs after the first commit. */
export function hydrateIsland(el: HTMLElement, Component: ComponentType<object>, props: object, ctx: IslandContext, onReady: () => void): void {
  const { boot, i18n, pageUrl, seed } = ctx;
  hydrateRoot(
    el,
    <StrictMode>
      <SiteUrlContext.Provider value={boot.siteUrl ?? window.location.origin}>
        <SiteSettingsContext.Provider value={boot.site ?? DEFAULT_SITE_SETTINGS}>
          <I18nProvider {...i18n}>
            <PageUrlContext.Provider value={pageUrl}>
              <ResourceSeedContext.Provider value={seed}>
                <Toaster>
                  <Ready onReady={onReady}>
                    <Component {...props} />
                  </Ready>
                </Toaster>
              </ResourceSeedContext.Provider>
            </PageUrlContext.Provider>
          </I18nProvider>
        </SiteSettingsContext.Provider>
      </SiteUrlContext.Provider>
    </StrictMode>,
  );
}
