import { Archive, ArchiveRestore, Ban, Copy, Mail, MessageCircle, Phone, Trash2 } from 'lucide-react';
import { LANGUAGE_NAMES_FR } from '../../../../shared/i18n/languages';
import { useSiteSettings } from '../../../lib/site-settings';
import { Badge } from '../../components/ui/badge';
import { MercyBadges } from '../../components/waive-button';
import { Button } from '../../components/ui/button';
import { formatDateTime, gymZoneName } from '../../lib/format';
import type { Reservation } from '../../lib/types';
import { SOURCE_LABELS } from '../../lib/reservation-source';
import { confirmationText, mailtoLink, whatsappLink } from './confirmation';
import { STATUS_LABELS, STATUS_TONES } from './labels';

/** The detail dialog's content: every field, the ways to reach the customer, and the booking's actions. */
export function ReservationDetail({
  r,
  onArchive,
  onUnarchive,
  onMarkUnread,
  onCancel,
  onDelete,
  onCopied,
  onCopyFailed,
}: {
  r: Reservation;
  onArchive: () => void;
  onUnarchive: () => void;
  onMarkUnread: () => void;
  onCancel?: () => void;
  onDelete: () => void;
  onCopied: () => void;
  onCopyFailed: () => void;
}) {
  // The gym's name as stored (site settings), for the confirmation texts.
  const gym = useSiteSettings().name;
  const rows: [string, string][] = [
    ['Nom', r.name],
    ['Email', r.email ?? '—'],
    ['Téléphone', r.phone ?? '—'],
    ['Cours', r.course],
    ['Date et heure', `${formatDateTime(r.dateTime)} (${gymZoneName(new Date(r.dateTime))})`],
    ['Origine', SOURCE_LABELS[r.source] ?? r.source],
    // The language the customer's e-mails speak (issue 15).
    ['Langue', LANGUAGE_NAMES_FR[r.language ?? 'en']],
    ['Reçue le', formatDateTime(r.createdAt)],
  ];
  const linkClass =
    'inline-flex h-9 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

  async function copy() {
    try {
      await navigator.clipboard.writeText(confirmationText(r, gym));
      onCopied();
    } catch {
      onCopyFailed();
    }
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4" data-testid="reservation-detail">
      <div className="flex items-center gap-2">
        <span className="text-sm text-gray-700">Statut :</span>
        <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
        <MercyBadges r={r} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-700">{k}</dt>
            <dd className="min-w-0 wrap-anywhere text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
      {r.message && (
        <div>
          <p className="text-sm text-gray-700">Message</p>
          <p className="mt-1 rounded-md bg-gray-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-gray-900">{r.message}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {r.email && (
          <a href={mailtoLink(r, gym)} className={linkClass}>
            <Mail className="h-4 w-4" aria-hidden />
            Envoyer un e-mail
          </a>
        )}
        {r.phone && (
          <>
            <a href={whatsappLink(r, gym)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <MessageCircle className="h-4 w-4" aria-hidden />
              WhatsApp
            </a>
            <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
              <Phone className="h-4 w-4" aria-hidden />
              Appeler
            </a>
          </>
        )}
        <Button variant="outline" size="sm" className="h-9" onClick={copy}>
          <Copy className="h-4 w-4" aria-hidden />
          Copier l'e-mail de confirmation
        </Button>
      </div>
      {/* Phones: stacked in reading order, the destructive Supprimer last and only as wide as its text (a thumb lands on the first, wide ones). */}
      <div className="flex flex-col gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:flex-wrap sm:justify-end" data-testid="reservation-actions">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            <Ban className="h-4 w-4" aria-hidden />
            Annuler la réservation
          </Button>
        )}
        {r.status === 'read' && (
          <Button variant="outline" onClick={onMarkUnread}>
            <Mail className="h-4 w-4" aria-hidden />
            Marquer comme non lue
          </Button>
        )}
        {r.status === 'archived' ? (
          <Button variant="outline" onClick={onUnarchive}>
            <ArchiveRestore className="h-4 w-4" aria-hidden />
            Désarchiver
          </Button>
        ) : (
          <Button variant="outline" onClick={onArchive}>
            <Archive className="h-4 w-4" aria-hidden />
            Archiver
          </Button>
        )}
        <Button variant="destructive" className="self-end sm:self-auto" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Supprimer
        </Button>
      </div>
    </div>
  );
}
