import pg from 'pg';
import { adminCall, fmt, load, startBenchServer, type BenchServer, type LoadResult } from './lib.js';
import { benchItem } from './ingest.js';

const TOTAL = Number(process.env.ADMIN_LISTINGS ?? 1_000_000);
const WAITING = Number(process.env.ADMIN_WAITING ?? 10_000);

/**
 * Copies of a pushed listing, made in SQL (a million pushes would take the benchmark's whole
 * time): the first `waiting` wait in the queue, submitted over the last two days; the others
 * are approved and sold, as most of a mature service's rows are.
 */
async function populate(db: pg.Client, agencyId: string, template: string) {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'listings' ORDER BY ordinal_position`,
  );
  const overrides: Record<string, string> = {
    id: `'lst_adm' || lpad(g::text, 9, '0')`,
    external_id: `'ADMIN-' || g`,
    status: `CASE WHEN g <= $3 THEN 'active' ELSE 'sold' END`,
    moderation_state: `CASE WHEN g <= $3 THEN 'pending' ELSE 'approved' END`,
    published_version: `CASE WHEN g <= $3 THEN NULL ELSE t.version END`,
    updated_at: `now() - make_interval(secs => (g % 172800))`,
    change_seq: `t.change_seq + g`,
  };
  const columns = rows.map((r) => r.column_name);
  const select = columns.map((c) => overrides[c] ?? `t.${c}`).join(', ');
  await db.query(
    `INSERT INTO listings (${columns.join(', ')}) SELECT ${select} FROM listings t, generate_series(1, $2::int) g WHERE t.id = $1 AND t.agency_id = $4`,
    [template, TOTAL, WAITING, agencyId],
  );
  await db.query('VACUUM ANALYZE listings');
}

async function operatorCookie(server: BenchServer): Promise<string> {
  const email = `bench-${Date.now()}@listing-sync.example`;
  const password = 'benchmark operator password';
  await adminCall(server, 'POST', '/operators', { email, password });
  const form = await fetch(`${server.url}/admin/login`);
  const loginCookie = (form.headers.getSetCookie().find((c) => c.startsWith('ls_admin_login=')) ?? '').split(';')[0]!;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!;
  const signedIn = await fetch(`${server.url}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: loginCookie },
    body: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
  });
  if (signedIn.status !== 303) throw new Error(`sign-in failed: ${signedIn.status}`);
  return signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('ls_admin='))!
    .split(';')[0]!;
}

/** Issue 18: the back-office's queue page with 10,000 waiting listings among 1,000,000, at 10 connections. PostgreSQL only. */
export async function benchAdmin(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the back-office benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench admin)');
    return undefined;
  }
  const server = await startBenchServer({ QUOTAS: '0' });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    await fetch(`${server.url}/ingest/ingestListings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listings: [benchItem(0, 'TEMPLATE')] }),
    });
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM listings WHERE external_id = 'TEMPLATE-0'`);
    const started = performance.now();
    await populate(db, server.agencyId, rows[0]!.id);
    const counts = await db.query<{ total: number; waiting: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE moderation_state = 'pending')::int AS waiting FROM listings`,
    );
    console.log(
      `  ${fmt(counts.rows[0]!.total)} listings, ${fmt(counts.rows[0]!.waiting)} waiting (made in SQL in ${fmt((performance.now() - started) / 1000, 1)} s)`,
    );

    const cookie = await operatorCookie(server);
    const waitingIds = (await db.query<{ id: string }>(`SELECT id FROM listings WHERE moderation_state = 'pending' LIMIT 2000`)).rows.map(
      (r) => r.id,
    );
    const pick = () => waitingIds[Math.floor(Math.random() * waitingIds.length)]!;
    const run = (path: () => string, duration = 10) =>
      load({
        url: server.url,
        connections: 10,
        duration,
        headers: { cookie },
        requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
      });
    const pages: Record<string, () => string> = {
      'GET /admin/moderation (queue, first page)': () => '/admin/moderation',
      'GET /admin/moderation/{serviceId} (review)': () => `/admin/moderation/${pick()}`,
      'GET /admin (health)': () => '/admin',
    };
    const results: Record<string, LoadResult> = {};
    for (const path of Object.values(pages)) await run(path, 3); // warm-up
    for (const [name, path] of Object.entries(pages)) results[name] = await run(path);
    console.log('  10 connections, 10 s each, signed in as an operator');
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `  ${name.padEnd(44)} ${fmt(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx + r.errors}`,
      );
    }
    const queue = results['GET /admin/moderation (queue, first page)']!;
    console.log(`  queue page p99 ${queue.p99} ms (target < 50 ms)`);
    return {
      queueRps: queue.requestsPerSecond,
      queueP99: queue.p99,
      reviewP99: results['GET /admin/moderation/{serviceId} (review)']!.p99,
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
