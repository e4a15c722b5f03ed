import { describe, expect, it } from 'vitest';
import { createHealthMonitor, healthBody } from './health';

// The monitor's rule (decision 171): a dependency is down after three failed probes in a row,
// up again at the first success, and the log says so once per change, not once per probe.

function recorder() {
  const lines: { level: string; msg: string; obj: unknown }[] = [];
  return {
    lines,
    log: {
      warn: (obj: unknown, msg?: string) => lines.push({ level: 'warn', msg: msg ?? '', obj }),
      info: (obj: unknown, msg?: string) => lines.push({ level: 'info', msg: msg ?? '', obj }),
    } as never,
  };
}

/**
 * A probe answered by a script of outcomes, one per call (true: answers; false: fails); past the
 * script, a call waits until release() and then answers.
 */
function scripted(outcomes: boolean[]) {
  let i = 0;
  const called: (() => void)[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  return {
    release: () => release(),
    probe: async () => {
      const n = i++;
      for (const w of called.splice(0)) w();
      if (n >= outcomes.length) return gate;
      if (!outcomes[n]) throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
    },
    /** Resolves once the probe has been called `n` times in all. */
    until: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (i >= n ? resolve() : called.push(check));
        check();
      }),
  };
}

describe('health monitor', () => {
  it('reports the database down only after three failed probes in a row, and up at the first success', async () => {
    const script = scripted([true, false, false, true, false, false, false]);
    const { lines, log } = recorder();
    const monitor = createHealthMonitor({ probeDatabase: script.probe, log }, { intervalMs: 1 });
    await monitor.start();
    expect(monitor.current()).toEqual({ ok: true });
    // Calls 2–3 failed, then one answered: never three in a row, still up.
    await script.until(5);
    expect(monitor.current()).toEqual({ ok: true });
    // Calls 5–7 failed: down from the third, with the reason (the 8th call is waiting).
    await script.until(8);
    expect(monitor.current()).toEqual({ ok: false, reason: 'database unavailable' });
    script.release();
    for (let i = 0; i < 200 && !monitor.current().ok; i++) await new Promise((r) => setTimeout(r, 5));
    monitor.stop();
    expect(monitor.current()).toEqual({ ok: true });
    // One line down, one line up, whatever the number of probes; the address never.
    expect(lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(lines[0].msg).toMatch(/database down after 3 failed probes in a row/);
    expect(JSON.stringify(lines)).not.toContain('10.0.0.7');
  });

  it('counts a probe that does not answer in time as failed', async () => {
    const { lines, log } = recorder();
    const monitor = createHealthMonitor({ probeDatabase: () => new Promise(() => {}), log }, { intervalMs: 1, timeoutMs: 5, failuresBeforeDown: 2 });
    await monitor.start();
    expect(monitor.current().ok).toBe(true);
    for (let i = 0; i < 200 && monitor.current().ok; i++) await new Promise((r) => setTimeout(r, 5));
    monitor.stop();
    expect(monitor.current()).toEqual({ ok: false, reason: 'database does not answer' });
    expect(lines).toHaveLength(1);
  });

  it("answers /healthz's body: 200 ok, 503 with the reason", () => {
    expect(healthBody({ ok: true })).toEqual({ status: 200, body: { status: 'ok' } });
    expect(healthBody({ ok: false, reason: 'database unavailable' })).toEqual({
      status: 503,
      body: { status: 'error', error: 'database unavailable', code: 'internal' },
    });
  });
});
