import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WaiverVersionDto } from '../../../../shared/api-types/waivers';
import { LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { waiverPublishSchema, type WaiverPublishPayload } from '../../../../shared/schemas/waivers';
import { apiRequest, errorText } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';

// Paramètres › Décharge et santé (issue 47 point 4): the waiver's text per language, published
// as a new version; the owner says whether everyone signs again or only who never signed.

const KEY = ['/api/waiver/versions'] as const;
const LANGUAGE_NAMES: Record<Language, string> = { en: 'Anglais', ru: 'Russe', zh: 'Chinois', de: 'Allemand', fr: 'Français', th: 'Thaï' };

export function WaiverEditor() {
  const qc = useQueryClient();
  const versions = useQuery<WaiverVersionDto[]>({ queryKey: KEY });
  const latest = versions.data?.[0];
  const [texts, setTexts] = useState<Partial<Record<Language, string>> | null>(null);
  const [resign, setResign] = useState<'all' | 'unsigned'>('unsigned');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = texts ?? (latest?.texts as Partial<Record<Language, string>> | undefined) ?? {};
  const publish = useMutation({
    mutationFn: (body: WaiverPublishPayload) => apiRequest<WaiverVersionDto>('POST', '/api/waiver/versions', body),
    onSuccess: () => {
      setConfirming(false);
      setTexts(null);
      void qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const ask = () => {
    const parsed = waiverPublishSchema.safeParse({ texts: shown, resign });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Texte invalide');
    setError(null);
    setConfirming(true);
  };
  return (
    <Card className="p-4 sm:p-6" id="decharge">
      <h2 className="text-lg font-semibold text-gray-900">Décharge et déclaration de santé</h2>
      <p className="mt-1 text-sm text-gray-700">
        Chaque voyageur l’accepte une fois avant son premier cours, depuis sa page ou la réservation. Publier crée une nouvelle version.
      </p>
      {versions.isPending && <Spinner className="mt-3" />}
      {versions.isError && <ErrorAlert>{errorText(versions.error, 'Impossible de lire la décharge.')}</ErrorAlert>}
      {versions.data && (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-gray-700" data-testid="waiver-current">
            {latest
              ? `Version ${latest.version} en ligne depuis le ${formatDateTime(latest.publishedAt)}.`
              : 'Aucune décharge publiée : personne n’a rien à signer.'}
          </p>
          {LANGUAGES.map((l) => (
            <details key={l} open={l === 'en'} className="rounded-md border border-gray-200 p-3">
              <summary className="cursor-pointer text-sm font-medium text-gray-900">
                {LANGUAGE_NAMES[l]} {l === 'en' ? '(requis)' : shown[l] ? '' : '(anglais affiché)'}
              </summary>
              <div className="mt-2">
                <Field id={`waiver-${l}`} label={`Texte (${LANGUAGE_NAMES[l].toLowerCase()})`}>
                  <Textarea id={`waiver-${l}`} lang={l} rows={8} value={shown[l] ?? ''} onChange={(e) => setTexts({ ...shown, [l]: e.target.value })} />
                </Field>
              </div>
            </details>
          ))}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold text-gray-900">Qui signe cette version ?</legend>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="resign" className="h-5 w-5 accent-red-700" checked={resign === 'unsigned'} onChange={() => setResign('unsigned')} />
              Seulement ceux qui n’ont jamais signé
            </label>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="resign" className="h-5 w-5 accent-red-700" checked={resign === 'all'} onChange={() => setResign('all')} />
              Tout le monde signe à nouveau dès sa prochaine réservation
            </label>
          </fieldset>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {publish.isError && <ErrorAlert>{errorText(publish.error, 'La publication a échoué. Réessayez.')}</ErrorAlert>}
          <div>
            <Button onClick={ask} disabled={publish.isPending}>
              {publish.isPending ? 'Publication…' : latest ? `Publier la version ${latest.version + 1}` : 'Publier la décharge'}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !publish.isPending && setConfirming(open)}
        title="Publier cette version ?"
        description={
          resign === 'all'
            ? 'Chaque voyageur devra signer à nouveau avant son prochain cours.'
            : 'Seuls ceux qui n’ont jamais signé devront la signer ; les signatures existantes restent valables.'
        }
        confirmLabel={publish.isPending ? 'Publication…' : 'Publier'}
        busy={publish.isPending}
        onConfirm={() => publish.mutate({ texts: shown, resign })}
      />
    </Card>
  );
}
