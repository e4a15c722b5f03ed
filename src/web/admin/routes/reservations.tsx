import {
  Archive,
  ArchiveRestore,
  Ban,
  CalendarCheck,
  Search,
  CheckCircle2,
  Copy,
  Download,
  Eye,
  Mail,
  MessageCircle,
  Phone,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { isIsoDate } from '../../../shared/gym-time';
import { LANGUAGE_NAMES_FR } from '../../../shared/i18n/languages';
import type { ReservationStatus } from '../../../shared/constants';
import { useSiteSettings } from '../../lib/site-settings';
import { LanguageBadge } from '../components/language-badge';
import { Badge, type BadgeTone } from '../components/ui/badge';
import { BulkBar, PageCheckbox, RowCheckbox, selectedText } from '../components/ui/bulk-bar';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog, Modal } from '../components/ui/dialog';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { Switch } from '../components/ui/switch';
import { useToast } from '../components/ui/toast';
import { Field, Input } from '../components/ui/field';
import { Pager } from '../components/ui/pager';
import { Select } from '../components/ui/select';
import { useClasses } from '../features/planning/api';
import {
  useArchiveReservation,
  useBulkReservations,
  useCancelReservation,
  useDeleteReservation,
  useMarkReservationRead,
  useMarkReservationUnread,
  useReservationPage,
  useUnarchiveReservation,
} from '../features/reservations/api';
import { CLASSES } from '../../../shared/site';
import { listSearch, RESERVATION_SORTS, reservationListQuerySchema, type ReservationSort } from '../../../shared/schemas/lists';
import { fetchAllPages, useListParams, useSearchText } from '../lib/list-state';
import { errorText } from '../../lib/api-client';
import { downloadCsv, toCsv } from '../lib/csv';
import { formatDateTime, formatShortDateTime, gymToday, gymZoneName, todayStamp, truncate } from '../lib/format';
import { useSelection } from '../lib/selection';
import { useSingleFlight } from '../lib/single-flight';
import { DayView, SOURCE_LABELS } from './reservations-day';
import type { Reservation } from '../lib/types';

const STATUS_LABELS: Record<ReservationStatus, string> = { unread: 'Non lue', read: 'Lue', archived: 'Archivée', cancelled: 'Annulée' };
const STATUS_TONES: Record<ReservationStatus, BadgeTone> = { unread: 'red', read: 'green', archived: 'gray', cancelled: 'yellow' };

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

/** A ready-to-send confirmation for the customer (customers are travellers: English). */
function confirmationText(r: Reservation, gym: string): string {
  return [
    `Hello ${r.name},`,
    '',
    `Thank you for your booking at ${gym}. We confirm your ${r.course} class on ${formatDateTime(r.dateTime, 'en-US')}.`,
    '',
    'See you on the mats!',
    gym,
  ].join('\n');
}

const whatsappLink = (r: Reservation, gym: string) =>
  `https://wa.me/${(r.phone ?? '').replace(/\D/g, '')}?text=${encodeURIComponent(confirmationText(r, gym))}`;
const mailtoLink = (r: Reservation, gym: string) =>
  `mailto:${r.email}?subject=${encodeURIComponent(`Your booking at ${gym}`)}&body=${encodeURIComponent(confirmationText(r, gym))}`;

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

const ALL = 'all';
const SORT_LABELS: Record<ReservationSort, string> = {
  '-created': 'Arrivée : plus récentes',
  created: 'Arrivée : plus anciennes',
  date: 'Date du cours : plus proche',
  '-date': 'Date du cours : plus lointaine',
};
const STATUS_OPTIONS = [
  { value: ALL, label: 'Tous les statuts' },
  ...(['unread', 'read', 'archived', 'cancelled'] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];
const WHEN_OPTIONS = [
  { value: ALL, label: 'Passés et à venir' },
  { value: 'upcoming', label: 'À venir' },
  { value: 'past', label: 'Passés' },
];

/** Upcoming or past at a glance, beside the status (a cancelled booking says so in its status). */
const isUpcoming = (r: Reservation) => Date.parse(r.dateTime) >= Date.now();
function WhenBadge({ r }: { r: Reservation }) {
  return isUpcoming(r) ? <Badge tone="blue">À venir</Badge> : <Badge tone="gray">Passé</Badge>;
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
  const { params, get, page, set } = useListParams();
  const view = params.get('vue') === 'jour' ? 'jour' : 'liste';
  const dateParam = params.get('date');
  const date = dateParam && isIsoDate(dateParam) ? dateParam : gymToday();
  // The list's state is the address: q, cours, statut, quand, du, au, tri, archivees, page.
  const showArchived = get('archivees') === '1';
  const parsed = reservationListQuerySchema.safeParse({
    q: get('q') || undefined,
    course: get('cours') || undefined,
    status: get('statut') || (showArchived ? undefined : 'active'),
    when: get('quand') || undefined,
    from: get('du') || undefined,
    to: get('au') || undefined,
    sort: get('tri') || undefined,
    page,
  });
  // A hand-edited address with a bad value falls back to the default list rather than an error.
  const query = parsed.success ? parsed.data : { status: 'active' as const, page: 1 };
  const apiQuery = listSearch({ ...query, page: query.page ?? 1 });
  // The selection holds across pages of one search; another search or filter drops it.
  const selection = useSelection<Reservation>(listSearch({ ...query, page: 1 }));
  const { data, isLoading } = useReservationPage(apiQuery);
  const { data: classes } = useClasses();
  const courses = [...new Set([...(classes ?? []).map((c) => c.name), ...CLASSES.map((c) => c.name)])].sort();
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  const filtered = ['q', 'cours', 'statut', 'quand', 'du', 'au'].some((k) => get(k) !== '');
  const markRead = useMarkReservationRead();
  const archive = useArchiveReservation();
  const del = useDeleteReservation();
  const unarchive = useUnarchiveReservation();
  const markUnread = useMarkReservationUnread();
  const bulk = useBulkReservations();
  const bulkFlight = useSingleFlight();
  const [bulkDeleteOpen, setBulkDeleteOpen] = useState(false);
  const cancel = useCancelReservation();
  const toast = useToast();
  const cancelling = useSingleFlight();
  const [toCancel, setToCancel] = useState<Reservation | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Reservation | null>(null);

  const visible = data?.items ?? [];
  const unread = data?.counts.unread ?? 0;
  const treated = data?.counts.treated ?? 0;
  const detail = visible.find((r) => r.id === detailId) ?? null;

  function open(r: Reservation) {
    setDetailId(r.id);
    // SPEC.md §4: opening an unread reservation marks it read.
    if (r.status === 'unread') markRead.mutate(r.id);
  }

  async function doArchive(r: Reservation) {
    try {
      await archive.mutateAsync(r.id);
      // "Annuler" puts it back as it was (unread or read): the server kept its status.
      toast({
        title: 'Réservation archivée',
        action: { label: 'Annuler', altText: "Annuler l'archivage de la réservation", onAction: () => void doUnarchive(r, true) },
      });
      if (detailId === r.id) setDetailId(null);
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'archiver la réservation"), variant: 'destructive' });
    }
  }

  async function doUnarchive(r: Reservation, undo = false) {
    try {
      await unarchive.mutateAsync(r.id);
      toast({ title: undo ? 'Archivage annulé' : 'Réservation désarchivée', description: `La réservation de ${r.name} est de retour dans la liste.` });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Impossible de désarchiver la réservation'), variant: 'destructive' });
    }
  }

  async function doMarkUnread(r: Reservation) {
    try {
      await markUnread.mutateAsync(r.id);
      toast({ title: 'Réservation marquée comme non lue' });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Impossible de marquer la réservation comme non lue'), variant: 'destructive' });
    }
  }

  // Bulk actions: one request for the whole selection; the toast says how many changed.
  const plural = (n: number) => (n > 1 ? 's' : '');
  const bulkRead = () =>
    bulkFlight.run(async () => {
      try {
        const done = await bulk.mutateAsync({ action: 'read', ids: selection.ids });
        selection.clear();
        toast({ title: `${done.count} réservation${plural(done.count)} marquée${plural(done.count)} comme lue${plural(done.count)}` });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Impossible de marquer les réservations comme lues'), variant: 'destructive' });
      }
    });
  const bulkArchive = () =>
    bulkFlight.run(async () => {
      try {
        const done = await bulk.mutateAsync({ action: 'archive', ids: selection.ids });
        selection.clear();
        toast({
          title: `${done.count} réservation${plural(done.count)} archivée${plural(done.count)}`,
          action:
            done.count > 0 ? { label: 'Annuler', altText: "Annuler l'archivage des réservations", onAction: () => void bulkUndoArchive(done.ids) } : undefined,
        });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, "Impossible d'archiver les réservations"), variant: 'destructive' });
      }
    });
  async function bulkUndoArchive(ids: number[]) {
    try {
      await bulk.mutateAsync({ action: 'unarchive', ids });
      toast({ title: 'Archivage annulé', description: `${ids.length} réservation${plural(ids.length)} de retour dans la liste.` });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, 'Impossible de désarchiver les réservations'), variant: 'destructive' });
    }
  }
  const bulkDelete = () =>
    bulkFlight.run(async () => {
      try {
        const done = await bulk.mutateAsync({ action: 'delete', ids: selection.ids });
        selection.drop(selection.ids);
        if (detailId !== null && done.ids.includes(detailId)) setDetailId(null);
        toast({
          title: `${done.count} réservation${plural(done.count)} supprimée${plural(done.count)}`,
          description: done.count > 1 ? 'Les réservations ont été supprimées définitivement.' : 'La réservation a été supprimée définitivement.',
        });
      } catch (err) {
        toast({ title: 'Erreur', description: errorText(err, 'Erreur lors de la suppression'), variant: 'destructive' });
      } finally {
        setBulkDeleteOpen(false);
      }
    });
  function exportSelection() {
    const list = selection.rows;
    downloadCsv(`reservations-${todayStamp()}.csv`, reservationsCsv(list));
    toast({ title: 'Export terminé', description: `${list.length} réservation${plural(list.length)} exportée${plural(list.length)}.` });
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
    set({ vue: next === 'jour' ? 'jour' : undefined, date: next === 'jour' ? date : dateParam && isIsoDate(dateParam) ? dateParam : undefined, page: page });
  }

  // Every page of the current search, not only the one shown (docs/admin.md: the export is what the list shows).
  async function exportCsv() {
    try {
      const list = await fetchAllPages<Reservation>('/api/reservations', new URLSearchParams(apiQuery));
      downloadCsv(`reservations-${todayStamp()}.csv`, reservationsCsv(list));
      toast({ title: 'Export terminé', description: `${list.length} réservation${list.length > 1 ? 's' : ''} exportée${list.length > 1 ? 's' : ''}.` });
    } catch (err) {
      toast({ title: 'Erreur', description: errorText(err, "Impossible d'exporter les réservations"), variant: 'destructive' });
    }
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
      {r.status === 'read' && (
        <IconButton label={`Marquer comme non lue la réservation de ${r.name}`} onClick={() => void doMarkUnread(r)} disabled={markUnread.isPending}>
          <Mail className="h-4 w-4" aria-hidden />
        </IconButton>
      )}
      {r.status === 'archived' ? (
        <IconButton label={`Désarchiver la réservation de ${r.name}`} onClick={() => void doUnarchive(r)} disabled={unarchive.isPending}>
          <ArchiveRestore className="h-4 w-4" aria-hidden />
        </IconButton>
      ) : (
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
            <Button variant="outline" onClick={() => void exportCsv()} disabled={visible.length === 0}>
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
          <DayView date={date} onDateChange={(d) => set({ vue: 'jour', date: d, page })} />
        </Tabs.Content>
        <Tabs.Content value="liste">
          <section aria-label="Résumé" className="mb-6 grid grid-cols-3 gap-2 sm:gap-4">
            <Tile label="Total réservations" value={data?.counts.all ?? 0} icon={CalendarCheck} tone="bg-gray-100 text-gray-800" />
            <Tile label="Non lues" value={unread} icon={Mail} tone="bg-red-100 text-red-800" />
            <Tile label="Traitées" value={treated} icon={CheckCircle2} tone="bg-green-100 text-green-800" />
          </section>

          <form
            role="search"
            aria-label="Rechercher et filtrer les réservations"
            className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4"
            onSubmit={(e) => {
              e.preventDefault();
              set({ q: text.trim() });
            }}
          >
            <div className="relative col-span-2 self-end">
              <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-600" aria-hidden />
              <Input
                type="search"
                aria-label="Rechercher par nom, e-mail ou téléphone"
                placeholder="Nom, e-mail ou téléphone…"
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="pl-9"
              />
            </div>
            <Field id="filter-course" label="Cours">
              <Select
                id="filter-course"
                aria-label="Cours"
                value={get('cours') || ALL}
                onValueChange={(v) => set({ cours: v === ALL ? undefined : v })}
                options={[{ value: ALL, label: 'Tous les cours' }, ...courses.map((c) => ({ value: c, label: c }))]}
              />
            </Field>
            <Field id="filter-status" label="Statut">
              <Select
                id="filter-status"
                aria-label="Statut"
                value={get('statut') || ALL}
                onValueChange={(v) => set({ statut: v === ALL ? undefined : v })}
                options={STATUS_OPTIONS}
              />
            </Field>
            <Field id="filter-when" label="Passés ou à venir">
              <Select
                id="filter-when"
                aria-label="Passés ou à venir"
                value={get('quand') || ALL}
                onValueChange={(v) => set({ quand: v === ALL ? undefined : v })}
                options={WHEN_OPTIONS}
              />
            </Field>
            <Field id="filter-sort" label="Trier">
              <Select
                id="filter-sort"
                aria-label="Trier"
                value={get('tri') || '-created'}
                onValueChange={(v) => set({ tri: v === '-created' ? undefined : v })}
                options={RESERVATION_SORTS.map((v) => ({ value: v, label: SORT_LABELS[v] }))}
              />
            </Field>
            <Field id="filter-from" label="Cours du">
              <Input id="filter-from" type="date" value={get('du')} max={get('au') || undefined} onChange={(e) => set({ du: e.target.value })} />
            </Field>
            <Field id="filter-to" label="Au">
              <Input id="filter-to" type="date" value={get('au')} min={get('du') || undefined} onChange={(e) => set({ au: e.target.value })} />
            </Field>
          </form>
          <div className="mb-2 flex items-center gap-3">
            <Switch id="show-archived" checked={showArchived} onCheckedChange={(on) => set({ archivees: on ? '1' : undefined })} />
            <label htmlFor="show-archived" className="text-sm font-medium text-gray-900">
              Afficher les réservations archivées
            </label>
          </div>
          <p className="mb-4 text-xs text-gray-700" data-testid="list-zone">
            Dates et heures : {gymZoneName()}
          </p>

          {isLoading && <Spinner />}
          {data && visible.length === 0 && <EmptyState title={filtered ? 'Aucune réservation ne correspond à la recherche' : 'Aucune réservation'} />}
          {visible.length > 0 && (
            <>
              <div className="mb-2">
                <PageCheckbox
                  state={selection.pageState(visible)}
                  onChange={() => selection.togglePage(visible)}
                  label="Sélectionner toutes les réservations de la page"
                />
              </div>
              {/* A table from 1280 px (below, cards): fixed layout, so a long name or e-mail wraps or is
              cut inside its column instead of widening the table past the screen. */}
              <Card className="hidden overflow-x-auto xl:block">
                <table className="w-full table-fixed text-left text-sm" data-testid="reservations-table">
                  <colgroup>
                    <col className="w-12" />
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
                      <th scope="col" className="py-3 pl-4">
                        <span className="sr-only">Sélection</span>
                      </th>
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
                        <td className="py-3 pl-4">
                          <RowCheckbox
                            checked={selection.isSelected(r.id)}
                            onChange={() => selection.toggle(r)}
                            label={`Sélectionner la réservation de ${r.name}`}
                          />
                        </td>
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
                          <div className="flex flex-wrap gap-1">
                            <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                            <WhenBadge r={r} />
                            <LanguageBadge language={r.language} />
                          </div>
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
                        <RowCheckbox
                          checked={selection.isSelected(r.id)}
                          onChange={() => selection.toggle(r)}
                          label={`Sélectionner la réservation de ${r.name}`}
                          className="mt-0.5"
                        />
                        <div className="min-w-0 flex-1">
                          <h2 className="font-semibold wrap-anywhere text-gray-900">{r.name}</h2>
                          <p className="text-sm text-gray-900">{r.course}</p>
                          <p className="text-sm text-gray-700">{formatDateTime(r.dateTime)}</p>
                        </div>
                        <div className="flex shrink-0 flex-col items-end gap-1">
                          <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                          <WhenBadge r={r} />
                          <LanguageBadge language={r.language} />
                        </div>
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
          <BulkBar count={selection.count} text={selectedText(selection.count, ['réservation', 'réservations'], true)} onClear={selection.clear}>
            <Button variant="outline" size="sm" onClick={() => void bulkRead()} disabled={bulkFlight.busy}>
              <CheckCircle2 className="h-4 w-4" aria-hidden />
              Marquer comme lues
            </Button>
            <Button variant="outline" size="sm" onClick={() => void bulkArchive()} disabled={bulkFlight.busy}>
              <Archive className="h-4 w-4" aria-hidden />
              Archiver
            </Button>
            <Button variant="outline" size="sm" onClick={exportSelection}>
              <Download className="h-4 w-4" aria-hidden />
              Exporter la sélection
            </Button>
            <Button variant="destructive" size="sm" onClick={() => setBulkDeleteOpen(true)} disabled={bulkFlight.busy}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Supprimer
            </Button>
          </BulkBar>
          {data && data.total > 0 && (
            <Pager
              label="Pages des réservations"
              total={data.total}
              page={data.page}
              pageSize={data.pageSize}
              noun={['réservation', 'réservations']}
              onPage={(p) => set({ page: p })}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>

      <Modal open={detail !== null} onOpenChange={(o) => !o && setDetailId(null)} title="Détail de la réservation" className="max-w-xl">
        {detail && (
          <ReservationDetail
            r={detail}
            onArchive={() => doArchive(detail)}
            onUnarchive={() => void doUnarchive(detail)}
            onMarkUnread={() => void doMarkUnread(detail)}
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
        open={bulkDeleteOpen}
        onOpenChange={(o) => !o && setBulkDeleteOpen(false)}
        title={`Supprimer ${selection.count} réservation${plural(selection.count)}`}
        description={`${selectedText(selection.count, ['réservation', 'réservations'], true)} ${selection.count > 1 ? 'seront supprimées' : 'sera supprimée'} définitivement. Continuer ?`}
        confirmLabel={`Supprimer ${selection.count} réservation${plural(selection.count)}`}
        onConfirm={() => void bulkDelete()}
        busy={bulkFlight.busy}
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
