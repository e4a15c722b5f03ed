import { Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES_FR, type Language } from '../../../../shared/i18n/languages';
import { campaignAudienceSchema, type CampaignAudience } from '../../../../shared/schemas/campaigns';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/field';
import { audiencePayload, type CampaignFormValues, type FormErrors } from './campaign-form';
import { recipientsText } from './campaign-labels';
import { useAudienceCount } from './campaigns-api';

const check = 'h-5 w-5 shrink-0 accent-red-600';
const row = 'flex min-h-11 items-center gap-3 text-sm text-gray-900';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Flag = 'activePass' | 'pastStay' | 'upcomingArrival';
const FLAGS: [Flag, string][] = [
  ['activePass', 'Clients avec une formule active'],
  ['pastStay', 'Clients ayant fait un séjour (terminé)'],
  ['upcomingArrival', 'Clients dont l’arrivée est à venir'],
];

/** The audience as it stands, once typing pauses (the count is asked for then, not on every key). */
function useSettledAudience(values: CampaignFormValues): CampaignAudience | null {
  const parsed = useMemo(() => {
    const r = campaignAudienceSchema.safeParse(audiencePayload(values));
    return r.success ? r.data : null;
  }, [values]);
  const text = JSON.stringify(parsed);
  const [settled, setSettled] = useState(parsed);
  useEffect(() => {
    const t = setTimeout(() => setSettled(JSON.parse(text) as CampaignAudience | null), 300);
    return () => clearTimeout(t);
  }, [text]);
  return settled;
}

/**
 * Who receives it: confirmed subscribers only, narrowed by the filters ticked (all of them hold),
 * with the count the server finds for them now.
 */
export function CampaignAudienceCard({
  values,
  errors,
  disabled,
  onChange,
}: {
  values: CampaignFormValues;
  errors: FormErrors;
  disabled: boolean;
  onChange: (patch: Partial<CampaignFormValues>) => void;
}) {
  const audience = useSettledAudience(values);
  const count = useAudienceCount(disabled ? null : audience);
  const toggleLanguage = (l: Language, on: boolean) =>
    onChange({ languages: on ? LANGUAGES.filter((x) => x === l || values.languages.includes(x)) : values.languages.filter((x) => x !== l) });
  const daysError = errors['audience.notSeenDays'];
  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="campaign-audience">
      <div>
        <h2 className="font-semibold text-gray-900">Destinataires</h2>
        <p className="mt-1 text-sm text-gray-700">
          Les abonnés confirmés seulement : jamais ceux qui se sont désinscrits, dont l’adresse échoue ou qui se sont plaints.
        </p>
      </div>
      <fieldset className="grid gap-1" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium text-gray-900">Langues</legend>
        <p className="text-xs text-gray-600">Aucune cochée : toutes les langues.</p>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {LANGUAGES.map((l) => (
            <label key={l} className={row}>
              <input type="checkbox" className={check} checked={values.languages.includes(l)} onChange={(e) => toggleLanguage(l, e.target.checked)} />
              {cap(LANGUAGE_NAMES_FR[l])}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-1" disabled={disabled}>
        <legend className="mb-1 text-sm font-medium text-gray-900">Seulement</legend>
        {FLAGS.map(([flag, label]) => (
          <label key={flag} className={row}>
            <input type="checkbox" className={check} checked={values[flag]} onChange={(e) => onChange({ [flag]: e.target.checked })} />
            {label}
          </label>
        ))}
        <div className="flex flex-wrap items-center gap-x-3">
          <label className={row}>
            <input type="checkbox" className={check} checked={values.notSeen} onChange={(e) => onChange({ notSeen: e.target.checked })} />
            Clients pas venus depuis
          </label>
          <span className="inline-flex shrink-0 items-center gap-2 text-sm whitespace-nowrap text-gray-900">
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              aria-label="Nombre de jours sans venir"
              aria-invalid={daysError ? true : undefined}
              aria-describedby={daysError ? 'campaign-days-error' : undefined}
              className="h-11 w-24 md:h-10"
              value={values.notSeenDays}
              disabled={!values.notSeen}
              onChange={(e) => onChange({ notSeenDays: e.target.value, notSeen: true })}
            />
            jours
          </span>
        </div>
        {daysError && (
          <p id="campaign-days-error" role="alert" className="text-sm text-red-700">
            {daysError}
          </p>
        )}
      </fieldset>
      {!disabled && (
        <p className="flex items-center gap-2 rounded-md bg-gray-50 p-3 text-sm text-gray-900" aria-live="polite" data-testid="audience-count">
          <Users className="h-4 w-4 shrink-0" aria-hidden />
          {count.data ? (
            <span>
              <strong className="font-semibold" data-count={count.data.count}>
                {recipientsText(count.data.count)}
              </strong>{' '}
              aujourd’hui
            </span>
          ) : count.isError ? (
            <span>Nombre de destinataires indisponible.</span>
          ) : audience === null ? (
            <span>Corrigez les filtres pour voir le nombre de destinataires.</span>
          ) : (
            <span>Calcul du nombre de destinataires…</span>
          )}
        </p>
      )}
    </Card>
  );
}
