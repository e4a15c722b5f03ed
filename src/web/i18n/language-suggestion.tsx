import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LANGUAGE_TAGS, type Language } from '../../shared/i18n/languages';
import { dismissSuggestion, rememberLanguage, suggestedLanguage } from './language-choice';
import { useLanguage } from './i18n';
import { useSamePageIn } from './language-switcher';

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

/**
 * On a first visit whose browser prefers another of our languages: an offer to switch, never
 * a redirect. Shown after hydration only (the server's HTML is the same for every visitor).
 */
export default function LanguageSuggestion() {
  const page = useLanguage();
  const hrefIn = useSamePageIn();
  const [offer, setOffer] = useState<Language | null>(null);
  useEffect(() => setOffer(suggestedLanguage(page)), [page]);
  if (!offer) return null;
  const s = SUGGESTION[offer];
  const close = () => {
    dismissSuggestion();
    setOffer(null);
  };
  return (
    <aside
      lang={LANGUAGE_TAGS[offer]}
      aria-label={s.text}
      // Floating, not in the flow: it appears after hydration and must not push the page down
      // (a layout shift). On phones it sits above the contact bar.
      className="fixed inset-x-3 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 rounded-card border border-gold-400/40 bg-ink-900 text-sm text-bone-50 shadow-xl md:inset-x-auto md:right-6 md:bottom-6 md:max-w-sm"
      data-testid="language-suggestion"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <p className="min-w-0 basis-full">{s.text}</p>
        <a href={hrefIn(offer)} onClick={() => rememberLanguage(offer)} className="font-bold text-gold-400 underline underline-offset-4 hover:text-gold-300">
          {s.go}
        </a>
        <button
          type="button"
          onClick={close}
          className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-ink-300 hover:text-bone-50"
          data-testid="language-suggestion-dismiss"
        >
          <X aria-hidden className="size-4" />
          {s.no}
        </button>
      </div>
    </aside>
  );
}
