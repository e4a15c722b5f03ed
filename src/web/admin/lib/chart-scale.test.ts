import { describe, expect, it } from 'vitest';
import { countTicks, labelEvery } from './chart-scale';

describe('countTicks: whole-number, evenly spaced y-axis ticks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [5, [0, 1, 2, 3, 4, 5]],
    [6, [0, 2, 4, 6]],
    [7, [0, 2, 4, 6, 8]],
    [12, [0, 5, 10, 15]],
    [37, [0, 10, 20, 30, 40]],
    [480, [0, 100, 200, 300, 400, 500]],
  ])('max %i → %j', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });

  it('always starts at 0, reaches max, uses whole numbers and one step', () => {
    for (let max = 0; max <= 2000; max += 7) {
      const ticks = countTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      const step = ticks[1] - ticks[0];
      ticks.forEach((t, i) => {
        expect(Number.isInteger(t)).toBe(true);
        expect(t).toBe(i * step);
      });
    }
  });
});

describe('labelEvery', () => {
  it('labels every slot when they are wide enough, else every nth', () => {
    expect(labelEvery(50, 44)).toBe(1);
    expect(labelEvery(21, 44)).toBe(3);
    expect(labelEvery(0, 44)).toBe(44);
  });
});
