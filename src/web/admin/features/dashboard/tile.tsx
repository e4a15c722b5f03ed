import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';

/** One total of the dashboard, a link to its screen when the user may open it. */
export function Tile({ label, value, icon: Icon, to }: { label: string; value: number; icon: LucideIcon; to?: string }) {
  const body = (
    // Two per row on a phone: the icon goes above the figures there, beside them from 640 px.
    <Card
      className="flex h-full flex-col items-start gap-2 p-4 transition-shadow hover:shadow-md sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid="dashboard-tile"
    >
      <div className="rounded-md bg-red-100 p-2 text-red-800 sm:p-3">
        <Icon className="h-5 w-5 sm:h-6 sm:w-6" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-gray-700">{label}</p>
        <p className="text-2xl font-bold text-gray-900">{value.toLocaleString('fr-FR')}</p>
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="block h-full rounded-lg focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none">
      {body}
    </Link>
  ) : (
    body
  );
}
