import { LANGUAGE_TAGS, isLanguage, type Language } from '../../shared/i18n/languages';
import { localePath } from '../../shared/i18n/paths';
import { CATALOGUES } from '../../shared/i18n/locales';
import type { SiteSettings } from '../../shared/schemas/site-settings';

// My page as an app on the home screen (issue 47 point 6, decision 188): the web app manifest
// that /me and /{lang}/me link to. It opens the page in the language it was added from, under
// the gym's name; the icons are the favicon's mark (public/icon-192.png, icon-512.png).

export function meManifest(site: Pick<SiteSettings, 'name'>, lang: unknown) {
  const language: Language = isLanguage(lang) ? lang : 'en';
  const title = CATALOGUES[language]['me.title'];
  return {
    // One app whatever the language it was added from.
    id: '/me',
    name: `${site.name} – ${title}`,
    short_name: title.length <= 12 ? title : site.name.slice(0, 12),
    lang: LANGUAGE_TAGS[language],
    start_url: localePath(language, '/me'),
    scope: '/',
    display: 'standalone',
    background_color: '#0a0a0b',
    theme_color: '#0a0a0b',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
