import { Globe } from 'lucide-react';
import { LANGUAGES, LANGUAGE_NAMES, LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { localePath, splitLanguage } from '../../shared/i18n/paths';
import { usePageUrl } from '../lib/page-url';
import { rememberLanguage } from './language-choice';
import { useLanguage, useT } from './i18n';

/** The same page in another language: path, query and section kept. */
export function useSamePageIn() {
  const { pathname, search, hash } = usePageUrl();
  const { path } = splitLanguage(pathname);
  return (language: Language) => `${localePath(language, path)}${search}${hash}`;
}

/**
 * The switcher (header and footer): plain links to the same page in each language. A switch
 * is a page load, so the new page arrives server-rendered with its own catalogue.
 */
export function LanguageSwitcher({ variant }: { variant: 'header' | 'footer' }) {
  const t = useT();
  const current = useLanguage();
  const hrefIn = useSamePageIn();
  const links = LANGUAGES.map((l) => (
    <li key={l}>
      <a
        href={hrefIn(l)}
        hrefLang={LANGUAGE_TAGS[l]}
        lang={LANGUAGE_TAGS[l]}
        aria-current={l === current ? 'true' : undefined}
        onClick={() => rememberLanguage(l)}
        // Read by islands/boot.ts where this list is server HTML that never hydrates.
        data-language={l}
        className={`block rounded-md px-3 py-2 whitespace-nowrap hover:text-blood-400 ${l === current ? 'font-bold text-gold-400' : 'text-bone-100'}`}
        data-testid={`lang-${l}`}
      >
        {LANGUAGE_NAMES[l]}
      </a>
    </li>
  ));
  if (variant === 'footer') {
    return (
      <nav aria-label={t('language.label')} className="mt-6" data-testid="footer-languages">
        <ul className="-mx-1 flex flex-wrap text-sm">{links}</ul>
      </nav>
    );
  }
  // A disclosure that works before hydration too (<details>).
  return (
    <details className="group relative" data-testid="header-languages">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-md px-2 text-sm font-bold whitespace-nowrap text-bone-100 uppercase hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
        <Globe aria-hidden className="size-5" />
        {/* The name contains the visible code (axe: label-content-name-mismatch). */}
        <span className="sr-only">{t('language.label')}: </span>
        {current}
      </summary>
      <ul className="absolute right-0 z-50 mt-2 grid min-w-40 gap-0.5 rounded-card border border-ink-700 bg-ink-950 p-2 shadow-xl">{links}</ul>
    </details>
  );
}
