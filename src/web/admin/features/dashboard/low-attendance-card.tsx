import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LowAttendanceDto } from '../../../../shared/api-types';
import { Card } from '../../components/ui/card';

// Programme holders who come too little (issue 35, point 6): under half of their weekly plan over
// the last 14 gym days. An embassy or immigration may ask; the desk calls them first.

const day = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' });

export function LowAttendanceCard() {
  const { data } = useQuery<LowAttendanceDto>({ queryKey: ['/api/orders/low-attendance'] });
  if (!data) return null;
  return (
    <Card className="p-5" data-testid="low-attendance">
      <h2 className="font-semibold text-gray-900">Programmes : présence sous la moitié du plan</h2>
      <p className="mt-1 mb-4 text-sm text-gray-700">
        Du {day(data.from)} au {day(data.to)} (heure de la salle), séances marquées présentes à l’accueil.
      </p>
      {data.items.length === 0 ? (
        <p className="text-sm text-gray-700">Aucun élève sous la moitié de son plan.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {data.items.map((i) => (
            <li key={i.orderId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Link to={`/admin/orders/${i.orderId}`} className="min-w-0 font-medium text-gray-900 wrap-anywhere hover:underline">
                {i.customerName} · {i.reference}
              </Link>
              <span className="text-gray-800 tabular-nums">
                {i.attended} / {i.planned} séances ({i.sessionsPerWeek} par semaine)
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
