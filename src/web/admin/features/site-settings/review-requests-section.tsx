import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import type { ReviewRequestPageDto } from '../../../../shared/api-types/review-requests';
import { LANGUAGE_NAMES_FR, TRANSLATED_LANGUAGES } from '../../../../shared/i18n/languages';
import { REVIEW_LINKS_MAX } from '../../../../shared/schemas/site-settings-reviews';
import type { SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/field';
import { Pager } from '../../components/ui/pager';
import { Switch } from '../../components/ui/switch';
import { formatDate, formatDateTime } from '../../lib/format';
import { ListError, SettingsSection, TextField, fieldId, type SettingsPath } from './fields';

/**
 * "Avis clients" (issue 48 point 5): after a stay or the Nth class, one e-mail per person asks
 * for a review on the sites listed (a page per language if wanted); below, who was asked.
 */
export function ReviewRequestsSection() {
  const { control } = useFormContext<SiteSettingsInput>();
  const links = useFieldArray({ control, name: 'reviewRequests.links' });
  return (
    <SettingsSection
      id="avis-clients"
      title="Avis clients"
      description="Un e-mail par personne, une seule fois, demande un avis après un séjour ou après le N-ième cours suivi, dans sa langue. Jamais à une adresse désinscrite de la newsletter ou en erreur, ni si le dernier cours a été annulé par la salle. Seuls les séjours et cours des 30 derniers jours sont concernés."
    >
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="reviewRequests.afterStay"
          render={({ field }) => <Switch id={fieldId('reviewRequests.afterStay')} checked={!!field.value} onCheckedChange={field.onChange} />}
        />
        <Label htmlFor={fieldId('reviewRequests.afterStay')}>Après la fin d’un séjour</Label>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name="reviewRequests.afterClasses"
          label="Après le N-ième cours suivi"
          hint="0 : pas de demande après les cours. Compte les cours marqués « présent »."
          number
          inputMode="numeric"
        />
        <TextField
          name="reviewRequests.delayDays"
          label="Délai (jours)"
          hint="Jours après la fin du séjour ou ce cours ; de 0 à 60."
          number
          inputMode="numeric"
        />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Où laisser un avis</legend>
        {links.fields.map((f, i) => (
          <div key={f.id} className="grid gap-3 rounded-md border border-gray-200 p-3" data-testid="review-link">
            <div className="grid items-end gap-3 md:grid-cols-[10rem_minmax(0,1fr)_auto]">
              <TextField name={`reviewRequests.links.${i}.name`} label="Site" placeholder="Google" />
              <TextField name={`reviewRequests.links.${i}.url`} label="Lien (https)" type="url" inputMode="url" />
              <Button variant="outline" onClick={() => links.remove(i)} aria-label={`Retirer le lien ${i + 1}`}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
            <details>
              <summary className="cursor-pointer text-sm font-semibold">Une autre page par langue (facultatif)</summary>
              <div className="mt-3 grid gap-3 md:grid-cols-2">
                {TRANSLATED_LANGUAGES.map((l) => (
                  <TextField
                    key={l}
                    name={`reviewRequests.links.${i}.urls.${l}` as SettingsPath}
                    label={`Lien (${LANGUAGE_NAMES_FR[l]})`}
                    hint="Vide : le lien ci-dessus."
                    type="url"
                    inputMode="url"
                  />
                ))}
              </div>
            </details>
          </div>
        ))}
        <ListError name="reviewRequests.links" />
        {links.fields.length < REVIEW_LINKS_MAX && (
          <div>
            <Button variant="outline" onClick={() => links.append({ name: '', url: '' })}>
              <Plus className="h-4 w-4" aria-hidden />
              Ajouter un lien
            </Button>
          </div>
        )}
      </fieldset>

      <AskedList />
    </SettingsSection>
  );
}

const REASONS = { stay: 'Séjour', classes: 'Cours' } as const;

/** Who was asked and when, newest first (GET /api/review-requests). */
function AskedList() {
  const [page, setPage] = useState(1);
  const q = useQuery<ReviewRequestPageDto>({ queryKey: [`/api/review-requests${page > 1 ? `?page=${page}` : ''}`], placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="avis-clients-envoyes" className="grid gap-2 border-t border-gray-200 pt-4">
      <h3 id="avis-clients-envoyes" className="text-sm font-semibold text-gray-900">
        Demandes envoyées
      </h3>
      {q.isError && <p className="text-sm text-red-700">Liste indisponible pour le moment.</p>}
      {q.data && q.data.total === 0 && <p className="text-sm text-gray-700">Personne n’a encore reçu de demande d’avis.</p>}
      {q.data && q.data.items.length > 0 && (
        <ul className="divide-y divide-gray-100" data-testid="review-requests">
          {q.data.items.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <div className="min-w-0">
                <Link to={`/admin/clients/${r.customerId}`} className="font-medium text-gray-900 underline-offset-2 hover:underline">
                  {r.name}
                </Link>
                {r.email && <p className="truncate text-gray-700">{r.email}</p>}
              </div>
              <div className="flex flex-wrap items-center gap-2 text-gray-700">
                <Badge tone={r.reason === 'stay' ? 'blue' : 'green'}>{REASONS[r.reason]}</Badge>
                <LanguageBadge language={r.language} />
                <span title={`Compté depuis le ${formatDate(`${r.triggerDate}T00:00:00.000Z`)}`}>{formatDateTime(r.askedAt)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {q.data && q.data.total > q.data.pageSize && (
        <Pager
          label="Pages des demandes d’avis"
          total={q.data.total}
          page={q.data.page}
          pageSize={q.data.pageSize}
          noun={['demande', 'demandes']}
          onPage={setPage}
        />
      )}
    </section>
  );
}
