import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';

// English lives at today's URLs; every other language under /<code>/ (issue 15). The server
// (head, sitemap) and the browser (links, switcher) build paths with these two.

/** The page's language and its path without the prefix: '/de/booking' → de, '/booking'. */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const m = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (m && isLanguage(m[1]) && m[1] !== DEFAULT_LANGUAGE) return { language: m[1], path: m[2] || '/' };
  return { language: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** A path in a language: ('de', '/booking') → '/de/booking'; ('de', '/') → '/de/'; English unchanged. */
export function localePath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return `/${language}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The same page in every language (hreflang alternates, the switcher, the sitemap). */
export const alternatePaths = (path: string) => LANGUAGES.map((language) => ({ language, path: localePath(language, path) }));
