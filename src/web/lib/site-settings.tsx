import { createContext, useContext } from 'react';
import { DEFAULT_SITE_SETTINGS, pageTitleOf } from '../../shared/site-settings-data';
import type { SiteSettings } from '../../shared/schemas/site-settings';

// The gym's facts (name, contact, hours, prices, reviews, texts), as stored in the back office.
// The server reads them for each page and hands them to the browser with the query state, so
// both render the same; a save shows on the next page load. The seed values are the fallback
// (a page rendered without a server: tests of components).
export const SiteSettingsContext = createContext<SiteSettings>(DEFAULT_SITE_SETTINGS);
export const useSiteSettings = () => useContext(SiteSettingsContext);

/** The page-title maker of the stored settings: `${part} | ${name}`, or the default SEO title. */
export const usePageTitle = () => {
  const site = useSiteSettings();
  return (part?: string) => pageTitleOf(site, part);
};
