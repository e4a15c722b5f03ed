// Failover under booking load (issue 44): two instances of the production build behind
// deploy/Caddyfile, twelve clients booking without pause, one instance killed with SIGKILL, then
// started again. Runs FAILOVER_RUNS times (10) on an idle machine and as many with
// FAILOVER_BURNERS (2) CPU-bound processes beside the instances, one cluster for all of them.
// Prints each run and a summary: the share of bookings answered 2xx from 2 s after the kill,
// acknowledged bookings kept, and when the restarted instance took bookings again.
// Run (after npm run build): npm run bench:failover. FAILOVER_ONLY=idle|busy runs one side.
import { startCluster } from '../tests/helpers/cluster';
import { runFailover, type FailoverResult } from '../tests/e2e/cluster/failover-run';

const RUNS = Number(process.env.FAILOVER_RUNS ?? 10);
const BURNERS = Number(process.env.FAILOVER_BURNERS ?? 2);
const ONLY = process.env.FAILOVER_ONLY;

function line(side: string, i: number, r: FailoverResult): string {
  const share = r.restartedShare.all ? Math.round((100 * r.restartedShare.victim) / r.restartedShare.all) : 0;
  return (
    `${side} run ${i + 1}: ${r.afterKillOk}/${r.afterKill} 2xx after the kill (${(100 * r.okRatio).toFixed(1)} %), ` +
    `kept ${r.kept}/${r.acknowledged}, restarted instance: first booking ${r.backInMs} ms after ready, ${share} % of the next 5 s; ` +
    `survivor's failed checks ${r.survivorCheckFailures}, Caddy's own 503s ${r.refusedByCaddy}; statuses ${JSON.stringify(r.statuses)}`
  );
}

async function main() {
  const cluster = await startCluster({ instances: 2 });
  const summary: string[] = [];
  try {
    for (const [side, burners] of [
      ['idle', 0],
      ['busy', BURNERS],
    ] as const) {
      if (ONLY && ONLY !== side) continue;
      let held = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await runFailover(cluster, {
          burners,
          occurrences: process.env.FAILOVER_OCCURRENCES ? Number(process.env.FAILOVER_OCCURRENCES) : undefined,
          stallMs: Number(process.env.FAILOVER_STALL_MS ?? 0),
          burnerNice: Number(process.env.FAILOVER_NICE ?? 0),
        });
        const ok = r.okRatio >= 0.9 && r.kept === r.acknowledged && r.backInMs >= 0 && r.backInMs <= 5000;
        if (ok) held += 1;
        console.log(line(side, i, r));
      }
      summary.push(`${side}: ${held} of ${RUNS} runs held (≥ 90 % 2xx from 2 s after the kill, every acknowledged booking kept, back within 5 s)`);
    }
  } finally {
    await cluster.close();
  }
  console.log(summary.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
