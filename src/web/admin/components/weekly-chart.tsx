import type { WeeklyPoint } from '../lib/types';

const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 36 };

const weekLabel = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(iso));

/** Grouped bars drawn as inline SVG (no chart library): reservations and contact messages per week. */
export function WeeklyChart({ data }: { data: WeeklyPoint[] }) {
  const max = Math.max(1, ...data.map((d) => Math.max(d.reservations, d.contacts)));
  // A round top value keeps the grid lines on whole numbers.
  const top = max <= 5 ? max : Math.ceil(max / 5) * 5;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, data.length);
  const bar = Math.min(18, slot / 3);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const ticks = Array.from(new Set([0, Math.round(top / 2), top]));
  const summary = data.map((d) => `semaine du ${weekLabel(d.weekStart)} : ${d.reservations} réservations, ${d.contacts} messages`).join(' ; ');

  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`Réservations et messages de contact par semaine : ${summary}`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e5e7eb" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#374151">
              {t}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={d.weekStart}>
              <rect x={cx - bar - 1} y={y(d.reservations)} width={bar} height={Math.max(0, PAD.top + innerH - y(d.reservations))} fill="#b91c1c" rx="2">
                <title>{`${d.reservations} réservations`}</title>
              </rect>
              <rect x={cx + 1} y={y(d.contacts)} width={bar} height={Math.max(0, PAD.top + innerH - y(d.contacts))} fill="#1f2937" rx="2">
                <title>{`${d.contacts} messages`}</title>
              </rect>
              <text x={cx} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#374151">
                {weekLabel(d.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-gray-800">
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm bg-red-700" aria-hidden /> Réservations
        </span>
        <span className="inline-flex items-center gap-2">
          <span className="inline-block h-3 w-3 rounded-sm bg-gray-800" aria-hidden /> Messages de contact
        </span>
      </figcaption>
    </figure>
  );
}
