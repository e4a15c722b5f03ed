// Scale helpers of the dashboard's weekly chart (components/weekly-chart.tsx).

const NICE_STEPS = [1, 2, 5];

/**
 * Y-axis ticks for counts: whole numbers, evenly spaced (1, 2, 5, 10, 20, 50… apart), from 0 to a
 * top at or above max, at most maxIntervals intervals. 3 → 0 1 2 3; 7 → 0 2 4 6 8; 12 → 0 5 10 15.
 */
export function countTicks(max: number, maxIntervals = 5): number[] {
  const m = Math.max(1, Math.ceil(max));
  let step = 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    const found = NICE_STEPS.map((s) => s * magnitude).find((s) => Math.ceil(m / s) <= maxIntervals);
    if (found) {
      step = found;
      break;
    }
  }
  const top = Math.ceil(m / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/** Label every nth slot so labels at least minSpacing apart never overlap (1 = every slot). */
export const labelEvery = (slotWidth: number, minSpacing: number): number => Math.max(1, Math.ceil(minSpacing / Math.max(1, slotWidth)));
