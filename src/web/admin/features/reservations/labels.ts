import type { ReservationStatus } from '../../../../shared/constants';
import type { ReservationSort } from '../../../../shared/schemas/lists';
import type { BadgeTone } from '../../components/ui/badge';
import type { Reservation } from '../../lib/types';

export const STATUS_LABELS: Record<ReservationStatus, string> = { unread: 'Non lue', read: 'Lue', archived: 'Archivée', cancelled: 'Annulée' };
export const STATUS_TONES: Record<ReservationStatus, BadgeTone> = { unread: 'red', read: 'green', archived: 'gray', cancelled: 'yellow' };

/** A filter's "any" value (the selects need one). */
export const ALL = 'all';
export const SORT_LABELS: Record<ReservationSort, string> = {
  '-created': 'Arrivée : plus récentes',
  created: 'Arrivée : plus anciennes',
  date: 'Date du cours : plus proche',
  '-date': 'Date du cours : plus lointaine',
};
export const STATUS_OPTIONS = [
  { value: ALL, label: 'Tous les statuts' },
  ...(['unread', 'read', 'archived', 'cancelled'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];
export const WHEN_OPTIONS = [
  { value: ALL, label: 'Passés et à venir' },
  { value: 'upcoming', label: 'À venir' },
  { value: 'past', label: 'Passés' },
];

/** A booking that still holds its place: staff may cancel it (archived and cancelled ones are done). */
export const cancellable = (r: Reservation) => r.status === 'unread' || r.status === 'read';

/** The French plural's "s" for a count. */
export const plural = (n: number) => (n > 1 ? 's' : '');
