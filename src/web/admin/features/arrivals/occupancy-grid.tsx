import type { OccupancyDto } from '../../../../shared/api-types/arrivals';
import { cn } from '../../lib/cn';
import { useWideScreen } from '../../lib/use-media-query';

// The 30-day occupancy grid (issue 36 §5): per room type and night, rooms taken / rooms, with
// rooms closed for repairs noted. From 768 px a table that scrolls sideways if it must; on a
// phone (issue 46 §4) each room type is a card of its nights, six to a row, with no sideways scroll.

const shade = (taken: number, open: number) => (open <= 0 ? 'bg-gray-200' : taken >= open ? 'bg-red-100 text-red-900' : taken > 0 ? 'bg-amber-50' : '');
const dayMonth = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const caption = 'Chambres occupées sur chambres, par type et par nuit (F : fermées pour travaux)';

export function OccupancyGrid({ grid }: { grid: OccupancyDto }) {
  const wide = useWideScreen();
  if (!wide) return <OccupancyCards grid={grid} />;
  return (
    // A region that scrolls is reached by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto rounded-md border border-gray-200 bg-white" tabIndex={0} role="region" aria-label="Occupation sur 30 nuits">
      <table className="min-w-max border-collapse text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 bg-white px-2 py-1 text-left">
              Type
            </th>
            {grid.dates.map((d) => (
              <th key={d} scope="col" className="px-1 py-1 font-medium text-gray-700">
                {dayMonth(d)}
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

function OccupancyCards({ grid }: { grid: OccupancyDto }) {
  return (
    <div role="region" aria-label="Occupation sur 30 nuits" className="grid gap-3">
      <p className="text-xs text-gray-700">{caption}</p>
      {grid.roomTypes.map((t) => (
        <section key={t.id} className="rounded-md border border-gray-200 bg-white p-3" aria-labelledby={`occupancy-type-${t.id}`}>
          <h3 id={`occupancy-type-${t.id}`} className="mb-2 text-sm font-semibold wrap-anywhere text-gray-900">
            {t.name} <span className="font-normal text-gray-700">({t.rooms} chambres)</span>
          </h3>
          <ol className="grid grid-cols-6 gap-1 text-xs" aria-label={`Nuits, ${t.name}`}>
            {t.nights.map((n, i) => (
              <li key={grid.dates[i]} className={cn('rounded px-0.5 py-1 text-center tabular-nums', shade(n.taken, t.rooms - n.closed) || 'bg-gray-50')}>
                <span className="block text-[0.65rem] text-gray-700">{dayMonth(grid.dates[i])}</span>
                <span className="font-medium">
                  {n.taken}/{t.rooms}
                </span>
                {n.closed > 0 && <span className="block">F{n.closed}</span>}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
