import { describe, expect, it } from 'vitest';
import { createBatcher, MAX_BATCH, type BatchWriter } from './booking-batcher';

/** A writer whose transactions are recorded and whose commits the test releases by hand. */
function fakeWriter(opts: { failMany?: (inputs: number[]) => boolean; failOne?: (n: number) => boolean; hold?: boolean } = {}) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const afterCommits: number[][] = [];
  const committed = new Set<number>();
  const gates: (() => void)[] = [];
  const gate = () => (opts.hold ? new Promise<void>((r) => gates.push(r)) : Promise.resolve());
  const writer: BatchWriter<number, string> = {
    async writeMany(inputs) {
      batches.push([...inputs]);
      await gate();
      if (opts.failMany?.(inputs)) throw new Error('batch rolled back');
      for (const n of inputs) committed.add(n);
      return inputs.map((n) => `row-${n}`);
    },
    async writeOne(n) {
      alone.push(n);
      await gate();
      if (opts.failOne?.(n)) throw new Error(`bad input ${n}`);
      committed.add(n);
      return `row-${n}`;
    },
    afterCommit(rows) {
      afterCommits.push(rows.map((r) => Number(r.slice(4))));
    },
  };
  return { writer, batches, alone, afterCommits, committed, release: () => gates.splice(0).forEach((g) => g()) };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createBatcher (group commit)', () => {
  it('writes concurrent inputs in one transaction, in arrival order, each answered with its own result', async () => {
    const w = fakeWriter();
    const b = createBatcher(w.writer);
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => b.submit(n)));
    expect(w.batches).toEqual([[1, 2, 3, 4, 5]]);
    expect(results).toEqual(['row-1', 'row-2', 'row-3', 'row-4', 'row-5']);
    expect(b.stats()).toEqual({ commits: 1, written: 5 });
    expect(w.afterCommits).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('answers no caller before its transaction committed, and batches what arrives meanwhile', async () => {
    const w = fakeWriter({ hold: true });
    const b = createBatcher(w.writer);
    const answered: number[] = [];
    const first = [1, 2].map((n) => b.submit(n).then((r) => (answered.push(n), r)));
    await tick();
    expect(w.batches).toEqual([[1, 2]]);
    // Arrive while the first transaction is being written: they wait for the next one.
    const second = [3, 4, 5].map((n) => b.submit(n).then((r) => (answered.push(n), r)));
    await tick();
    await tick();
    expect(answered).toEqual([]);
    expect(w.afterCommits).toEqual([]);
    w.release();
    await Promise.all(first);
    expect(answered).toEqual([1, 2]);
    for (const n of answered) expect(w.committed.has(n)).toBe(true);
    await tick();
    expect(w.batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(answered).toEqual([1, 2]);
    w.release();
    expect(await Promise.all(second)).toEqual(['row-3', 'row-4', 'row-5']);
    expect(answered).toEqual([1, 2, 3, 4, 5]);
    expect(b.stats()).toEqual({ commits: 2, written: 5 });
  });

  it('fails only the bad input of a failed batch: the others are written alone, in order', async () => {
    const w = fakeWriter({ failMany: (inputs) => inputs.includes(3), failOne: (n) => n === 3 });
    const b = createBatcher(w.writer);
    const settled = await Promise.allSettled([1, 2, 3, 4].map((n) => b.submit(n)));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['row-1', 'row-2', 'bad input 3', 'row-4']);
    expect(w.alone).toEqual([1, 2, 3, 4]);
    expect([...w.committed].sort()).toEqual([1, 2, 4]);
    expect(w.afterCommits).toEqual([[1], [2], [4]]);
    expect(b.stats()).toEqual({ commits: 3, written: 3 });
  });

  it('rejects a lone failing input without writing it again', async () => {
    const w = fakeWriter({ failMany: () => true });
    const b = createBatcher(w.writer);
    await expect(b.submit(7)).rejects.toThrow('batch rolled back');
    expect(w.alone).toEqual([]);
    // The batcher keeps working afterwards.
    const ok = fakeWriter();
    const b2 = createBatcher(ok.writer);
    expect(await b2.submit(8)).toBe('row-8');
  });

  it(`puts at most ${MAX_BATCH} inputs in one transaction`, async () => {
    const w = fakeWriter();
    const b = createBatcher(w.writer);
    const inputs = Array.from({ length: MAX_BATCH * 2 + 10 }, (_, i) => i);
    expect(await Promise.all(inputs.map((n) => b.submit(n)))).toEqual(inputs.map((n) => `row-${n}`));
    expect(w.batches.map((x) => x.length)).toEqual([MAX_BATCH, MAX_BATCH, 10]);
    expect(w.batches.flat()).toEqual(inputs);
  });

  it('reports an after-commit failure without failing the callers', async () => {
    const errors: unknown[] = [];
    const w = fakeWriter();
    const b = createBatcher({
      ...w.writer,
      afterCommit: () => {
        throw new Error('push down');
      },
      onAfterCommitError: (e) => errors.push(e),
    });
    expect(await Promise.all([b.submit(1), b.submit(2)])).toEqual(['row-1', 'row-2']);
    await tick();
    expect(errors).toHaveLength(1);
    expect(await b.submit(3)).toBe('row-3');
  });
});
