import { toCsv } from '../../../../shared/csv';
import { LANGUAGE_NAMES_FR } from '../../../../shared/i18n/languages';
import { formatDateTime } from '../../lib/format';
import type { Reservation } from '../../lib/types';
import { STATUS_LABELS } from './labels';

/** SPEC.md §7: name, e-mail, phone, course, date/time, message, status, creation date; then the customer's language (issue 15). */
export function reservationsCsv(list: Reservation[]): string {
  return toCsv(
    ['Nom', 'Email', 'Téléphone', 'Cours', 'Date et heure', 'Message', 'Statut', 'Date de création', 'Langue'],
    list.map((r) => [
      r.name,
      r.email ?? '',
      r.phone ?? '',
      r.course,
      formatDateTime(r.dateTime),
      r.message ?? '',
      STATUS_LABELS[r.status] ?? r.status,
      formatDateTime(r.createdAt),
      LANGUAGE_NAMES_FR[r.language ?? 'en'],
    ]),
  );
}
