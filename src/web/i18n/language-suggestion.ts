import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { localePath, splitLanguage } from '../../shared/i18n/paths';
import { dismissSuggestion, rememberLanguage, suggestedLanguage } from './language-choice';

// The suggestion speaks the language it suggests, which is not the page's catalogue: its
// three sentences per language live here (a few hundred bytes), not in the catalogues.
const SUGGESTION: Record<Language, { text: string; go: string; no: string }> = {
  en: { text: 'This page is also in English.', go: 'Read it in English', no: 'No thanks' },
  ru: { text: 'Эта страница есть и на русском языке.', go: 'Читать на русском', no: 'Нет, спасибо' },
  zh: { text: '本页面也有简体中文版。', go: '查看中文版', no: '不用了' },
  de: { text: 'Diese Seite gibt es auch auf Deutsch.', go: 'Auf Deutsch lesen', no: 'Nein, danke' },
  fr: { text: 'Cette page existe aussi en français.', go: 'Lire en français', no: 'Non merci' },
  th: { text: 'หน้านี้มีภาษาไทยด้วย', go: 'อ่านเป็นภาษาไทย', no: 'ไม่เป็นไร' },
};

const SVG = 'http://www.w3.org/2000/svg';

/** A cross drawn with two strokes, as the site's other close buttons show it. */
function cross(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'aria-hidden': 'true',
    class: 'size-4',
  })) {
    svg.setAttribute(k, v);
  }
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M6 6l12 12M18 6L6 18');
  svg.append(path);
  return svg;
}

/**
 * On a first visit whose browser prefers another of our languages: an offer to switch, never
 * a redirect. Drawn by the browser (the server's HTML is the same for every visitor), as plain
 * DOM: it needs no React, so a page that shows it still runs no React at load (decision 123).
 * Its texts are set as text, never as HTML.
 */
export function showLanguageSuggestion(page: Language): void {
  const offer = suggestedLanguage(page);
  if (!offer || document.querySelector('[data-testid="language-suggestion"]')) return;
  const s = SUGGESTION[offer];
  const { pathname, search, hash } = window.location;
  const aside = document.createElement('aside');
  aside.lang = LANGUAGE_TAGS[offer];
  aside.setAttribute('aria-label', s.text);
  // Floating, not in the flow: it appears after the page and must not push it down (a layout
  // shift). On phones it sits above the contact bar.
  aside.className =
    'fixed inset-x-3 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 rounded-card border border-gold-400/40 bg-ink-900 text-sm text-bone-50 shadow-xl md:inset-x-auto md:right-6 md:bottom-6 md:max-w-sm';
  aside.dataset.testid = 'language-suggestion';
  const row = document.createElement('div');
  row.className = 'flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2';
  const text = document.createElement('p');
  text.className = 'min-w-0 basis-full';
  text.textContent = s.text;
  const go = document.createElement('a');
  go.href = `${localePath(offer, splitLanguage(pathname).path)}${search}${hash}`;
  go.className = 'font-bold text-gold-400 underline underline-offset-4 hover:text-gold-300';
  go.textContent = s.go;
  go.addEventListener('click', () => rememberLanguage(offer));
  const no = document.createElement('button');
  no.type = 'button';
  no.className = 'inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-ink-300 hover:text-bone-50';
  no.dataset.testid = 'language-suggestion-dismiss';
  no.append(cross(), s.no);
  no.addEventListener('click', () => {
    dismissSuggestion();
    aside.remove();
  });
  row.append(text, go, no);
  aside.append(row);
  // After the skip link, as the server placed it before: first in the tab order after it.
  const skip = document.querySelector('a[href="#main"]');
  if (skip) skip.after(aside);
  else document.body.prepend(aside);
}
