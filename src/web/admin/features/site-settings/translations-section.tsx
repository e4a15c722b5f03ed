import { Tabs } from 'radix-ui';
import { useFormState, useWatch } from 'react-hook-form';
import { LANGUAGE_NAMES, LANGUAGE_NAMES_FR, LANGUAGE_TAGS, TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../../../shared/i18n/languages';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { SettingsSection, TextField } from './fields';

// The owner's texts in the public site's other languages (issue 15): one tab per language, one
// field per English text. An empty field shows the English text on that language's pages (its
// placeholder says which); the values live beside the English ones in the same record, so
// saving, the history and "Restaurer" cover them.

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const tabClass =
  'flex flex-auto items-center justify-center gap-1 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/** True when an error sits anywhere under a `translations.<language>` key. */
function hasErrorFor(node: unknown, language: TranslatedLanguage, underTranslations = false): boolean {
  if (node === null || typeof node !== 'object') return false;
  for (const [key, child] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'ref') continue;
    if (underTranslations && key === language) return true;
    if (hasErrorFor(child, language, key === 'translations')) return true;
  }
  return false;
}

export function TranslationsSection() {
  const { errors } = useFormState<SiteSettingsInput>();
  return (
    <SettingsSection
      id="traductions"
      title="Traductions"
      description="Les textes du site dans les autres langues. Un champ vide affiche le texte anglais (indiqué en gris)."
    >
      <Tabs.Root defaultValue="ru">
        <Tabs.List aria-label="Langue des textes" className="mb-4 flex flex-wrap rounded-lg bg-gray-200 p-1 sm:inline-flex">
          {TRANSLATED_LANGUAGES.map((l) => {
            const invalid = hasErrorFor(errors, l);
            return (
              <Tabs.Trigger key={l} value={l} className={tabClass} data-testid={`translations-tab-${l}`}>
                <span lang={LANGUAGE_TAGS[l]}>{LANGUAGE_NAMES[l]}</span>
                <span className="sr-only"> ({LANGUAGE_NAMES_FR[l]})</span>
                {invalid && (
                  <span className="font-bold text-red-700" aria-label="contient une erreur">
                    !
                  </span>
                )}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {TRANSLATED_LANGUAGES.map((l) => (
          <Tabs.Content key={l} value={l} className="grid gap-6">
            <LanguageFields language={l} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </SettingsSection>
  );
}

function LanguageFields({ language: l }: { language: TranslatedLanguage }) {
  const en = useWatch<SiteSettingsInput>();
  const lang = LANGUAGE_TAGS[l];
  const fr = LANGUAGE_NAMES_FR[l];
  const name = capitalise(fr);
  const rows = en.prices?.rows ?? [];
  const reviews = en.reviews ?? [];
  return (
    <>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Accueil ({name})</legend>
        <TextField name={`hero.translations.${l}.badge`} label={`Bandeau (${fr})`} lang={lang} placeholder={en.hero?.badge} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField name={`hero.translations.${l}.title`} label={`Titre (${fr})`} lang={lang} placeholder={en.hero?.title} />
          <TextField
            name={`hero.translations.${l}.highlight`}
            label={`Mot mis en avant (en rouge) (${fr})`}
            hint="Un mot du titre traduit, ou vide"
            lang={lang}
            placeholder={en.hero?.highlight}
          />
        </div>
        <TextField name={`hero.translations.${l}.subtitle`} label={`Sous-titre (${fr})`} lang={lang} placeholder={en.hero?.subtitle} />
        <TextField name={`hero.translations.${l}.text`} label={`Texte (${fr})`} rows={3} lang={lang} placeholder={en.hero?.text} />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">À propos ({name})</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField name={`about.translations.${l}.eyebrow`} label={`Surtitre (${fr})`} lang={lang} placeholder={en.about?.eyebrow} />
          <TextField name={`about.translations.${l}.title`} label={`Titre (${fr})`} lang={lang} placeholder={en.about?.title} />
        </div>
        <TextField name={`about.translations.${l}.text`} label={`Texte (${fr})`} rows={4} lang={lang} placeholder={en.about?.text} />
        <div className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="grid gap-3 rounded-md border border-gray-200 p-3">
              <TextField
                name={`about.translations.${l}.points.${i}.title`}
                label={`Point fort ${i + 1} : titre (${fr})`}
                lang={lang}
                placeholder={en.about?.points?.[i]?.title}
              />
              <TextField
                name={`about.translations.${l}.points.${i}.text`}
                label={`Point fort ${i + 1} : texte (${fr})`}
                rows={2}
                lang={lang}
                placeholder={en.about?.points?.[i]?.text}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Slogan, WhatsApp et référencement ({name})</legend>
        <TextField name={`translations.${l}.tagline`} label={`Slogan (${fr})`} lang={lang} placeholder={en.tagline} />
        <TextField
          name={`translations.${l}.whatsappGreeting`}
          label={`Message WhatsApp pré-rempli (${fr})`}
          rows={2}
          lang={lang}
          placeholder={en.whatsappGreeting}
        />
        <TextField name={`seo.translations.${l}.title`} label={`Titre SEO par défaut (${fr})`} lang={lang} placeholder={en.seo?.title} />
        <TextField
          name={`seo.translations.${l}.description`}
          label={`Description SEO par défaut (${fr})`}
          rows={2}
          lang={lang}
          placeholder={en.seo?.description}
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Libellés des tarifs ({name})</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {rows.map((row, i) => (
            <TextField
              key={i}
              name={`prices.rows.${i}.translations.${l}`}
              label={`Ligne ${i + 1}${row?.label ? ` : ${row.label}` : ''} (${fr})`}
              lang={lang}
              placeholder={row?.label}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Avis ({name})</legend>
        <p className="text-sm text-gray-700">Le nom du client reste tel qu&apos;il est écrit.</p>
        <ol className="grid gap-3">
          {reviews.map((r, i) => (
            <li key={i} className="grid gap-3 rounded-md border border-gray-200 p-3">
              <h3 className="text-sm font-semibold text-gray-900">
                Avis {i + 1}
                {r?.name ? ` (${r.name})` : ''}
              </h3>
              <TextField name={`reviews.${i}.translations.${l}.location`} label={`Provenance (${fr})`} lang={lang} placeholder={r?.location} />
              <TextField name={`reviews.${i}.translations.${l}.quote`} label={`Avis (${fr})`} rows={3} lang={lang} placeholder={r?.quote} />
            </li>
          ))}
        </ol>
      </fieldset>
    </>
  );
}
