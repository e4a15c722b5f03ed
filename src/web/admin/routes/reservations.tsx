import { Download } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { isIsoDate } from '../../../shared/gym-time';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Pager } from '../components/ui/pager';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { DayView } from '../features/desk/day-view';
import { TrainersDay } from '../features/trainers/trainers-day';
import { SellPassLink } from '../features/orders/sell-pass-link';
import { useClasses } from '../features/planning/api';
import { useReservationPage } from '../features/reservations/api';
import { ReservationBulkBar } from '../features/reservations/reservation-bulk-bar';
import { ReservationDialogs } from '../features/reservations/reservation-dialogs';
import { ReservationFilters } from '../features/reservations/reservation-filters';
import { ReservationList } from '../features/reservations/reservation-list';
import { reservationQuery } from '../features/reservations/reservation-query';
import { SummaryTiles } from '../features/reservations/summary-tiles';
import { useReservationActions } from '../features/reservations/use-reservation-actions';
import { gymToday } from '../lib/format';
import { useListParams } from '../lib/list-state';
import { useSelection } from '../lib/selection';
import type { Reservation } from '../lib/types';

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

/**
 * SPEC's list (tiles, table/cards, archive, delete, detail, CSV) and the desk's day view, as two
 * tabs; the tab and the day are in the address (?vue=jour&date=YYYY-MM-DD), so a reload keeps them.
 */
export function ReservationsPage() {
  const { params, get, page, set } = useListParams();
  const view = params.get('vue') === 'jour' ? 'jour' : 'liste';
  const dateParam = params.get('date');
  const date = dateParam && isIsoDate(dateParam) ? dateParam : gymToday();
  const { showArchived, apiQuery, selectionScope, filtered } = reservationQuery({ get, page });
  const selection = useSelection<Reservation>(selectionScope);
  const { data, isLoading } = useReservationPage(apiQuery);
  const actions = useReservationActions(selection);
  const { data: classes } = useClasses();
  const visible = data?.items ?? [];
  const unread = data?.counts.unread ?? 0;

  // The chosen day stays in the address while the list is shown, so going back to "Jour" returns to it.
  function setView(next: string) {
    set({ vue: next === 'jour' ? 'jour' : undefined, date: next === 'jour' ? date : dateParam && isIsoDate(dateParam) ? dateParam : undefined, page: page });
  }

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
            <Button variant="outline" onClick={() => void actions.exportAll(apiQuery)} disabled={visible.length === 0}>
              <Download className="h-4 w-4" aria-hidden />
              Exporter CSV
            </Button>
          ) : (
            <SellPassLink />
          )
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
          {/* Every trainer's day of that date (issue 37): lessons booked, moved, cancelled at the desk. */}
          <TrainersDay date={date} quiet />
        </Tabs.Content>
        <Tabs.Content value="liste">
          <SummaryTiles all={data?.counts.all ?? 0} unread={unread} treated={data?.counts.treated ?? 0} />
          <ReservationFilters get={get} set={set} showArchived={showArchived} classNames={(classes ?? []).map((c) => c.name)} total={data?.total} />
          {isLoading && <Spinner />}
          {data && visible.length === 0 && <EmptyState title={filtered ? 'Aucune réservation ne correspond à la recherche' : 'Aucune réservation'} />}
          {visible.length > 0 && <ReservationList visible={visible} selection={selection} actions={actions} />}
          <ReservationBulkBar selection={selection} actions={actions} />
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
      <ReservationDialogs visible={visible} selection={selection} actions={actions} />
    </>
  );
}
