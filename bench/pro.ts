import pg from 'pg';
import { fmt, load, startBenchServer, type BenchServer, type LoadResult } from './lib.js';

const BIG = Number(process.env.PRO_LOG_ROWS ?? 1_000_000);
const SMALL = 1_000;

/** Signs an agency up through the pro space's form, as a browser does; returns its session cookie. */
async function signUp(server: BenchServer, name: string): Promise<{ cookie: string }> {
  const form = await fetch(`${server.url}/pro/signup`);
  const formCookie = form.headers
    .getSetCookie()
    .find((c) => c.startsWith('ls_pro_form='))!
    .split(';')[0]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const email = `${name.toLowerCase()}-${Date.now()}@agence.example`;
  const response = await fetch(`${server.url}/pro/signup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: formCookie },
    body: new URLSearchParams({
      _csrf: csrf,
      agencyName: name,
      siren: '732829320',
      email,
      password: 'mot de passe du banc',
      plan: 'agence',
    }).toString(),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('ls_pro='))!
    .split(';')[0]!;
  return { cookie };
}

/** `rows` request-log lines over the last 7 days for the agency's keys, and their daily roll-ups, made in SQL. */
async function fillLog(db: pg.Client, agencyId: string, rows: number) {
  await db.query(
    `INSERT INTO request_log (at, agency_id, key_id, env, method, path, status, error_code, latency_ms, request_id)
     SELECT now() - make_interval(secs => (g * 604800.0 / $2)), $1, k.ids[1 + g % array_length(k.ids, 1)], 'test',
            CASE WHEN g % 5 = 0 THEN 'POST' ELSE 'GET' END, CASE WHEN g % 5 = 0 THEN '/sandbox/ingest/ingestListings' ELSE '/sandbox/v1/listings' END,
            CASE WHEN g % 50 = 0 THEN 429 ELSE 200 END, CASE WHEN g % 50 = 0 THEN 'rate_limit_exceeded' END, 20 + g % 80, 'req_' || g
     FROM generate_series(1, $2::int) g, (SELECT array_agg(id) AS ids FROM api_keys WHERE agency_id = $1) k`,
    [agencyId, rows],
  );
  await db.query(
    `INSERT INTO request_daily (agency_id, day, key_id, requests, failures, latency_ms_sum, listings)
     SELECT agency_id, (at AT TIME ZONE 'Europe/Paris')::date, key_id, count(*), count(*) FILTER (WHERE status >= 400), sum(latency_ms), count(*) FILTER (WHERE method = 'POST') * 500
     FROM request_log WHERE agency_id = $1 GROUP BY 1, 2, 3
     ON CONFLICT (agency_id, day, key_id) DO UPDATE SET requests = excluded.requests, failures = excluded.failures, latency_ms_sum = excluded.latency_ms_sum, listings = excluded.listings`,
    [agencyId],
  );
}

/**
 * Issue 17: /pro/api-keys with 1,000,000 request-log lines over 7 days for the agency's keys
 * against the same page with 1,000, in one run, at 10 connections. PostgreSQL only.
 */
export async function benchPro(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the pro-space benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench pro)');
    return undefined;
  }
  const server = await startBenchServer({ QUOTAS: '0' });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    const small = await signUp(server, 'Petite');
    const big = await signUp(server, 'Grande');
    const agencies = await db.query<{ id: string; name: string }>(`SELECT id, name FROM agencies WHERE name IN ('Petite', 'Grande')`);
    const idOf = (name: string) => agencies.rows.find((r) => r.name === name)!.id;
    for (const [name, count] of [
      ['Petite', 2],
      ['Grande', 2],
    ] as const) {
      for (let i = 0; i < count; i++)
        await db.query(
          `INSERT INTO api_keys (id, agency_id, env, name, key_hash, display, scopes) VALUES ($1, $2, 'test', $3, $4, 'svc_pk_TEST_xxxx…', '{listings:read}')`,
          [`key_bench${name}${i}`, idOf(name), `Clé ${i}`, `hash-${name}-${i}`],
        );
    }
    const started = performance.now();
    await fillLog(db, idOf('Petite'), SMALL);
    await fillLog(db, idOf('Grande'), BIG);
    await db.query('VACUUM ANALYZE request_log');
    await db.query('VACUUM ANALYZE request_daily');
    console.log(
      `  request log: ${fmt(SMALL)} lines for one agency, ${fmt(BIG)} for the other, over 7 days (made in SQL in ${fmt((performance.now() - started) / 1000, 1)} s)`,
    );

    const run = (cookie: string, duration = 10) =>
      load({ url: `${server.url}/pro/api-keys`, connections: 10, duration, headers: { cookie } });
    await run(small.cookie, 3);
    await run(big.cookie, 3);
    const results: Record<string, LoadResult[]> = { small: [], big: [] };
    for (let round = 0; round < 2; round++) {
      results.small!.push(await run(small.cookie));
      results.big!.push(await run(big.cookie));
    }
    const rps = (name: string) => results[name]!.reduce((s, r) => s + r.requestsPerSecond, 0) / results[name]!.length;
    const p99 = (name: string) => Math.max(...results[name]!.map((r) => r.p99));
    const p50 = (name: string) => Math.max(...results[name]!.map((r) => r.p50));
    const bad = (name: string) => results[name]!.reduce((s, r) => s + r.non2xx + r.errors, 0);
    console.log('  GET /pro/api-keys, 10 connections, 10 s runs, 2 rounds each');
    for (const [label, name] of [
      [`${fmt(SMALL)} lines`, 'small'],
      [`${fmt(BIG)} lines`, 'big'],
    ] as const) {
      console.log(
        `  ${label.padEnd(16)} ${fmt(rps(name)).padStart(6)} req/s  p50 ${p50(name)} ms  p99 ${p99(name)} ms  non-2xx ${bad(name)}`,
      );
    }
    const ratio = rps('small') / rps('big');
    console.log(
      `  server time with ${fmt(BIG)} lines against ${fmt(SMALL)}: ${fmt(ratio, 2)}× (target < 1.5×); p99 ${p99('big')} ms (target < 50 ms)`,
    );
    return { smallRps: rps('small'), bigRps: rps('big'), ratio, bigP99: p99('big') };
  } finally {
    await db.end();
    await server.stop();
  }
}
