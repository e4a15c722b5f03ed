import { LANGUAGE_NAMES_FR, type Language } from '../../../shared/i18n/languages';
import { Badge } from './ui/badge';

/**
 * The customer's language (issue 15), in French: "russe". Lists show it for the languages other
 * than English only (most customers write in English: a badge on every row says nothing);
 * `always` shows it for English too (one item's screen, blog posts); `of` names whose language it is.
 */
export function LanguageBadge({ language, always = false, of = 'du client' }: { language?: Language; always?: boolean; of?: string }) {
  const lang = language ?? 'en';
  if (lang === 'en' && !always) return null;
  return (
    <span title={`Langue ${of} : ${LANGUAGE_NAMES_FR[lang]}`} data-testid="language-badge">
      <Badge tone="purple">
        <span className="sr-only">Langue : </span>
        {LANGUAGE_NAMES_FR[lang]}
      </Badge>
    </span>
  );
}
