// Bookings by pass holders vs plain bookings, in one process on one database (issue 21 §8: pass
// holders keep at least 80 % of the plain booking throughput). Both go through POST
// /api/reservations (app.inject) in waves of parallel requests over the same sessions; a pass
// booking also locks/reads its order, counts its credits and writes its use.
// Run: npx tsx bench/pass-bookings.ts [sqlite|postgres] [bookings per round]
import { addSessions, createTestOrder, type TestOrder } from '../tests/helpers/pass-orders';
import { createTestApp, type Backend } from '../tests/helpers/test-app';

const backend = (process.argv[2] as Backend) ?? 'sqlite';
const N = Number(process.argv[3] ?? 2000);
const WAVE = 50;
/** Issue 21 §8: pass holders keep at least this share of the plain throughput, in percent. */
const TARGET = 80;
const DATES = ['2028-06-12', '2028-06-13', '2028-06-14', '2028-06-15', '2028-06-16', '2028-06-17'];
const TIMES = Array.from({ length: 24 }, (_, i) => `${String(5 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

async function main() {
  const t = await createTestApp(backend);
  const db = t.app.ctx.db;
  await db.updateTable('weekly_sessions').set({ capacity: 100_000 }).execute();
  const sessions = await addSessions(db, 'MMA Training', DATES, TIMES, t.config.timezone);
  await db.updateTable('weekly_sessions').set({ capacity: 100_000 }).execute();
  // Unlimited passes (one seat per session time each): a wave's bookings are by different holders
  // (as a day's bookings are), and no holder books a time twice.
  const holders = WAVE;
  const passes: TestOrder[] = [];
  for (let i = 0; i < holders; i++)
    passes.push(await createTestOrder(db, { kind: 'days-unlimited', covers: 'mma', days: 6, credits: null, startDate: DATES[0], endDate: DATES[5] }));

  // Pass bookings number on across rounds, so no holder books the same time twice.
  let n = 0;
  let m = 0;
  const payload = (withPass: boolean) => {
    const i = withPass ? m++ : n++;
    // Holder i % H books session (i + k(H + 1)) % S at its k-th booking: a wave spreads over sessions like plain bookings, and a holder's sessions differ (for k below S / gcd(H + 1, S)).
    const s = sessions[(withPass ? i + Math.floor(i / holders) : i) % sessions.length];
    const who = withPass ? passes[i % holders] : null;
    return {
      name: `Guest ${i}`,
      email: who ? who.email : `guest${i}@example.com`,
      phone: null,
      course: 'MMA Training',
      dateTime: s.startsAt,
      message: null,
      ...(who ? { passToken: who.token } : {}),
    };
  };
  async function round(withPass: boolean): Promise<number> {
    const started = process.hrtime.bigint();
    for (let done = 0; done < N; done += WAVE) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(WAVE, N - done) }, () => t.inject({ method: 'POST', url: '/api/reservations', payload: payload(withPass) })),
      );
      const bad = answers.find((a) => a.statusCode !== 201);
      if (bad) throw new Error(`${withPass ? 'pass' : 'plain'} booking refused: ${bad.statusCode} ${bad.body}`);
    }
    return N / (Number(process.hrtime.bigint() - started) / 1e9);
  }
  // Warm-up, then alternate to share the machine's noise fairly.
  await round(false);
  const plain: number[] = [];
  const pass: number[] = [];
  for (let r = 0; r < 3; r++) {
    plain.push(await round(false));
    pass.push(await round(true));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const p = median(plain);
  const q = median(pass);
  const ratio = (100 * q) / p;
  console.log(`${backend} rounds (plain / pass holders, bookings/s): ${plain.map((x, i) => `${x.toFixed(0)} / ${pass[i].toFixed(0)}`).join(', ')}`);
  console.log(
    `${backend}: plain ${p.toFixed(0)} bookings/s, pass holders ${q.toFixed(0)} bookings/s, ratio ${ratio.toFixed(1)} % (target >= ${TARGET} %: ${ratio >= TARGET ? 'met' : 'missed'})`,
  );
  await t.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
