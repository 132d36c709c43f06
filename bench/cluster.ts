import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { cpuSeconds, fmt, load, loadAverages, postgresCpu, type LoadResult } from './lib.js';
import { siteItem } from './site.js';
import { allUp, fleetFromEnv, haproxyCommand, pidOf, serverStats, type Fleet } from '../test/helpers/cluster.js';
import { CITIES } from '../test/fixtures/sample-listings.js';

const LISTINGS = 10_000;
const SECONDS = 8;
const ROUNDS = 2;
const CONNECTIONS = 24;

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;

/** An agency with a LIVE key, made through HAProxy with the operator API. */
async function agency(fleet: Fleet): Promise<{ agencyId: string; key: string }> {
  const response = await fetch(`${fleet.url}/admin/api/agencies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fleet.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Agence du banc', plan: 'agence', verified: true }),
  });
  if (response.status !== 201) throw new Error(`agency: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { agencyId: string; keys: { live: string } };
  return { agencyId: body.agencyId, key: body.keys.live };
}

/** Only the first `count` servers in rotation (the others in maintenance), once HAProxy has them all UP. */
async function inRotation(fleet: Fleet, count: number) {
  for (const { name } of fleet.servers) await haproxyCommand(fleet, `set server servers/${name} state ready`);
  await allUp(fleet);
  for (const { name } of fleet.servers.slice(count)) await haproxyCommand(fleet, `set server servers/${name} state maint`);
}

/**
 * Issue 32: the same load through HAProxy with one server process in rotation and with three
 * (scripts/cluster.sh; the others are put in maintenance through HAProxy's runtime API), rounds
 * alternating so a neighbour's load falls on both alike. On this 2-core machine three processes
 * cannot do much more than one: what matters is that the throughput does not fall, nothing
 * fails, and the CPU each request costs stays the same.
 *
 *   QUOTAS=0 SITE_CACHE_MS=0 scripts/with-replica.sh scripts/cluster.sh node --import tsx bench/run.ts cluster
 */
export async function benchCluster() {
  const fleet = fleetFromEnv();
  if (!fleet || !process.env.DATABASE_URL) {
    console.log(
      '  skipped: runs inside scripts/cluster.sh (QUOTAS=0 SITE_CACHE_MS=0 scripts/with-replica.sh scripts/cluster.sh node --import tsx bench/run.ts cluster)',
    );
    return;
  }
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const replica = process.env.DATABASE_READ_URL ? new pg.Client({ connectionString: process.env.DATABASE_READ_URL }) : null;
  await replica?.connect();
  try {
    const { key } = await agency(fleet);
    for (let offset = 0; offset < LISTINGS; offset += 500) {
      const listings = Array.from({ length: 500 }, (_, k) => siteItem(offset + k));
      const response = await fetch(`${fleet.url}/ingest/ingestListings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ listings }),
      });
      if (response.status !== 200) throw new Error(`push: ${response.status} ${await response.text()}`);
    }
    // The rules hold some generated listings for review: approved in SQL, as the site benchmark does.
    await db.query(
      `UPDATE listings SET moderation_state = 'approved', moderation_reasons = '[]', decided_at = now(), published_version = version,
         published_content = NULL, published_title = NULL, published_description = NULL, first_published_at = coalesce(first_published_at, now())
       WHERE env = 'live' AND moderation_state <> 'approved'`,
    );
    await db.query('VACUUM ANALYZE listings');
    const ids = (await db.query<{ id: string }>('SELECT id FROM public_listings')).rows.map((row) => row.id);
    const workloads = {
      'GET /v1/me': { path: () => '/v1/me', headers: { authorization: `Bearer ${key}` } },
      'listing page': { path: () => `/listings/${pick(ids)}`, headers: {} },
      'search page': {
        path: () => `/listings?city=${encodeURIComponent(pick(CITIES)[0])}&transaction=sale&sort=${pick(['price_asc', 'newest'])}`,
        headers: {},
      },
    };
    // Connections HAProxy opened to the servers: a request that cannot reuse one pays for a new one.
    const connects = async () => Object.values(await serverStats(fleet)).reduce((sum, server) => sum + Number(server.connect || 0), 0);
    const meters = {
      service: () => fleet.servers.reduce((sum, { name }) => sum + cpuSeconds(pidOf(fleet, name)), 0),
      haproxy: () => cpuSeconds(Number(readFileSync(join(fleet.dir, 'haproxy.pid'), 'utf8'))),
      primary: await postgresCpu(db),
      replica: replica ? await postgresCpu(replica) : () => 0,
    };
    type Kind = keyof typeof workloads;
    const results = new Map<string, { runs: LoadResult[]; cpu: Record<keyof typeof meters, number>; requests: number; connects: number }>();
    console.log(
      `  ${fmt(ids.length)} public listings; ${CONNECTIONS} connections through HAProxy, ${SECONDS} s runs, ${ROUNDS} rounds alternating 1 and 3 processes; load ${loadAverages()}`,
    );
    for (const [kind, workload] of Object.entries(workloads)) {
      await inRotation(fleet, fleet.servers.length);
      await load({
        url: fleet.url,
        connections: CONNECTIONS,
        duration: 3,
        requests: [{ headers: workload.headers, setupRequest: (r) => ({ ...r, path: workload.path() }) }],
      });
      for (let round = 0; round < ROUNDS; round++) {
        for (const count of round % 2 === 0 ? [1, fleet.servers.length] : [fleet.servers.length, 1]) {
          await inRotation(fleet, count);
          const before = Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, meter()])) as Record<
            keyof typeof meters,
            number
          >;
          const connectsBefore = await connects();
          const result = await load({
            url: fleet.url,
            connections: CONNECTIONS,
            duration: SECONDS,
            requests: [{ headers: workload.headers, setupRequest: (r) => ({ ...r, path: workload.path() }) }],
          });
          const entry = results.get(`${kind}/${count}`) ?? {
            runs: [],
            cpu: { service: 0, haproxy: 0, primary: 0, replica: 0 },
            requests: 0,
            connects: 0,
          };
          entry.runs.push(result);
          entry.requests += result.requestsPerSecond * SECONDS;
          entry.connects += (await connects()) - connectsBefore;
          for (const [name, meter] of Object.entries(meters))
            entry.cpu[name as keyof typeof meters] += meter() - before[name as keyof typeof meters];
          results.set(`${kind}/${count}`, entry);
        }
      }
    }
    await inRotation(fleet, fleet.servers.length);
    const summary: Record<string, number> = {};
    for (const kind of Object.keys(workloads) as Kind[]) {
      const rps: number[] = [];
      for (const count of [1, fleet.servers.length]) {
        const { runs, cpu, requests, connects: opened } = results.get(`${kind}/${count}`)!;
        const mean = runs.reduce((sum, r) => sum + r.requestsPerSecond, 0) / runs.length;
        rps.push(mean);
        const failed = runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
        const per = (seconds: number) => fmt((seconds / requests) * 1e6);
        console.log(
          `  ${kind.padEnd(13)} ${count} process${count > 1 ? 'es' : '  '}  ${runs
            .map((r) => fmt(r.requestsPerSecond))
            .join(' / ')
            .padStart(13)} req/s (mean ${fmt(mean).padStart(5)})  ` +
            `p99 ${Math.max(...runs.map((r) => r.p99))} ms  failed ${failed}  CPU per request: service ${per(cpu.service)} µs, HAProxy ${per(cpu.haproxy)} µs, ` +
            `primary ${per(cpu.primary)} µs, replica ${per(cpu.replica)} µs; server connections opened ${fmt(opened)}`,
        );
        summary[`${kind} ${count}`] = mean;
        summary[`${kind} ${count} failed`] = failed;
      }
      console.log(`  ${kind.padEnd(13)} 3 processes / 1: ${fmt(rps[1]! / rps[0]!, 2)}×`);
    }
    console.log(`  load average at the end ${loadAverages()}`);
    return summary;
  } finally {
    await db.end();
    await replica?.end();
  }
}
