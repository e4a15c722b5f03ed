import type { OccupancyDto } from '../../../../shared/api-types/arrivals';
import { cn } from '../../lib/cn';

// The 30-day occupancy grid (issue 36 §5): per room type and night, rooms taken / rooms, with
// rooms closed for repairs noted. It scrolls sideways on a phone.

const shade = (taken: number, open: number) => (open <= 0 ? 'bg-gray-200' : taken >= open ? 'bg-red-100 text-red-900' : taken > 0 ? 'bg-amber-50' : '');

export function OccupancyGrid({ grid }: { grid: OccupancyDto }) {
  return (
    // A region that scrolls is reached by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto rounded-md border border-gray-200 bg-white" tabIndex={0} role="region" aria-label="Occupation sur 30 nuits">
      <table className="min-w-max border-collapse text-xs">
        <caption className="sr-only">Chambres occupées sur chambres, par type et par nuit (F : fermées pour travaux)</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-white px-2 py-1 text-left">
              Type
            </th>
            {grid.dates.map((d) => (
              <th key={d} scope="col" className="px-1 py-1 font-medium text-gray-700">
                {d.slice(8, 10)}/{d.slice(5, 7)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.roomTypes.map((t) => (
            <tr key={t.id} className="border-t border-gray-100">
              <th scope="row" className="sticky left-0 max-w-32 truncate bg-white px-2 py-1 text-left font-medium text-gray-900">
                {t.name}
              </th>
              {t.nights.map((n, i) => (
                <td key={grid.dates[i]} className={cn('px-1 py-1 text-center tabular-nums', shade(n.taken, t.rooms - n.closed))}>
                  {n.taken}/{t.rooms}
                  {n.closed > 0 ? ` F${n.closed}` : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
