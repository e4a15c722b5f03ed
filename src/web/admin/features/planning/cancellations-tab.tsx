import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { formatGymDate } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { useCancellations, useRestoreOccurrence } from './api';

/** "Annulations": the cancelled dates to come, each with "Rétablir". */
export function CancellationsTab() {
  const { data: list, isLoading } = useCancellations();
  const restore = useRestoreOccurrence();
  const act = useAction();
  const flight = useSingleFlight();

  const undo = (weeklySessionId: number, date: string) =>
    flight.run(() => act(() => restore.mutateAsync({ weeklySessionId, date }), { success: 'Séance rétablie', failure: 'Impossible de rétablir la séance' }));

  if (isLoading) return <Spinner />;
  if (!list || list.length === 0) return <EmptyState title="Aucune séance annulée à venir" />;
  return (
    <ul className="grid gap-3" aria-label="Séances annulées">
      {list.map((c) => (
        <li key={c.id}>
          <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="cancellation-row">
            <div className="min-w-0">
              <p className="font-medium wrap-anywhere text-gray-900">
                {c.className} — {c.startTime}
              </p>
              <p className="text-sm text-gray-700">{formatGymDate(c.date)}</p>
              {c.reason && <p className="text-sm wrap-anywhere text-gray-700">Motif : {c.reason}</p>}
            </div>
            <Button variant="outline" size="sm" className="h-11 md:h-10" onClick={() => void undo(c.weeklySessionId, c.date)} disabled={flight.busy}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Rétablir
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
