import { useState } from 'react';
import { fetchAllPages } from '../../lib/list-state';
import { downloadCsv } from '../../lib/download';
import { todayStamp } from '../../lib/format';
import type { useSelection } from '../../lib/selection';
import { useSingleFlight } from '../../lib/single-flight';
import type { Reservation } from '../../lib/types';
import { useAction } from '../../lib/use-action';
import { useToast } from '../../components/ui/toast';
import {
  useArchiveReservation,
  useBulkReservations,
  useCancelReservation,
  useDeleteReservation,
  useMarkReservationRead,
  useMarkReservationUnread,
  useUnarchiveReservation,
} from './api';
import { reservationsCsv } from './csv';
import { plural } from './labels';

const exported = (n: number) => ({ title: 'Export terminé', description: `${n} réservation${plural(n)} exportée${plural(n)}.` });

/**
 * Everything the reservations list does to bookings, one at a time or by selection, with its
 * toasts; and the state of its dialogs (the detail, the confirmations).
 */
export function useReservationActions(selection: ReturnType<typeof useSelection<Reservation>>) {
  const run = useAction();
  const toast = useToast();
  const markRead = useMarkReservationRead();
  const archive = useArchiveReservation();
  const del = useDeleteReservation();
  const unarchive = useUnarchiveReservation();
  const markUnread = useMarkReservationUnread();
  const bulk = useBulkReservations();
  const cancel = useCancelReservation();
  const bulkFlight = useSingleFlight();
  const cancelling = useSingleFlight();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Reservation | null>(null);
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const closeDetailOf = (ids: number[]) => setDetailId((id) => (id !== null && ids.includes(id) ? null : id));

  function open(r: Reservation) {
    setDetailId(r.id);
    // SPEC.md §4: opening an unread reservation marks it read.
    if (r.status === 'unread') markRead.mutate(r.id);
  }

  const doArchive = (r: Reservation) =>
    run(
      async () => {
        await archive.mutateAsync(r.id);
        closeDetailOf([r.id]);
      },
      {
        // "Annuler" puts it back as it was (unread or read): the server kept its status.
        success: {
          title: 'Réservation archivée',
          action: { label: 'Annuler', altText: "Annuler l'archivage de la réservation", onAction: () => void doUnarchive(r, true) },
        },
        failure: "Impossible d'archiver la réservation",
      },
    );

  const doUnarchive = (r: Reservation, undo = false) =>
    run(() => unarchive.mutateAsync(r.id), {
      success: { title: undo ? 'Archivage annulé' : 'Réservation désarchivée', description: `La réservation de ${r.name} est de retour dans la liste.` },
      failure: 'Impossible de désarchiver la réservation',
    });

  const doMarkUnread = (r: Reservation) =>
    run(() => markUnread.mutateAsync(r.id), { success: 'Réservation marquée comme non lue', failure: 'Impossible de marquer la réservation comme non lue' });

  // Bulk actions: one request for the whole selection; the toast says how many changed.
  const bulkRun = (action: 'read' | 'archive' | 'delete', after: (ids: number[]) => void) => async () => {
    const done = await bulk.mutateAsync({ action, ids: selection.ids });
    after(done.ids);
    return done;
  };
  const bulkRead = () =>
    bulkFlight.run(() =>
      run(bulkRun('read', selection.clear), {
        success: ({ count: n }) => `${n} réservation${plural(n)} marquée${plural(n)} comme lue${plural(n)}`,
        failure: 'Impossible de marquer les réservations comme lues',
      }),
    );
  const bulkArchive = () =>
    bulkFlight.run(() =>
      run(bulkRun('archive', selection.clear), {
        success: (done) => ({
          title: `${done.count} réservation${plural(done.count)} archivée${plural(done.count)}`,
          action:
            done.count > 0 ? { label: 'Annuler', altText: "Annuler l'archivage des réservations", onAction: () => void bulkUndoArchive(done.ids) } : undefined,
        }),
        failure: "Impossible d'archiver les réservations",
      }),
    );
  const bulkUndoArchive = (ids: number[]) =>
    run(() => bulk.mutateAsync({ action: 'unarchive', ids }), {
      success: { title: 'Archivage annulé', description: `${ids.length} réservation${plural(ids.length)} de retour dans la liste.` },
      failure: 'Impossible de désarchiver les réservations',
    });
  const bulkDelete = () =>
    bulkFlight.run(() =>
      run(
        bulkRun('delete', (ids) => {
          selection.drop(selection.ids);
          closeDetailOf(ids);
        }),
        {
          success: ({ count: n }) => ({
            title: `${n} réservation${plural(n)} supprimée${plural(n)}`,
            description: n > 1 ? 'Les réservations ont été supprimées définitivement.' : 'La réservation a été supprimée définitivement.',
          }),
          failure: 'Erreur lors de la suppression',
          onSettled: () => setBulkDeleteOpen(false),
        },
      ),
    );
  function exportSelection() {
    const list = selection.rows;
    downloadCsv(`reservations-${todayStamp()}.csv`, reservationsCsv(list));
    toast(exported(list.length));
  }
  // Every page of the current search, not only the one shown (docs/admin.md: the export is what the list shows).
  const exportAll = (apiQuery: string) =>
    run(
      async () => {
        const list = await fetchAllPages<Reservation>('/api/reservations', new URLSearchParams(apiQuery));
        downloadCsv(`reservations-${todayStamp()}.csv`, reservationsCsv(list));
        return list.length;
      },
      { success: exported, failure: "Impossible d'exporter les réservations" },
    );

  function confirmDelete() {
    if (!toDelete) return;
    void run(
      async () => {
        await del.mutateAsync(toDelete.id);
        closeDetailOf([toDelete.id]);
      },
      {
        success: { title: 'Réservation supprimée', description: 'La réservation a été supprimée définitivement.' },
        failure: 'Erreur lors de la suppression',
        onSettled: () => setToDelete(null),
      },
    );
  }
  const confirmCancel = () =>
    cancelling.run(async () => {
      if (!toCancel) return;
      await run(() => cancel.mutateAsync(toCancel.id), {
        success: { title: 'Réservation annulée', description: `La place de ${toCancel.name} est libérée.` },
        failure: "Impossible d'annuler la réservation",
        onSettled: () => setToCancel(null),
      });
    });

  return {
    detailId,
    setDetailId,
    open,
    archive: doArchive,
    unarchive: doUnarchive,
    markUnread: doMarkUnread,
    pending: { archive: archive.isPending, unarchive: unarchive.isPending, markUnread: markUnread.isPending, delete: del.isPending },
    bulk: {
      read: bulkRead,
      archive: bulkArchive,
      delete: bulkDelete,
      exportSelection,
      busy: bulkFlight.busy,
      deleteOpen: bulkDeleteOpen,
      setDeleteOpen: setBulkDeleteOpen,
    },
    exportAll,
    toDelete,
    setToDelete,
    confirmDelete,
    toCancel,
    setToCancel,
    confirmCancel,
    cancelBusy: cancelling.busy,
  };
}

export type ReservationActions = ReturnType<typeof useReservationActions>;
