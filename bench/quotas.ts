import { adminCall, compareServers, fmt, startBenchServer, type BenchServer } from './lib.js';

/**
 * Issue 5: what quota accounting costs, as the throughput of an authenticated GET /v1/me
 * with quotas on against the same server build with quotas off, in alternating rounds
 * (compareServers). Quotas on uses a Réseau agency (no plan cap) and a large key quota so the
 * run is never refused. Target: at most 5 %.
 */
export async function benchQuotas(): Promise<Record<string, number>> {
  const on = await startBenchServer({ QUOTAS: '1', KEY_QUOTA_LIVE: '2000000000' });
  const off = await startBenchServer({ QUOTAS: '0' });
  try {
    const me = async (server: BenchServer) => {
      const agency = (await adminCall(server, 'POST', '/agencies', { name: 'Bench Réseau', plan: 'reseau', verified: true })) as {
        keys: { live: string };
      };
      return { server, request: { url: `${server.url}/v1/me`, headers: { authorization: `Bearer ${agency.keys.live}` } } };
    };
    const { results, rps, ratios, cost, cpuPerRequest } = await compareServers(await me(off), await me(on));
    const line = (which: 'a' | 'b') =>
      `${results[which].map((r) => fmt(r.requestsPerSecond)).join(' / ')} req/s  (mean ${fmt(rps[which])}, p99 ${Math.max(...results[which].map((r) => r.p99))} ms)`;
    console.log(`  GET /v1/me, quotas off  ${line('a')}`);
    console.log(`  GET /v1/me, quotas on   ${line('b')}  non-2xx ${results.b.reduce((s, r) => s + r.non2xx, 0)}`);
    console.log(`  CPU per request         ${fmt(cpuPerRequest.a, 1)} µs off, ${fmt(cpuPerRequest.b, 1)} µs on`);
    console.log(
      `  quota cost              ${fmt(cost * 100, 1)} % of throughput (median of the rounds' on/off ratios: ${ratios.map((r) => fmt((1 - r) * 100, 1)).join(' / ')} %), ` +
        `${fmt((cpuPerRequest.b / cpuPerRequest.a - 1) * 100, 1)} % more CPU per request (target ≤ 5 %)`,
    );
    return { offRps: rps.a, onRps: rps.b, cost };
  } finally {
    await on.stop();
    await off.stop();
  }
}
