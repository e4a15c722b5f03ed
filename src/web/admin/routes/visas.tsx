import { AlertTriangle, FileText, Stamp, XCircle } from 'lucide-react';
import { useState } from 'react';
import { FilterPanel } from '../components/filter-panel';
import type { VisaLetterDto } from '../../../shared/api-types';
import type { VisaLetterStatus } from '../../../shared/visa-letters';
import { errorText } from '../../lib/api-client';
import { ErrorAlert } from '../components/ui/alert';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Modal } from '../components/ui/dialog';
import { Field, Textarea } from '../components/ui/field';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { letterPdfUrl, useIssueLetter, useRevokeLetter, useVisaLetters } from '../features/visas/api';
import { formatDate } from '../lib/format';
import { useListParams } from '../lib/list-state';
import { useAction } from '../lib/use-action';

// "Visas" (issue 35 §3): the travellers' requests and the letters issued, one card each so a
// phone reads them; issue, re-issue, revoke with a reason, open the PDF.

type Filter = VisaLetterStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'requested', label: 'À traiter' },
  { value: 'issued', label: 'Émises' },
  { value: 'revoked', label: 'Révoquées' },
  { value: 'all', label: 'Toutes' },
];
const STATUS: Record<VisaLetterStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Demandée', tone: 'yellow' },
  issued: { label: 'Émise', tone: 'green' },
  revoked: { label: 'Révoquée', tone: 'gray' },
};
const isFilter = (v: string): v is Filter => FILTERS.some((f) => f.value === v);
/** On a phone a card's buttons are 44 px for a thumb; from 768 px the usual 40. */
const tap = 'h-11 md:h-10';
const country = (code: string | null) => (code ? (new Intl.DisplayNames(['fr'], { type: 'region' }).of(code) ?? code) : '—');

function LetterCard({ l, onRevoke }: { l: VisaLetterDto; onRevoke: (l: VisaLetterDto) => void }) {
  const issue = useIssueLetter();
  const run = useAction();
  const hasPassport = l.passportNumber !== null;
  const rows: [string, string][] = [
    ['Nationalité', country(l.nationality)],
    ['Passeport', l.passportNumber ?? '(effacé)'],
    ['Naissance', l.dateOfBirth ? formatDate(l.dateOfBirth) : '—'],
    ['Ambassade', l.embassy ?? '—'],
    ['Programme', `${l.programme} · ${formatDate(l.startDate)} → ${formatDate(l.endDate)}`],
    ['Commande', `${l.orderReference} (${l.buyerName})`],
  ];
  if (l.reference) rows.unshift(['Référence', l.reference]);
  if (l.revokeReason) rows.push(['Motif', l.revokeReason]);
  return (
    <Card className="p-4" data-testid="visa-card" data-status={l.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 font-semibold break-words text-gray-900">{l.fullName ?? '(données effacées)'}</h2>
        <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>
      </div>
      {l.nameDiffers && (
        <p className="mt-2 flex items-start gap-1.5 text-sm text-yellow-900">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          Le nom diffère de celui de la commande : vérifiez-le sur le passeport.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-600">{k}</dt>
            <dd className="break-words text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {hasPassport && l.status !== 'revoked' && (
          <Button
            onClick={() =>
              void run(() => issue.mutateAsync(l.id), {
                success: (out) => `Lettre ${out.reference ?? ''} émise et envoyée`,
                failure: 'La lettre n’a pas pu être émise',
              })
            }
            disabled={issue.isPending}
            className={tap}
          >
            <Stamp aria-hidden className="size-4" />
            {l.status === 'issued' ? 'Émettre à nouveau' : 'Émettre la lettre'}
          </Button>
        )}
        {l.status === 'issued' && (
          <a
            href={letterPdfUrl(l.id)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-gray-300 px-3 py-2 text-sm md:min-h-0 font-medium text-gray-900 hover:bg-gray-50"
          >
            <FileText aria-hidden className="size-4" />
            PDF
          </a>
        )}
        {l.status !== 'revoked' && (
          <Button variant="outline" className={tap} onClick={() => onRevoke(l)}>
            <XCircle aria-hidden className="size-4" />
            Révoquer
          </Button>
        )}
      </div>
      <p className="mt-3 text-xs text-gray-600">
        Demandée le {formatDate(l.createdAt)}
        {l.issuedAt ? ` · émise le ${formatDate(l.issuedAt)}` : ''}
        {l.revokedAt ? ` · révoquée le ${formatDate(l.revokedAt)}` : ''}
      </p>
    </Card>
  );
}

export function VisasPage() {
  // The status is in the address (?statut=issued), "À traiter" when absent.
  const { get, set } = useListParams();
  const filter: Filter = isFilter(get('statut')) ? (get('statut') as Filter) : 'requested';
  const setFilter = (v: Filter) => set({ statut: v === 'requested' ? undefined : v });
  const { data, isPending, error } = useVisaLetters(filter);
  const revoke = useRevokeLetter();
  const run = useAction();
  const [revoking, setRevoking] = useState<VisaLetterDto | null>(null);
  const [reason, setReason] = useState('');

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Visas" subtitle="Lettres pour le visa DTV : demandes des voyageurs et lettres émises. Chaque consultation est inscrite au journal." />
      {/* On a phone the status folds behind "Filtres"; a status other than "À traiter" is its chip. */}
      <FilterPanel
        label="Filtrer les lettres"
        wideClassName=""
        search={
          // On a phone, what the list holds beside the "Filtres" button ("À traiter" has no chip).
          <p className="py-3 text-sm text-gray-700 md:hidden" data-testid="visa-shown">
            {FILTERS.find((f) => f.value === filter)?.label}
            {data ? ` · ${data.items.length} lettre${data.items.length > 1 ? 's' : ''}` : ''}
          </p>
        }
        chips={
          filter === 'requested'
            ? []
            : [{ key: 'statut', label: `Statut : ${FILTERS.find((f) => f.value === filter)?.label}`, onRemove: () => setFilter('requested') }]
        }
        onClear={() => setFilter('requested')}
        resultLabel={data ? `Voir ${data.items.length} lettre${data.items.length > 1 ? 's' : ''}` : undefined}
        fields={
          <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap" role="group" aria-label="Filtrer par statut">
            {FILTERS.map((f) => (
              <Button
                key={f.value}
                variant={filter === f.value ? 'secondary' : 'outline'}
                aria-pressed={filter === f.value}
                className={tap}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </Button>
            ))}
          </div>
        }
      />
      {error && <ErrorAlert>{errorText(error, 'La liste n’a pas pu être chargée')}</ErrorAlert>}
      {isPending && <Spinner />}
      {data && data.items.length === 0 && <EmptyState title="Aucune lettre ici" />}
      <div className="grid gap-3">
        {data?.items.map((l) => (
          <LetterCard
            key={l.id}
            l={l}
            onRevoke={(x) => {
              setReason('');
              setRevoking(x);
            }}
          />
        ))}
      </div>
      <Modal
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Révoquer la lettre"
        description="La page de vérification dira aussitôt que la lettre n’est plus valide."
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!revoking || !reason.trim()) return;
            void run(() => revoke.mutateAsync({ id: revoking.id, reason: reason.trim() }), {
              success: 'Lettre révoquée',
              failure: 'La lettre n’a pas pu être révoquée',
              onSettled: () => setRevoking(null),
            });
          }}
        >
          <Field id="revoke-reason" label="Motif">
            <Textarea id="revoke-reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} rows={3} />
          </Field>
          <div className="mt-4 flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setRevoking(null)}>
              Annuler
            </Button>
            <Button type="submit" variant="destructive" disabled={!reason.trim() || revoke.isPending}>
              Révoquer
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
