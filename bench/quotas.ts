import { adminCall, fmt, load, startBenchServer } from './lib.js';

/**
 * Issue 5: what quota accounting costs, as the throughput of an authenticated GET /v1/me
 * with quotas on against the same server build with quotas off, measured in one run.
 * Quotas on uses a Réseau agency (no plan cap) and a large key quota so the run is never refused.
 */
export async function benchQuotas(): Promise<Record<string, number>> {
  const on = await startBenchServer({ QUOTAS: '1', KEY_QUOTA_LIVE: '2000000000' });
  const off = await startBenchServer({ QUOTAS: '0' });
  try {
    const keyFor = async (server: typeof on) => {
      const agency = (await adminCall(server, 'POST', '/agencies', { name: 'Bench Réseau', plan: 'reseau', verified: true })) as {
        keys: { live: string };
      };
      return agency.keys.live;
    };
    const onKey = await keyFor(on);
    const offKey = await keyFor(off);
    const run = (url: string, key: string, duration?: number) =>
      load({ url: `${url}/v1/me`, headers: { authorization: `Bearer ${key}` }, ...(duration ? { duration } : {}) });
    await run(on.url, onKey, 2);
    await run(off.url, offKey, 2);
    // Alternate the two, twice, so drift on the machine hits both alike.
    const onRuns = [];
    const offRuns = [];
    for (let i = 0; i < 2; i++) {
      offRuns.push(await run(off.url, offKey));
      onRuns.push(await run(on.url, onKey));
    }
    const onRps = onRuns.reduce((s, r) => s + r.requestsPerSecond, 0) / onRuns.length;
    const offRps = offRuns.reduce((s, r) => s + r.requestsPerSecond, 0) / offRuns.length;
    const cost = 1 - onRps / offRps;
    console.log(`  GET /v1/me, quotas off  ${fmt(offRps)} req/s  p99 ${offRuns[1]!.p99} ms`);
    console.log(
      `  GET /v1/me, quotas on   ${fmt(onRps)} req/s  p99 ${onRuns[1]!.p99} ms  non-2xx ${onRuns.reduce((s, r) => s + r.non2xx, 0)}`,
    );
    console.log(`  quota cost              ${fmt(cost * 100, 1)} % of throughput (target ≤ 5 %)`);
    return { offRps, onRps, cost };
  } finally {
    await on.stop();
    await off.stop();
  }
}
