import type { ContactStatus } from '../../../../shared/constants';
import { toCsv } from '../../../../shared/csv';
import { LANGUAGE_NAMES_FR } from '../../../../shared/i18n/languages';
import type { BadgeTone } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';
import type { NewsletterSubscriber } from '../../lib/types';

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = { new: 'Nouveau', read: 'Lu', responded: 'Répondu' };
export const CONTACT_STATUS_TONES: Record<ContactStatus, BadgeTone> = { new: 'red', read: 'yellow', responded: 'green' };

/** Double opt-in: an address is a subscriber (Actif) only once it confirmed the e-mailed link. */
export const SUBSCRIBER_STATUS: Record<NewsletterSubscriber['status'], { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Actif', tone: 'green' },
  pending: { label: 'En attente de confirmation', tone: 'yellow' },
  unsubscribed: { label: 'Inactif', tone: 'gray' },
};

/**
 * SPEC.md §7: e-mail, name, status, subscription date; file newsletter-subscribers.csv. Then the
 * subscriber's language (issue 15), last so SPEC's columns keep their places.
 * Pending addresses are left out: they never agreed to receive anything.
 */
export function subscribersCsv(list: NewsletterSubscriber[]): string {
  return toCsv(
    ['Email', 'Nom', 'Statut', "Date d'inscription", 'Langue'],
    list
      .filter((s) => s.status !== 'pending')
      .map((s) => [s.email, s.name ?? '', SUBSCRIBER_STATUS[s.status].label, formatDate(s.subscribedAt), LANGUAGE_NAMES_FR[s.language ?? 'en']]),
  );
}
