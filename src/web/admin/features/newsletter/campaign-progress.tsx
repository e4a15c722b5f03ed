import { useState } from 'react';
import type { CampaignDetailDto } from '../../../../shared/api-types/campaigns';
import { CAMPAIGN_RECIPIENT_STATUSES, type CampaignRecipientStatus } from '../../../../shared/schemas/campaigns';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Pager } from '../../components/ui/pager';
import { Select } from '../../components/ui/select';
import { formatDateTime } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { CAMPAIGN_STATUS, count, RECIPIENT_STATUS } from './campaign-labels';
import { RECIPIENTS_PAGE_SIZE, useCampaignRecipients, useCancelCampaign } from './campaigns-api';
import { campaignWhen, COUNT_LABELS, COUNTS_GRID } from './campaigns-tab';

/**
 * A campaign on its way or done: where the sending stands (read again every few seconds while it
 * runs), what happened (sent, bounces, unsubscribes, clicks per link) and the cancel button.
 */
export function CampaignProgress({ campaign: c }: { campaign: CampaignDetailDto }) {
  const cancel = useCancelCampaign();
  const run = useAction();
  const flight = useSingleFlight();
  const [asking, setAsking] = useState(false);
  const { recipients, sent, failed, bounced, queued } = c.counts;
  const done = sent + failed + bounced;
  const pct = recipients > 0 ? Math.min(100, Math.round((done / recipients) * 100)) : 0;
  const status = CAMPAIGN_STATUS[c.status];
  const cancellable = c.status === 'scheduled' || c.status === 'sending';

  const doCancel = () =>
    flight.run(() =>
      run(() => cancel.mutateAsync(c.id), {
        success: 'Envoi annulé : les e-mails pas encore partis ne partiront pas',
        failure: 'L’annulation a échoué.',
        onSettled: () => setAsking(false),
      }),
    );

  return (
    <Card className="grid gap-4 p-4 sm:p-5" data-testid="campaign-progress" data-status={c.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <span className="text-sm text-gray-700">{campaignWhen(c)}</span>
        </div>
        {cancellable && (
          <Button variant="outline" className="h-11 md:h-10" onClick={() => setAsking(true)} data-testid="campaign-cancel">
            Annuler l’envoi
          </Button>
        )}
      </div>
      {c.status !== 'scheduled' && (
        <div className="grid gap-2">
          <div className="flex flex-wrap justify-between gap-2 text-sm text-gray-900">
            <span data-testid="campaign-progress-text">
              {count(sent)} envoyé{sent > 1 ? 's' : ''} sur {count(recipients)}
              {queued > 0 ? ` · ${count(queued)} à envoyer` : ''}
            </span>
            {failed + bounced > 0 && (
              <span className="text-red-800">
                {count(failed)} échec{failed > 1 ? 's' : ''} · {count(bounced)} rebond{bounced > 1 ? 's' : ''}
              </span>
            )}
          </div>
          <div
            role="progressbar"
            aria-label="Avancement de l'envoi"
            aria-valuemin={0}
            aria-valuemax={recipients}
            aria-valuenow={done}
            className="h-2 overflow-hidden rounded-full bg-gray-200"
          >
            <div className="h-full bg-red-700 transition-[width]" style={{ width: `${pct}%` }} />
          </div>
        </div>
      )}
      <dl className={COUNTS_GRID} data-testid="campaign-counts">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs [overflow-wrap:normal] text-gray-700">{label}</dt>
            <dd className="text-lg font-semibold text-gray-900 tabular-nums" data-count={key}>
              {count(c.counts[key])}
            </dd>
          </div>
        ))}
      </dl>
      {c.links.length > 0 && (
        <section aria-labelledby="campaign-links-title">
          <h3 id="campaign-links-title" className="mb-2 text-sm font-semibold text-gray-900">
            Clics par lien
          </h3>
          <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 text-sm">
            {c.links.map((l) => (
              <li key={l.url} className="flex items-center justify-between gap-3 p-2">
                <span className="min-w-0 wrap-anywhere text-gray-900">{l.url}</span>
                <span className="shrink-0 font-semibold tabular-nums">{count(l.clicks)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {c.status !== 'scheduled' && <RecipientsLog id={c.id} live={c.status === 'sending'} />}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => !open && !flight.busy && setAsking(false)}
        title="Annuler l’envoi ?"
        description="Les e-mails déjà partis le restent ; les autres ne partiront pas."
        confirmLabel="Annuler l’envoi"
        cancelLabel="Retour"
        onConfirm={() => void doCancel()}
        busy={flight.busy}
      />
    </Card>
  );
}

const ALL = 'all';

/** Who got it and who did not: a row per recipient, filtered by status, a page at a time. */
function RecipientsLog({ id, live }: { id: number; live: boolean }) {
  const [status, setStatus] = useState<CampaignRecipientStatus | ''>('');
  const [page, setPage] = useState(1);
  const { data, isError } = useCampaignRecipients(id, status, page, live);
  return (
    <section className="grid gap-3 border-t border-gray-200 pt-4" aria-labelledby="campaign-log-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="campaign-log-title" className="text-sm font-semibold text-gray-900">
          Journal des envois
        </h3>
        <div className="w-44">
          <Select
            aria-label="Filtrer par statut d'envoi"
            value={status || ALL}
            onValueChange={(v) => {
              setStatus(v === ALL ? '' : (v as CampaignRecipientStatus));
              setPage(1);
            }}
            options={[{ value: ALL, label: 'Tous les statuts' }, ...CAMPAIGN_RECIPIENT_STATUSES.map((s) => ({ value: s, label: RECIPIENT_STATUS[s].label }))]}
            className="h-11 md:h-10"
          />
        </div>
      </div>
      {isError && <p className="text-sm text-red-700">Journal indisponible pour le moment.</p>}
      {data && data.items.length === 0 && <p className="text-sm text-gray-700">Aucun destinataire {status ? 'avec ce statut' : 'pour le moment'}.</p>}
      {data && data.items.length > 0 && (
        <ul className="divide-y divide-gray-200 rounded-md border border-gray-200" aria-label="Destinataires">
          {data.items.map((r) => (
            <li key={r.email} className="grid gap-1 p-3 text-sm" data-testid="recipient-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 font-medium wrap-anywhere text-gray-900">{r.email}</span>
                <LanguageBadge language={r.language} of="de l'abonné" />
                <Badge tone={RECIPIENT_STATUS[r.status].tone}>{RECIPIENT_STATUS[r.status].label}</Badge>
              </div>
              <p className="text-xs text-gray-700">
                {r.sentAt ? `Envoyé le ${formatDateTime(r.sentAt)}` : 'Pas encore envoyé'}
                {r.attempts > 1 ? ` · ${r.attempts} tentatives` : ''}
              </p>
              {r.reason && <p className="text-xs wrap-anywhere text-red-800">{r.reason}</p>}
            </li>
          ))}
        </ul>
      )}
      {data && data.total > RECIPIENTS_PAGE_SIZE && (
        <Pager
          label="Pages du journal"
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          noun={['destinataire', 'destinataires']}
          onPage={setPage}
        />
      )}
    </section>
  );
}
