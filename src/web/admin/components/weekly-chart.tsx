import { useLayoutEffect, useRef, useState } from 'react';
import { countTicks, labelEvery } from '../lib/chart-scale';
import type { WeeklyPoint } from '../lib/types';

const H = 220;
const FONT = 12;
// "dd/mm" at 12 px is about 32 px wide: labels closer than this would run into each other.
const LABEL_SPACING = 44;
const PAD = { top: 12, right: 8, bottom: 28 };

const weekLabel = (iso: string) => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(iso));

/** Width of the element in CSS pixels, followed as it changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Grouped bars drawn as inline SVG (no chart library): reservations and contact messages per week.
 * Drawn at the width it is shown (one SVG unit = one CSS pixel), so the text keeps its size on a
 * phone; when the weeks are too narrow for every date, only every nth is labelled (the latest always).
 */
export function WeeklyChart({ data }: { data: WeeklyPoint[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const ticks = countTicks(Math.max(0, ...data.map((d) => Math.max(d.reservations, d.contacts))));
  const top = ticks.at(-1)!;
  const left = String(top).length * 7 + 14;
  const innerW = Math.max(0, width - left - PAD.right);
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, data.length);
  const bar = Math.max(2, Math.min(18, slot / 3));
  const every = labelEvery(slot, LABEL_SPACING);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const summary = data.map((d) => `semaine du ${weekLabel(d.weekStart)} : ${d.reservations} réservations, ${d.contacts} messages`).join(' ; ');

  return (
    <figure>
      {/* The drawing sits out of the flow: its pixel width must never hold its column open when the window narrows. */}
      <div ref={ref} className="relative w-full" style={{ height: H }}>
        {width > 0 && (
          <svg
            width={width}
            height={H}
            viewBox={`0 0 ${width} ${H}`}
            className="absolute inset-0"
            role="img"
            aria-label={`Réservations et messages de contact par semaine : ${summary}`}
            data-testid="weekly-chart"
          >
            {ticks.map((t) => (
              <g key={t}>
                <line x1={left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="#e5e7eb" />
                <text x={left - 6} y={y(t) + 4} textAnchor="end" fontSize={FONT} fill="#374151" data-testid="y-tick">
                  {t}
                </text>
              </g>
            ))}
            {data.map((d, i) => {
              const cx = left + slot * i + slot / 2;
              return (
                <g key={d.weekStart}>
                  <rect x={cx - bar - 1} y={y(d.reservations)} width={bar} height={Math.max(0, PAD.top + innerH - y(d.reservations))} fill="#b91c1c" rx="2">
                    <title>{`${d.reservations} réservations`}</title>
                  </rect>
                  <rect x={cx + 1} y={y(d.contacts)} width={bar} height={Math.max(0, PAD.top + innerH - y(d.contacts))} fill="#1f2937" rx="2">
                    <title>{`${d.contacts} messages`}</title>
                  </rect>
                  {(data.length - 1 - i) % every === 0 && (
                    <text x={cx} y={H - PAD.bottom + 18} textAnchor="middle" fontSize={FONT} fill="#374151" data-testid="x-label">
                      {weekLabel(d.weekStart)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
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
