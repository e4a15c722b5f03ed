import { QueryClientProvider, dehydrate, type DehydratedState } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { ADMIN_SCREEN_MODULES, ISLAND_PAGES, PAGE_MODULES, matchPage, type PageMatch } from './app/pages';
import { categoriesQuery, postQuery, publishedPostsQuery, teaserPostsQuery } from './features/blog/queries';
import { galleryQuery } from './features/gallery/queries';
import { readJourney } from './features/booking/journey';
import { managedBookingQuery } from './features/booking/manage-queries';
import { offersQuery } from './features/booking/offers-query';
import { orderQuery, passesQuery, paymentMethodsQuery } from './features/passes/pass-queries';
import { availabilityQuery } from './features/passes/stay-queries';
import { orderLetterQuery, verifyQuery } from './features/passes/visa-letter-queries';
import { fromRaw, type RawGet } from './lib/api-client';
import { setGymTimeZone } from './lib/gym-zone';
import { QUERY_STATE_ID } from './lib/boot-state';
import { ResourceSeedContext, resourceKey, type ResourceSeed } from './lib/resource-seed';
import { createQueryClient } from './lib/query-client';
import { SiteSettingsContext } from './lib/site-settings';
import { SiteUrlContext } from './lib/site-url';
import type { SiteSettings } from '../shared/schemas/site-settings';
import { classesQuery, sessionsQuery } from './lib/timetable';
import { trainersQuery } from './features/trainers/queries';
import type { BlogPost } from './lib/types';
import { compiledMessages } from './i18n/compile';
import { IslandComponentsContext } from './islands/island';
import { ISLAND_COMPONENTS } from './islands/server-islands';
import { I18nProvider, type I18nBoot } from './i18n/i18n';
import { splitLanguage } from '../shared/i18n/paths';

// The server bundle (vite build --ssr): src/server/web/ssr.ts loads it to render public pages.

export { ADMIN_SCREEN_MODULES, PAGE_MODULES, QUERY_STATE_ID, matchPage };

/** A language's boot state (language and compiled catalogue), for pages the server does not render. */
export const i18nBootFor = (pathname: string): I18nBoot => {
  const language = splitLanguage(pathname).language;
  return { language, messages: compiledMessages(language) };
};
export type { PageMatch };

export interface RenderResult {
  html: string;
  status: number;
  page: PageMatch;
  state: DehydratedState;
  /** The article shown, for the head (title, description, JSON-LD). */
  post: BlogPost | null;
  /** The page's language and its compiled catalogue, for the state script. */
  i18n: I18nBoot;
  /** The page is made of islands (islands/boot.ts): the browser needs no query state. */
  islands: boolean;
  /** On a page made of islands: the API reads its islands were rendered with (lib/resource.ts), by key. */
  data: Record<string, unknown>;
}

export interface RenderOptions {
  /** Reads the API in-process. */
  get: RawGet;
  /** PUBLIC_URL, for absolute links in the page. */
  siteUrl: string;
  /** The gym's facts as stored (site settings). */
  site: SiteSettings;
  /** GYM_TIMEZONE: dates in the HTML are printed in it, as the browser will print them. */
  timeZone: string;
  onError?: (err: unknown) => void;
}

export async function render(url: string, { get: rawGet, siteUrl, site, timeZone, onError = () => {} }: RenderOptions): Promise<RenderResult> {
  // One zone per server process (its config): set before any date is printed.
  setGymTimeZone(timeZone);
  const pathname = url.split('?')[0];
  const page = matchPage(pathname);
  const language = splitLanguage(pathname).language;
  const i18n: I18nBoot = { language, messages: compiledMessages(language) };
  const get = fromRaw(rawGet);
  const queryClient = createQueryClient();

  // The data each screen shows first; failures are left for the client to retry and show.
  const prefetch: Promise<unknown>[] = [];
  if (page.kind === 'landing')
    prefetch.push(
      queryClient.prefetchQuery(galleryQuery(get)),
      queryClient.prefetchQuery(teaserPostsQuery(language, get)),
      queryClient.prefetchQuery(classesQuery(language, get)),
      queryClient.prefetchQuery(trainersQuery(language, get)),
    );
  if (page.kind === 'booking')
    prefetch.push(
      queryClient.prefetchQuery(trainersQuery(language, get)),
      queryClient.prefetchQuery(classesQuery(language, get)),
      queryClient.prefetchQuery(sessionsQuery(get)),
      queryClient.prefetchQuery(passesQuery(get)),
      queryClient.prefetchQuery(paymentMethodsQuery(get)),
      queryClient.prefetchQuery(offersQuery(get)),
    );
  // A stay's step of the booking journey comes with its rooms (a link shared by WhatsApp reads
  // at once); dates the server refuses are left to the island, which says so.
  const journey = page.kind === 'booking' ? readJourney(url.split('?')[1] ?? '') : null;
  if (journey?.what === 'stay' && journey.checkIn && journey.checkOut > journey.checkIn)
    prefetch.push(queryClient.prefetchQuery(availabilityQuery(journey.checkIn, journey.checkOut, journey.guests, language, get)));
  // The booking-management page (/booking/manage/:token) and the order page
  // (/booking/order/:token) come with their data too (decision 120): readable at once, no layout
  // shift when it arrives. The read is in-process (the request log redacts the token) and the
  // page is sent no-store, its head naming no token.
  if (page.kind === 'order' && page.slug)
    prefetch.push(
      queryClient.prefetchQuery(orderQuery(page.slug, get)),
      queryClient.prefetchQuery(sessionsQuery(get)),
      queryClient.prefetchQuery(orderLetterQuery(page.slug, get)),
    );
  // A visa letter's verification (issue 35): the read counts against the visitor's verify limit.
  if (page.kind === 'verify' && page.slug) prefetch.push(queryClient.prefetchQuery(verifyQuery(page.slug, get)));
  // With the timetable: a booking the gym cancelled offers other sessions at once (issue 34).
  if (page.kind === 'manage-booking' && page.slug)
    prefetch.push(queryClient.prefetchQuery(managedBookingQuery(page.slug, get)), queryClient.prefetchQuery(sessionsQuery(get)));
  if (page.kind === 'blog') prefetch.push(queryClient.prefetchQuery(publishedPostsQuery(language, get)), queryClient.prefetchQuery(categoriesQuery(get)));
  if (page.kind === 'article' && page.slug) prefetch.push(queryClient.prefetchQuery(postQuery(page.slug, get)));
  await Promise.all(prefetch);
  // A page made of islands is never rendered again by the browser: a read that failed here is
  // shown as failed (not as "Loading...", which would stay on screen for good). A page hydrated
  // whole keeps the default, so that the browser's first render (which retries) matches.
  if (ISLAND_PAGES.has(page.kind)) queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });

  let post: BlogPost | null = null;
  let status = page.kind === 'not-found' ? 404 : 200;
  if (page.kind === 'article' && page.slug) {
    const q = queryClient.getQueryState(postQuery(page.slug).queryKey);
    post = q?.data ?? null;
    if (q?.status === 'success' && post === null) status = 404;
  }

  // What islands read through lib/resource.ts: the prefetched answers, and a record of the keys
  // read, so that only those travel with the page.
  const seed: ResourceSeed = { data: {}, read: new Set() };
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.status === 'success') seed.data[resourceKey(q.queryKey)] = q.state.data;

  const html = await renderToString(
    <StrictMode>
      <ResourceSeedContext.Provider value={seed}>
        <QueryClientProvider client={queryClient}>
          <SiteUrlContext.Provider value={siteUrl}>
            <SiteSettingsContext.Provider value={site}>
              <I18nProvider {...i18n}>
                <IslandComponentsContext.Provider value={ISLAND_PAGES.has(page.kind) ? ISLAND_COMPONENTS : null}>
                  <StaticRouter location={url}>
                    <App />
                  </StaticRouter>
                </IslandComponentsContext.Provider>
              </I18nProvider>
            </SiteSettingsContext.Provider>
          </SiteUrlContext.Provider>
        </QueryClientProvider>
      </ResourceSeedContext.Provider>
    </StrictMode>,
    onError,
  );
  const data = Object.fromEntries([...(seed.read ?? [])].filter((key) => Object.hasOwn(seed.data, key)).map((key) => [key, seed.data[key]]));
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, status, page, state, post, i18n, islands: ISLAND_PAGES.has(page.kind), data };
}

/**
 * Streams the tree and resolves once everything (lazy pages included) has rendered. An error
 * inside a Suspense boundary is recoverable: React leaves that part to the client, and the
 * error is reported to the caller's log.
 */
function renderToString(node: React.ReactNode, onError: (err: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    const timer = setTimeout(() => stream.abort(new Error('Server rendering timed out')), 10_000);
    sink.on('data', (c: Buffer) => chunks.push(c));
    sink.on('end', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    const stream = renderToPipeableStream(node, {
      // Inline every finished boundary: outlined ones need React's inline <script>s, which
      // the CSP (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(err) {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
      onError: onError,
    });
  });
}
