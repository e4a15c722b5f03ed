import type { CampaignRecipientStatus, CampaignStatus } from '../../../../shared/schemas/campaigns';
import type { BadgeTone } from '../../components/ui/badge';

export const CAMPAIGN_STATUS: Record<CampaignStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Brouillon', tone: 'yellow' },
  scheduled: { label: 'Programmée', tone: 'blue' },
  sending: { label: 'Envoi en cours', tone: 'purple' },
  sent: { label: 'Envoyée', tone: 'green' },
  cancelled: { label: 'Annulée', tone: 'gray' },
};

export const RECIPIENT_STATUS: Record<CampaignRecipientStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'En attente', tone: 'gray' },
  sending: { label: 'En cours', tone: 'purple' },
  sent: { label: 'Envoyé', tone: 'green' },
  bounced: { label: 'Rebond', tone: 'red' },
  failed: { label: 'Échec', tone: 'red' },
  skipped: { label: 'Ignoré', tone: 'yellow' },
};

/** "1 234" the French way (a narrow no-break space between thousands). */
export const count = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/** "3 destinataires", "1 destinataire". */
export const recipientsText = (n: number) => `${count(n)} destinataire${n > 1 ? 's' : ''}`;
