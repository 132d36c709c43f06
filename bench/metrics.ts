import { compareServers, fmt, startBenchServer } from './lib.js';

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * Issue 32: what the metrics cost a request, as the throughput of an authenticated GET /v1/me
 * on a server without METRICS_TOKEN (nothing is measured) and on one with it (every answer
 * counted and timed, the default process metrics on, /metrics scraped every 5 s as Prometheus
 * would), in alternating rounds (compareServers). Target: metrics cost at most 3 %.
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
    const me = (server: typeof on) => ({
      server,
      request: { url: `${server.url}/v1/me`, headers: { authorization: `Bearer ${server.liveKey}` } },
    });
    const { results, rps, ratios, cost, cpuPerRequest } = await compareServers(me(off), me(on));
    if (control) console.log('  control run: both servers without metrics (METRICS_BENCH_CONTROL=1)');
    const exposition = control ? '' : await scrape();
    const series = exposition.split('\n').filter((line) => line && !line.startsWith('#')).length;
    for (const [which, side] of [
      ['off', 'a'],
      ['on', 'b'],
    ] as const)
      console.log(
        `  /v1/me metrics ${which.padEnd(3)}  ${results[side].map((r) => fmt(r.requestsPerSecond)).join(' / ')} req/s  (mean ${fmt(rps[side])}, p99 ${Math.max(...results[side].map((r) => r.p99))} ms)`,
      );
    const cpuCost = cpuPerRequest.b / cpuPerRequest.a - 1;
    console.log(`  CPU per request    ${fmt(cpuPerRequest.a, 1)} µs off, ${fmt(cpuPerRequest.b, 1)} µs on`);
    console.log(
      `  cost of metrics    ${fmt(cost * 100, 1)} % of /v1/me throughput (median of the rounds' on/off ratios: ${ratios.map((r) => fmt((1 - r) * 100, 1)).join(' / ')} %), ${fmt(cpuCost * 100, 1)} % more CPU per request (target ≤ 3 %)`,
    );
    console.log(`  /metrics           ${fmt(exposition.length / 1024, 1)} KiB, ${series} samples`);
    return { offRps: rps.a, onRps: rps.b, cost, cpuCost, series };
  } finally {
    clearInterval(scraper);
    await Promise.all([off.stop(), on.stop()]);
  }
}
