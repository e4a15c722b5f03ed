import { useQuery } from '@tanstack/react-query';
import type { WaitlistStaffEntryDto } from '../../../shared/api-types';
import type { WaitlistStatus } from '../../../shared/constants';
import { apiGet } from '../../lib/api-client';
import { formatShortDateTime } from '../lib/format';

// A session's waiting list (GET /api/timetable/weekly-sessions/:id/waitlist?date=), for the desk
// and Planning: those in line in order, then those out of it (booked, left, expired).

const STATE_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'En attente',
  offered: 'Place proposée',
  booked: 'A réservé',
  left: 'A quitté la liste',
  expired: 'Offre expirée',
  ended: 'Liste close',
};

export const waitlistKey = (weeklySessionId: number, date: string) => ['/api/timetable', 'waitlist', weeklySessionId, date] as const;

export function WaitlistList({ weeklySessionId, date }: { weeklySessionId: number; date: string }) {
  const { data, isError } = useQuery({
    queryKey: waitlistKey(weeklySessionId, date),
    queryFn: () => apiGet<WaitlistStaffEntryDto[]>(`/api/timetable/weekly-sessions/${weeklySessionId}/waitlist?date=${encodeURIComponent(date)}`),
  });
  if (isError) return <p className="mt-2 text-sm text-red-700">Liste d’attente indisponible.</p>;
  if (!data || data.length === 0) return null;
  return (
    <div className="mt-3 border-t border-gray-100 pt-3" data-testid="waitlist-staff">
      <h4 className="text-sm font-semibold text-gray-900">Liste d’attente ({data.filter((e) => e.position !== null).length})</h4>
      <ol className="mt-1 grid gap-1 text-sm text-gray-800">
        {data.map((e) => (
          <li key={e.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="wrap-anywhere">
              {e.position !== null ? `${e.position}. ` : ''}
              {e.name} <span className="text-gray-600">{e.email}</span>
            </span>
            <span className="text-gray-700">
              {STATE_LABELS[e.state]}
              {e.offerExpiresAt ? ` jusqu’au ${formatShortDateTime(e.offerExpiresAt)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
