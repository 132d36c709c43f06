import { adminCall, fmt, load, startBenchServer } from './lib.js';
import { v1Body } from '../test/helpers/v1.js';

const body = (externalId: string) =>
  v1Body(externalId, { description: 'Appartement traversant de 68 m², balcon, cave. DPE : C (150 kWh/m²/an). Contact : 06 12 34 56 78.' });

/**
 * Issue 4: GET /v1/listings/{id} and POST /v1/listings at 50 connections, and the GET as a
 * ratio of a bare route in the same process reading the same row by primary key.
 */
export async function benchV1(): Promise<Record<string, number>> {
  const server = await startBenchServer({ KEY_QUOTA_LIVE: '2000000000' }, [], process.cwd(), { benchRoutes: true });
  try {
    const agency = (await adminCall(server, 'POST', '/agencies', { name: 'Bench Réseau', plan: 'reseau', verified: true })) as {
      keys: { live: string };
    };
    const headers = { authorization: `Bearer ${agency.keys.live}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/v1/listings`, { method: 'POST', headers, body: JSON.stringify(body('BENCH-READ')) });
    const { serviceId } = (await created.json()) as { serviceId: string };
    const get = { url: `${server.url}/v1/listings/${serviceId}`, headers, connections: 50 };
    const bare = { url: `${server.url}/bench/raw-listing/${serviceId}`, connections: 50 };
    await load({ ...get, duration: 2 });
    await load({ ...bare, duration: 2 });
    const getRuns = [];
    const bareRuns = [];
    for (let i = 0; i < 2; i++) {
      bareRuns.push(await load(bare));
      getRuns.push(await load(get));
    }
    const avg = (runs: Array<{ requestsPerSecond: number }>) => runs.reduce((s, r) => s + r.requestsPerSecond, 0) / runs.length;
    const getRps = avg(getRuns);
    const bareRps = avg(bareRuns);
    let n = 0;
    const post = await load({
      url: `${server.url}/v1/listings`,
      method: 'POST',
      headers,
      connections: 50,
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(`BENCH-W-${n++}`)) }) }],
    });
    console.log(`  bare row read (same process)  ${fmt(bareRps)} req/s  p99 ${bareRuns[1]!.p99} ms`);
    console.log(
      `  GET /v1/listings/{id}         ${fmt(getRps)} req/s  p99 ${getRuns[1]!.p99} ms  non-2xx ${getRuns.reduce((s, r) => s + r.non2xx, 0)}`,
    );
    console.log(`  ratio                         ${fmt((getRps / bareRps) * 100, 1)} % of the bare read (target ≥ 80 %)`);
    console.log(`  POST /v1/listings (creates)   ${fmt(post.requestsPerSecond)} req/s  p99 ${post.p99} ms  non-2xx ${post.non2xx}`);
    return { getRps, bareRps, ratio: getRps / bareRps, postRps: post.requestsPerSecond, postP99: post.p99, getP99: getRuns[1]!.p99 };
  } finally {
    await server.stop();
  }
}
