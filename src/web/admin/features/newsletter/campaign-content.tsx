import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES_FR, type Language } from '../../../../shared/i18n/languages';
import { CAMPAIGN_BODY_MAX, CAMPAIGN_PREHEADER_MAX, CAMPAIGN_SUBJECT_MAX } from '../../../../shared/schemas/campaigns';
import { Card } from '../../components/ui/card';
import { Field, Input, Textarea, fieldAria } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { written, type CampaignFormValues, type FormErrors, type Texts } from './campaign-form';

const tabClass =
  'relative inline-flex h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-gray-700 uppercase data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none md:h-9';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Subject, preheader and Markdown text, one tab per site language. English is required: a
 * subscriber whose language has no text gets the English one.
 */
export function CampaignContent({
  values,
  errors,
  disabled,
  onChange,
}: {
  values: CampaignFormValues;
  errors: FormErrors;
  disabled: boolean;
  onChange: (field: 'subject' | 'preheader' | 'body', language: Language, text: string) => void;
}) {
  const [language, setLanguage] = useState<Language>('en');
  const hasError = (l: Language) => ['subject', 'preheader', 'body'].some((f) => errors[`${f}.${l}`]);
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="campaign-content">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">Contenu</h2>
        <p className="text-xs text-gray-700">Markdown : **gras**, *italique*, [lien](https://…), listes.</p>
      </div>
      <Tabs.Root value={language} onValueChange={(v) => setLanguage(v as Language)}>
        <Tabs.List aria-label="Langue du contenu" className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1">
          {LANGUAGES.map((l) => (
            <Tabs.Trigger key={l} value={l} className={tabClass} aria-label={`${cap(LANGUAGE_NAMES_FR[l])}${l === 'en' ? ' (obligatoire)' : ''}`}>
              {l}
              {/* A dot: this language is written (green) or has a field to fix (red). */}
              {(written(values, l) || hasError(l)) && (
                <span aria-hidden className={cn('absolute top-1 right-1 h-1.5 w-1.5 rounded-full', hasError(l) ? 'bg-red-600' : 'bg-green-600')} />
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LANGUAGES.map((l) => (
          <Tabs.Content key={l} value={l} className="mt-4 grid gap-4">
            <LanguageFields language={l} values={values} errors={errors} disabled={disabled} onChange={onChange} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}

function LanguageFields({
  language: l,
  values,
  errors,
  disabled,
  onChange,
}: {
  language: Language;
  values: CampaignFormValues;
  errors: FormErrors;
  disabled: boolean;
  onChange: (field: 'subject' | 'preheader' | 'body', language: Language, text: string) => void;
}) {
  const name = LANGUAGE_NAMES_FR[l];
  const id = (f: string) => `campaign-${f}-${l}`;
  const text = (t: Texts) => t[l];
  return (
    <>
      {l !== 'en' && (
        <p className="text-sm text-gray-700">
          Sans texte en {name}, les abonnés qui lisent le {name} reçoivent la version anglaise.
        </p>
      )}
      <Field id={id('subject')} label={`Objet (${name})`} error={errors[`subject.${l}`]}>
        <Input
          {...fieldAria(id('subject'), errors[`subject.${l}`])}
          value={text(values.subject)}
          maxLength={CAMPAIGN_SUBJECT_MAX}
          disabled={disabled}
          className="h-11 md:h-10"
          onChange={(e) => onChange('subject', l, e.target.value)}
        />
      </Field>
      <Field
        id={id('preheader')}
        label={`Aperçu dans la boîte de réception (${name})`}
        error={errors[`preheader.${l}`]}
        hint="La ligne que les messageries montrent après l'objet. Facultatif."
      >
        <Input
          {...fieldAria(id('preheader'), errors[`preheader.${l}`])}
          value={text(values.preheader)}
          maxLength={CAMPAIGN_PREHEADER_MAX}
          disabled={disabled}
          className="h-11 md:h-10"
          onChange={(e) => onChange('preheader', l, e.target.value)}
        />
      </Field>
      <Field id={id('body')} label={`Texte en Markdown (${name})`} error={errors[`body.${l}`]}>
        <Textarea
          {...fieldAria(id('body'), errors[`body.${l}`])}
          rows={14}
          value={text(values.body)}
          maxLength={CAMPAIGN_BODY_MAX}
          disabled={disabled}
          className="font-mono"
          onChange={(e) => onChange('body', l, e.target.value)}
        />
      </Field>
    </>
  );
}
