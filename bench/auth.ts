import { fmt, load, startBenchServer } from './lib.js';

/**
 * Issue 2: what authentication and request logging cost per request, as the throughput of an
 * authenticated GET /v1/me against the unauthenticated /healthz of the same process.
 */
export async function benchAuth(): Promise<Record<string, number>> {
  // Quotas are measured on their own (bench/quotas.ts); here the demo key would run out in a second.
  const server = await startBenchServer({ QUOTAS: '0' });
  try {
    const headers = { authorization: `Bearer ${server.liveKey}` };
    await load({ url: `${server.url}/v1/me`, headers, duration: 2 }); // warm-up: JIT and key cache
    await load({ url: `${server.url}/healthz`, duration: 2 });
    const health = await load({ url: `${server.url}/healthz` });
    const me = await load({ url: `${server.url}/v1/me`, headers });
    const ratio = me.requestsPerSecond / health.requestsPerSecond;
    console.log(`  /healthz             ${fmt(health.requestsPerSecond)} req/s  p99 ${health.p99} ms`);
    console.log(`  GET /v1/me (auth)    ${fmt(me.requestsPerSecond)} req/s  p99 ${me.p99} ms  non-2xx ${me.non2xx}`);
    console.log(`  ratio                ${fmt(ratio * 100, 1)} % of /healthz (target ≥ 50 %)`);
    return { healthRps: health.requestsPerSecond, meRps: me.requestsPerSecond, ratio, meNon2xx: me.non2xx };
  } finally {
    await server.stop();
  }
}
