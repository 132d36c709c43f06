import { readFileSync } from 'node:fs';
import { fmt, load, startBenchServer, type BenchServer, type LoadResult } from './lib.js';

const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const ROUNDS = 5;
const SECONDS = 6;

/** CPU seconds the process has used (user + system), from /proc: what a request costs, whatever the neighbours take. */
function cpuSeconds(server: BenchServer): number {
  const fields = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Issue 32: what the metrics cost a request, as the throughput of an authenticated GET /v1/me
 * on a server without METRICS_TOKEN (nothing is measured) and on one with it (every answer
 * counted and timed, the default process metrics on, /metrics scraped every 5 s as Prometheus
 * would). Rounds alternate between the two servers, so a neighbour's load falls on both alike;
 * throughputs are means over the rounds, the cost the median of the rounds' on/off ratios. On
 * a shared machine throughput swings by 10–20 % from one round to the next, so the server's CPU
 * time per request (from /proc) is given too: it moves far less with the neighbours' load.
 * Target: metrics cost at most 3 %.
 */
export async function benchMetrics(): Promise<Record<string, number>> {
  const off = await startBenchServer({ QUOTAS: '0' });
  // METRICS_BENCH_CONTROL=1: the second server has no metrics either, and nothing is scraped, so
  // the "cost" printed is the machine's noise between two identical servers.
  const control = process.env.METRICS_BENCH_CONTROL === '1';
  const on = await startBenchServer(control ? { QUOTAS: '0' } : { QUOTAS: '0', METRICS_TOKEN });
  const scrape = () =>
    fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(async (response) => {
      if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
      return response.text();
    });
  const scraper = setInterval(() => void (control ? null : scrape().catch((error) => console.error(error))), 5000);
  try {
    const me = (server: typeof on) => ({ url: `${server.url}/v1/me`, headers: { authorization: `Bearer ${server.liveKey}` } });
    for (const server of [off, on]) await load({ ...me(server), duration: 3 }); // warm-up: JIT, key cache
    const results: { off: LoadResult[]; on: LoadResult[] } = { off: [], on: [] };
    const cpu = { off: { seconds: 0, requests: 0 }, on: { seconds: 0, requests: 0 } };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Which server goes first alternates too: neither always follows the other's warm caches.
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const server = which === 'on' ? on : off;
        const before = cpuSeconds(server);
        const result = await load({ ...me(server), duration: SECONDS });
        cpu[which].seconds += cpuSeconds(server) - before;
        cpu[which].requests += result.requestsPerSecond * SECONDS;
        results[which].push(result);
      }
    }
    const mean = (list: LoadResult[]) => list.reduce((sum, r) => sum + r.requestsPerSecond, 0) / list.length;
    const offRps = mean(results.off);
    const onRps = mean(results.on);
    // Each round's pair ran back to back: the median of the pairs' ratios is what the metrics
    // cost, with the machine's drift from one round to the next left out (the means move by
    // several percent from run to run on this shared 2-core machine).
    const ratios = results.on.map((on, i) => on.requestsPerSecond / results.off[i]!.requestsPerSecond).sort((a, b) => a - b);
    const cost = 1 - ratios[Math.floor(ratios.length / 2)]!;
    const perRequest = (which: 'on' | 'off') => (cpu[which].seconds / cpu[which].requests) * 1e6;
    const cpuCost = perRequest('on') / perRequest('off') - 1;
    if (control) console.log('  control run: both servers without metrics (METRICS_BENCH_CONTROL=1)');
    const exposition = control ? '' : await scrape();
    const series = exposition.split('\n').filter((line) => line && !line.startsWith('#')).length;
    for (const which of ['off', 'on'] as const)
      console.log(
        `  /v1/me metrics ${which.padEnd(3)}  ${results[which].map((r) => fmt(r.requestsPerSecond)).join(' / ')} req/s  (mean ${fmt(which === 'on' ? onRps : offRps)}, p99 ${Math.max(...results[which].map((r) => r.p99))} ms)`,
      );
    console.log(`  CPU per request    ${fmt(perRequest('off'), 1)} µs off, ${fmt(perRequest('on'), 1)} µs on`);
    console.log(
      `  cost of metrics    ${fmt(cost * 100, 1)} % of /v1/me throughput (median of the rounds' on/off ratios: ${ratios.map((r) => fmt((1 - r) * 100, 1)).join(' / ')} %), ${fmt(cpuCost * 100, 1)} % more CPU per request (target ≤ 3 %)`,
    );
    console.log(`  /metrics           ${fmt(exposition.length / 1024, 1)} KiB, ${series} samples`);
    return { offRps, onRps, cost, cpuCost, series };
  } finally {
    clearInterval(scraper);
    await Promise.all([off.stop(), on.stop()]);
  }
}
