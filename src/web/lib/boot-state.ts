import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { I18nBoot } from '../i18n/i18n';

// What the server hands the browser in the page's JSON <script> (the CSP forbids inline
// scripts): the page's language, the gym's facts, and either the query cache (pages hydrated
// as a whole) or the mark of a page made of islands (islands/boot.ts).

/** The id of the <script type="application/json"> element carrying the boot state. */
export const QUERY_STATE_ID = '__QUERY_STATE__';

export interface BootState {
  /** The dehydrated query cache (TanStack Query's DehydratedState), for pages hydrated whole. */
  queries?: unknown;
  /** Set on pages whose interactive parts hydrate on their own (islands): no router, no query cache. */
  islands?: true;
  /** On a page made of islands: the API reads its islands were rendered with, by key (lib/resource.ts). */
  data?: Record<string, unknown>;
  siteUrl?: string;
  /** The gym's facts as stored (site settings), read by the server for this page. */
  site?: SiteSettings;
  /** The page's language and its catalogue (only that one: see i18n/i18n.tsx). */
  i18n?: I18nBoot;
}

export function readBootState(): BootState {
  const el = document.getElementById(QUERY_STATE_ID);
  if (!el?.textContent) return {};
  try {
    return JSON.parse(el.textContent) as BootState;
  } catch {
    return {};
  }
}
