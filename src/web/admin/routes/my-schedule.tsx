import { addDays } from '../../../shared/gym-time';
import { Card } from '../components/ui/card';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useMyTrainer, useSchedule } from '../features/trainers/api';
import { ScheduleDays } from '../features/trainers/schedule-days';
import { gymToday } from '../lib/format';

/** "Mon planning" (issue 37 point 5): a trainer's own lessons and classes, today and the week ahead, and their calendar feed. */
export function MySchedulePage() {
  const me = useMyTrainer();
  const today = gymToday();
  const schedule = useSchedule(me.data?.id, today, 7);
  return (
    <>
      <PageHeader title="Mon planning" subtitle="Vos cours privés et vos cours collectifs, aujourd'hui et les 7 prochains jours (heure du club)" />
      {(me.isLoading || schedule.isLoading) && <Spinner />}
      {me.isError && <EmptyState title="Aucun entraîneur n'est lié à ce compte">Demandez à l'administrateur de lier votre compte à votre fiche.</EmptyState>}
      {schedule.data && <ScheduleDays schedule={schedule.data} from={today} to={addDays(today, 6)} />}
      {me.data?.calendarFeedUrl && (
        <Card className="mt-6 p-4">
          <h2 className="text-base font-semibold text-gray-900">Mon agenda sur le téléphone</h2>
          <p className="mt-1 text-sm text-gray-700">
            Abonnez votre agenda à cette adresse privée (elle ne se partage pas ; l'administrateur peut la renouveler) :
          </p>
          <p className="mt-2 font-mono text-sm break-all text-gray-900" data-testid="calendar-feed-url">
            {me.data.calendarFeedUrl}
          </p>
        </Card>
      )}
    </>
  );
}
