import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { CampaignDto } from '../../../../shared/api-types/campaigns';
import { ErrorAlert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/format';
import { CAMPAIGN_STATUS, count } from './campaign-labels';
import { campaignPath, NEW_CAMPAIGN_PATH } from './campaign-paths';
import { useCampaigns } from './campaigns-api';

const newLink =
  'inline-flex h-11 items-center justify-center gap-2 rounded-md bg-red-700 px-4 text-sm font-medium whitespace-nowrap text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none md:h-10';

/** The campaigns, newest first: status, when, and what happened (a card each, phone first). */
export function CampaignsTab() {
  const { data, isLoading, isError } = useCampaigns();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700">E-mails aux abonnés confirmés, dans leur langue (sinon en anglais).</p>
        <Link to={NEW_CAMPAIGN_PATH} className={newLink} data-testid="campaign-new">
          <Plus className="h-4 w-4" aria-hidden />
          Nouvelle campagne
        </Link>
      </div>
      {isLoading && <Spinner />}
      {isError && <ErrorAlert>Impossible de charger les campagnes. Réessayez dans un instant.</ErrorAlert>}
      {data && data.length === 0 && <EmptyState title="Aucune campagne" />}
      {data && data.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Campagnes">
          {data.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** When it was (or will be) sent, in words. */
export function campaignWhen(c: Pick<CampaignDto, 'status' | 'sendAt' | 'startedAt' | 'finishedAt' | 'cancelledAt' | 'updatedAt'>): string {
  switch (c.status) {
    case 'scheduled':
      return `Envoi prévu le ${formatDateTime(c.sendAt)}`;
    case 'sending':
      return `Envoi commencé le ${formatDateTime(c.startedAt)}`;
    case 'sent':
      return `Envoyée le ${formatDateTime(c.finishedAt ?? c.startedAt)}`;
    case 'cancelled':
      return `Annulée le ${formatDateTime(c.cancelledAt)}`;
    default:
      return `Modifiée le ${formatDateTime(c.updatedAt)}`;
  }
}

/** The counts side by side, each as wide as its label ("Désinscriptions" whole), wrapping on a phone. */
export const COUNTS_GRID = 'flex flex-wrap gap-x-6 gap-y-2 text-sm';

export const COUNT_LABELS = [
  ['recipients', 'Destinataires'],
  ['sent', 'Envoyés'],
  ['bounced', 'Rebonds'],
  ['unsubscribed', 'Désinscriptions'],
  ['clicks', 'Clics'],
] as const;

function CampaignCard({ campaign: c }: { campaign: CampaignDto }) {
  const status = CAMPAIGN_STATUS[c.status];
  const subject = c.subject.en?.trim() || 'Sans objet';
  const languages = Object.entries(c.subject).filter(([, v]) => v?.trim()).length;
  return (
    <Card className="relative grid gap-2 p-4 focus-within:ring-2 focus-within:ring-red-600" data-testid="campaign-card" data-campaign-id={c.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        {languages > 1 && <span className="text-xs text-gray-700">{languages} langues</span>}
      </div>
      <h2 className="font-semibold wrap-anywhere text-gray-900">
        {/* The whole card opens the campaign; the link's box covers it (one target, 44 px and more). */}
        <Link to={campaignPath(c.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
          {subject}
        </Link>
      </h2>
      <p className="text-sm text-gray-700">{campaignWhen(c)}</p>
      {c.status !== 'draft' && (
        <dl className={COUNTS_GRID} data-testid="campaign-counts">
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="min-w-0">
              <dt className="text-xs [overflow-wrap:normal] text-gray-700">{label}</dt>
              <dd className="font-semibold text-gray-900 tabular-nums" data-count={key}>
                {count(c.counts[key])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
