import { Archive, Ban, CalendarCheck, CheckCircle2, Copy, Download, Eye, Mail, MessageCircle, Phone, Trash2, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isIsoDate } from '../../../shared/gym-time';
import type { ReservationStatus } from '../../../shared/constants';
import { SITE } from '../../../shared/site';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import {
  countUnread,
  useArchiveReservation,
  useCancelReservation,
  useDeleteReservation,
  useMarkReservationRead,
  useReservations,
} from '../features/reservations/api';
import { errorText } from '../../lib/api-client';
import { downloadCsv, toCsv } from '../lib/csv';
import { formatDateTime, formatShortDateTime, gymToday, gymZoneName, todayStamp, truncate } from '../lib/format';
import { useSingleFlight } from '../lib/single-flight';
import { DayView, SOURCE_LABELS } from './reservations-day';
import type { Reservation } from '../lib/types';

const STATUS_LABELS: Record<ReservationStatus, string> = { unread: 'Non lue', read: 'Lue', archived: 'Archivée', cancelled: 'Annulée' };
const STATUS_TONES: Record<ReservationStatus, BadgeTone> = { unread: 'red', read: 'green', archived: 'gray', cancelled: 'yellow' };

/** SPEC.md §7: name, e-mail, phone, course, date/time, message, status, creation date. */
export function reservationsCsv(list: Reservation[]): string {
  return toCsv(
    ['Nom', 'Email', 'Téléphone', 'Cours', 'Date et heure', 'Message', 'Statut', 'Date de création'],
    list.map((r) => [
      r.name,
      r.email ?? '',
      r.phone ?? '',
      r.course,
      formatDateTime(r.dateTime),
      r.message ?? '',
      STATUS_LABELS[r.status] ?? r.status,
      formatDateTime(r.createdAt),
    ]),
  );
}

/** A ready-to-send confirmation for the customer (customers are travellers: English). */
function confirmationText(r: Reservation): string {
  return [
    `Hello ${r.name},`,
    '',
    `Thank you for your booking at ${SITE.name}. We confirm your ${r.course} class on ${formatDateTime(r.dateTime, 'en-US')}.`,
    '',
    'See you on the mats!',
    SITE.name,
  ].join('\n');
}

const whatsappLink = (r: Reservation) => `https://wa.me/${(r.phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(confirmationText(r))}`;
const mailtoLink = (r: Reservation) =>
  `mailto:${r.email}?subject=${encodeURIComponent(`Your booking at ${SITE.name}`)}&body=${encodeURIComponent(confirmationText(r))}`;

function Tile({ label, value, icon: Icon, tone }: { label: string; value: number; icon: LucideIcon; tone: string }) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      <div className={`hidden rounded-md p-3 sm:block ${tone}`}>
        <Icon className="h-6 w-6" aria-hidden />
      </div>
      <div>
        <p className="text-xs text-gray-700 sm:text-sm">{label}</p>
        <p className="text-xl font-bold text-gray-900 sm:text-2xl">{value}</p>
      </div>
    </Card>
  );
}

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/** A booking that still holds its place: staff may cancel it (archived and cancelled ones are done). */
const cancellable = (r: Reservation) => r.status === 'unread' || r.status === 'read';

/**
 * SPEC's list (tiles, table/cards, archive, delete, detail, CSV) and the desk's day view, as two
 * tabs; the tab and the day are in the address (?vue=jour&date=YYYY-MM-DD), so a reload keeps them.
 */
export function ReservationsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('vue') === 'jour' ? 'jour' : 'liste';
  const dateParam = params.get('date');
  const date = dateParam && isIsoDate(dateParam) ? dateParam : gymToday();
  const { data: reservations, isLoading } = useReservations();
  const markRead = useMarkReservationRead();
  const archive = useArchiveReservation();
  const del = useDeleteReservation();
  const cancel = useCancelReservation();
  const toast = useToast();
  const cancelling = useSingleFlight();
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Reservation | null>(null);

  const all = reservations ?? [];
  const visible = showArchived ? all : all.filter((r) => r.status !== 'archived');
  const unread = countUnread(all);
  const treated = all.filter((r) => r.status === 'read' || r.status === 'archived').length;
  const detail = all.find((r) => r.id === detailId) ?? null;

  function open(r: Reservation) {
    setDetailId(r.id);
    // SPEC.md §4: opening an unread reservation marks it read.
    if (r.status === 'unread') markRead.mutate(r.id);
  }

  async function doArchive(r: Reservation) {
    try {
      await archive.mutateAsync(r.id);
      toast({ title: 'Réservation archivée' });
      if (detailId === r.id) setDetailId(null);
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'archiver la réservation"), variant: 'destructive' });
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Réservation supprimée', description: 'La réservation a été supprimée définitivement.' });
      if (detailId === toDelete.id) setDetailId(null);
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
  }

  const confirmCancel = () =>
    cancelling.run(async () => {
      if (!toCancel) return;
      try {
        await cancel.mutateAsync(toCancel.id);
        toast({ title: 'Réservation annulée', description: `La place de ${toCancel.name} est libérée.` });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, "Impossible d'annuler la réservation"), variant: 'destructive' });
      } finally {
        setToCancel(null);
      }
    });

  // The chosen day stays in the address while the list is shown, so going back to "Jour" returns to it.
  function setView(next: string) {
    const keep: Record<string, string> = dateParam && isIsoDate(dateParam) ? { date: dateParam } : {};
    setParams(next === 'jour' ? { vue: 'jour', date } : keep, { replace: true });
  }

  function exportCsv() {
    downloadCsv(`reservations-${todayStamp()}.csv`, reservationsCsv(visible));
    toast({ title: 'Export terminé', description: `${visible.length} réservation${visible.length > 1 ? 's' : ''} exportée${visible.length > 1 ? 's' : ''}.` });
  }

  const actions = (r: Reservation) => (
    <div className="flex justify-end gap-1">
      <IconButton label={`Voir la réservation de ${r.name}`} onClick={() => open(r)}>
        <Eye className="h-4 w-4" aria-hidden />
      </IconButton>
      {cancellable(r) && (
        <IconButton label={`Annuler la réservation de ${r.name}`} onClick={() => setToCancel(r)}>
          <Ban className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      {r.status !== 'archived' && (
        <IconButton label={`Archiver la réservation de ${r.name}`} onClick={() => doArchive(r)} disabled={archive.isPending}>
          <Archive className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      <IconButton label={`Supprimer la réservation de ${r.name}`} onClick={() => setToDelete(r)} className="text-red-700 hover:bg-red-50">
        <Trash2 className="h-4 w-4" aria-hidden />
      </IconButton>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Réservations"
        subtitle={
          <span className="inline-flex items-center gap-2">
            Demandes de cours reçues par le site
            {unread > 0 && <Badge tone="red">{`${unread} non lue${unread > 1 ? 's' : ''}`}</Badge>}
          </span>
        }
        actions={
          view === 'liste' ? (
            <Button variant="outline" onClick={exportCsv} disabled={visible.length === 0}>
              <Download className="h-4 w-4" aria-hidden />
              Exporter CSV
            </Button>
          ) : undefined
        }
      />
      <Tabs.Root value={view} onValueChange={setView}>
        <Tabs.List aria-label="Affichage des réservations" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="liste" className={tabClass}>
            Liste
          </Tabs.Trigger>
          <Tabs.Trigger value="jour" className={tabClass}>
            Jour
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="jour">
          <DayView date={date} onDateChange={(d) => setParams({ vue: 'jour', date: d }, { replace: true })} />
        </Tabs.Content>
        <Tabs.Content value="liste">
          <section aria-label="Résumé" className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
            <Tile label="Total réservations" value={all.length} icon={CalendarCheck} tone="bg-gray-100 text-gray-800" />
            <Tile label="Non lues" value={unread} icon={Mail} tone="bg-red-100 text-red-800" />
            <Tile label="Traitées" value={treated} icon={CheckCircle2} tone="bg-green-100 text-green-800" />
          </section>

          <div className="mb-2 flex items-center gap-3">
            <Switch id="show-archived" checked={showArchived} onCheckedChange={setShowArchived} />
            <label htmlFor="show-archived" className="text-sm font-medium text-gray-900">
              Afficher les réservations archivées
            </label>
          </div>
          <p className="mb-4 text-xs text-gray-700" data-testid="list-zone">
            Dates et heures : {gymZoneName()}
          </p>

          {isLoading && <Spinner />}
          {reservations && visible.length === 0 && <EmptyState title="Aucune réservation" />}
          {visible.length > 0 && (
            <>
              {/* A table from 1280 px (below, cards): fixed layout, so a long name or e-mail wraps or is
              cut inside its column instead of widening the table past the screen. */}
              <Card className="hidden overflow-x-auto xl:block">
                <table className="w-full table-fixed text-left text-sm" data-testid="reservations-table">
                  <colgroup>
                    <col />
                    <col />
                    <col />
                    <col className="w-40" />
                    <col />
                    <col className="w-28" />
                    <col className="w-40" />
                  </colgroup>
                  <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
                    <tr>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Nom
                      </th>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Contact
                      </th>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Cours
                      </th>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Date et heure
                      </th>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Message
                      </th>
                      <th scope="col" className="px-4 py-3 font-medium">
                        Statut
                      </th>
                      <th scope="col" className="px-4 py-3 text-right font-medium">
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {visible.map((r) => (
                      <tr
                        key={r.id}
                        className={`border-b border-gray-100 last:border-0 ${r.status === 'unread' ? 'bg-red-50/50 font-medium' : ''}`}
                        data-testid="reservation-row"
                      >
                        <td className="px-4 py-3 wrap-anywhere text-gray-900">{r.name}</td>
                        <td className="px-4 py-3 text-gray-700">
                          {r.email && (
                            <div className="truncate" title={r.email}>
                              {r.email}
                            </div>
                          )}
                          {r.phone && <div className="wrap-anywhere">{r.phone}</div>}
                        </td>
                        <td className="px-4 py-3 wrap-anywhere text-gray-900">{r.course}</td>
                        <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatShortDateTime(r.dateTime)}</td>
                        <td className="px-4 py-3 wrap-anywhere text-gray-700" title={r.message ?? undefined}>
                          {truncate(r.message, 30)}
                        </td>
                        <td className="px-4 py-3">
                          <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                        </td>
                        <td className="px-4 py-3">{actions(r)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2 xl:hidden" aria-label="Réservations">
                {visible.map((r) => (
                  <li key={r.id}>
                    <Card className="p-4" data-testid="reservation-card">
                      <div className="flex items-start justify-between gap-2">
                        <div className="min-w-0 flex-1">
                          <h2 className="font-semibold wrap-anywhere text-gray-900">{r.name}</h2>
                          <p className="text-sm text-gray-900">{r.course}</p>
                          <p className="text-sm text-gray-700">{formatDateTime(r.dateTime)}</p>
                        </div>
                        <Badge tone={STATUS_TONES[r.status]} className="shrink-0">
                          {STATUS_LABELS[r.status]}
                        </Badge>
                      </div>
                      <div className="mt-2 text-sm wrap-anywhere text-gray-700">
                        {r.email && <div>{r.email}</div>}
                        {r.phone && <div>{r.phone}</div>}
                      </div>
                      {r.message && <p className="mt-2 text-sm wrap-anywhere text-gray-800">{truncate(r.message, 60)}</p>}
                      <div className="mt-3">{actions(r)}</div>
                    </Card>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>

      <Modal open={detail !== null} onOpenChange={(o) => !o && setDetailId(null)} title="Détail de la réservation" className="max-w-xl">
        {detail && (
          <ReservationDetail
            r={detail}
            onArchive={() => doArchive(detail)}
            onCancel={cancellable(detail) ? () => setToCancel(detail) : undefined}
            onDelete={() => setToDelete(detail)}
            onCopied={() => toast({ title: 'Email copié dans le presse-papier !' })}
            onCopyFailed={() => toast({ title: 'Erreur', description: 'Impossible de copier le texte.', variant: 'destructive' })}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Supprimer la réservation"
        description={toDelete ? `La réservation de ${toDelete.name} sera supprimée définitivement. Continuer ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(o) => !o && setToCancel(null)}
        title="Annuler la réservation"
        description={
          toCancel
            ? `La réservation de ${toCancel.name} (${toCancel.course}, ${formatDateTime(toCancel.dateTime)}, ${gymZoneName()}) sera annulée et sa place libérée. Continuer ?`
            : ''
        }
        confirmLabel="Annuler la réservation"
        cancelLabel="Retour"
        onConfirm={() => void confirmCancel()}
        busy={cancelling.busy}
      />
    </>
  );
}

function ReservationDetail({
  r,
  onArchive,
  onCancel,
  onDelete,
  onCopied,
  onCopyFailed,
}: {
  r: Reservation;
  onArchive: () => void;
  onCancel?: () => void;
  onDelete: () => void;
  onCopied: () => void;
  onCopyFailed: () => void;
}) {
  const rows: [string, string][] = [
    ['Nom', r.name],
    ['Email', r.email ?? '—'],
    ['Téléphone', r.phone ?? '—'],
    ['Cours', r.course],
    ['Date et heure', `${formatDateTime(r.dateTime)} (${gymZoneName(new Date(r.dateTime))})`],
    ['Origine', SOURCE_LABELS[r.source] ?? r.source],
    ['Reçue le', formatDateTime(r.createdAt)],
  ];
  const linkClass =
    'inline-flex h-9 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

  async function copy() {
    try {
      await navigator.clipboard.writeText(confirmationText(r));
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
          <a href={mailtoLink(r)} className={linkClass}>
            <Mail className="h-4 w-4" aria-hidden />
            Envoyer un e-mail
          </a>
        )}
        {r.phone && (
          <>
            <a href={whatsappLink(r)} target="_blank" rel="noopener noreferrer" className={linkClass}>
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
      <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            <Ban className="h-4 w-4" aria-hidden />
            Annuler la réservation
          </Button>
        )}
        {r.status !== 'archived' && (
          <Button variant="outline" onClick={onArchive}>
            <Archive className="h-4 w-4" aria-hidden />
            Archiver
          </Button>
        )}
        <Button variant="destructive" onClick={onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden />
          Supprimer
        </Button>
      </div>
    </div>
  );
}
