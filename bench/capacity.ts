import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { contactBurst, setUp, SmtpSink } from './mail.js';
import { siteItem } from './site.js';
import { addAgencies, multiplyListings } from './many-listings.js';
import { benchItem } from './ingest.js';
import { cpuSeconds, fmt, load, loadAverages, postgresCpu, startBenchServer, startFlags, type BenchServer } from './lib.js';
import { CITIES } from '../test/fixtures/sample-listings.js';

/**
 * Issue 32: the figures of the capacity plan (docs/capacity.md), as work per CPU second. The
 * machine is shared, so wall-clock rates move with the neighbours' load; the CPU time the
 * service's processes and PostgreSQL spent on a piece of work (from /proc) hardly does. Each
 * figure is split between the service (what more processes spread) and PostgreSQL (what only a
 * bigger or distributed primary, or replicas for reads, spread).
 *
 *   scripts/with-postgres.sh npm run bench capacity      (CAPACITY_LISTINGS, default 100,000)
 *   CAPACITY_ONLY=webhooks CAPACITY_LISTINGS=25000 scripts/with-postgres.sh npm run bench capacity
 *       (the pushes and the deliveries of the changes only, then each delivery's PostgreSQL CPU
 *       against the change's it announces)
 *
 * Phases, each with one kind of work on the machine: a nightly import (created), changed and
 * unchanged pushes; webhook deliveries and mails sent by a `listing-sync worker`; public pages
 * with the page cache off and on; then a month of request log, statistics, events and
 * deliveries added in SQL at the rates docs/capacity.md assumes, and the database's size.
 */
const LISTINGS = Number(process.env.CAPACITY_LISTINGS ?? 100_000);
const CHANGED = LISTINGS / 5;
const CONTACTS = 1_000;
/** What docs/capacity.md assumes per 100,000 listings: ~3,000 agencies of ~33 listings. */
const MONTH = { agencies: 3_000, requestsPerDay: 26_000, eventsPerDay: 12_000, deliveriesPerDay: 4_000, keysPerAgency: 1.5 };

interface Meter {
  what: string;
  units: number;
  wallSeconds: number;
  serviceCpu: number;
  databaseCpu: number;
  /** WAL the primary wrote: what a replica streams and a backup keeps. */
  walBytes: number;
}

/** How PostgreSQL's share is read: its CPU from /proc, and its WAL position. */
interface Database {
  cpu: () => number;
  wal: () => Promise<number>;
}

/** Runs `work` and charges it the CPU `pids` and PostgreSQL used meanwhile, and the WAL written. */
async function measure(what: string, pids: () => number[], database: Database, work: () => Promise<number>): Promise<Meter> {
  const service = () => pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const walBefore = await database.wal();
  const [serviceBefore, databaseBefore, started] = [service(), database.cpu(), performance.now()];
  const units = await work();
  const meter = {
    what,
    units,
    wallSeconds: (performance.now() - started) / 1000,
    serviceCpu: service() - serviceBefore,
    databaseCpu: database.cpu() - databaseBefore,
    walBytes: (await database.wal()) - walBefore,
  };
  const perCpu = (cpu: number) => (cpu > 0 ? fmt(units / cpu) : '—');
  console.log(
    `  ${what.padEnd(44)} ${fmt(units).padStart(7)} in ${fmt(meter.wallSeconds, 1).padStart(5)} s (${fmt(units / meter.wallSeconds).padStart(6)}/s)  ` +
      `CPU service ${fmt(meter.serviceCpu, 1)} s, PostgreSQL ${fmt(meter.databaseCpu, 1)} s  → per CPU second: service ${perCpu(meter.serviceCpu)}, ` +
      `PostgreSQL ${perCpu(meter.databaseCpu)}, both ${perCpu(meter.serviceCpu + meter.databaseCpu)}; WAL ${fmt(meter.walBytes / units / 1024, 1)} KiB each  (load ${loadAverages()})`,
  );
  return meter;
}

async function push(server: BenchServer, from: number, to: number, variant: number): Promise<number> {
  for (let offset = from; offset < to; offset += 500) {
    const listings = Array.from({ length: Math.min(500, to - offset) }, (_, k) => {
      // A description of the usual length (~1,500 characters, with the contact details the rules mask).
      const item = { ...siteItem(offset + k), description: benchItem(offset + k, 'C').description };
      return variant ? { ...item, price: item.price + variant * 1000, description: `${item.description} Passage ${variant}.` } : item;
    });
    const response = await fetch(`${server.url}/ingest/ingestListings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listings }),
    });
    const body = (await response.json()) as { errors: unknown[] };
    if (response.status !== 200 || body.errors.length)
      throw new Error(`push failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return to - from;
}

/** A webhook receiver answering 200 at once, counting what arrives. */
class Sink {
  received = 0;
  private server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      this.received++;
      response.writeHead(200).end('ok');
    });
  });
  async start() {
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

async function until(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * CAPACITY_STATEMENTS=1, with PG_EXTRA="-c shared_preload_libraries=pg_stat_statements -c
 * pg_stat_statements.track_planning=on": the statements that cost PostgreSQL most from now to the
 * call of the function returned.
 */
async function topStatements(db: pg.Client): Promise<(() => Promise<void>) | null> {
  if (process.env.CAPACITY_STATEMENTS !== '1') return null;
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
  return async () => {
    // Buffers touched and WAL records move with the work done, not with the neighbours' load as times do.
    const { rows } = await db.query<{
      ms: number;
      plan_ms: number;
      calls: string;
      rows: string;
      buffers: string;
      wal: string;
      query: string;
    }>(
      `SELECT total_exec_time AS ms, total_plan_time AS plan_ms, calls, rows, shared_blks_hit + shared_blks_read AS buffers, wal_records AS wal, query
       FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 10`,
    );
    const { rows: total } = await db.query<{ buffers: string; wal: string }>(
      `SELECT sum(shared_blks_hit + shared_blks_read) AS buffers, sum(wal_records) AS wal FROM pg_stat_statements`,
    );
    console.log(`    all statements: ${fmt(Number(total[0]!.buffers))} buffers touched, ${fmt(Number(total[0]!.wal))} WAL records`);
    for (const row of rows)
      console.log(
        `    ${fmt(row.ms).padStart(7)} ms + plan ${fmt(row.plan_ms).padStart(6)} ms, ${row.calls} calls, ${row.rows} rows, ${row.buffers} buffers, ${row.wal} WAL records: ${row.query.replace(/\s+/g, ' ').slice(0, 120)}`,
      );
  };
}

/** Until PostgreSQL spends under 5 % of a core over two seconds: the background work is done. */
async function untilIdle(database: Database) {
  for (let busy = Infinity; busy > 0.1;) {
    const before = database.cpu();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    busy = database.cpu() - before;
  }
}

/** `listing-sync worker` on the benchmark's database; resolves once it runs. */
async function startWorker(databaseUrl: string, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_ROOT: the worker of that checkout's build, as startBenchServer serves it (before/after).
  const root = process.env.BENCH_ROOT ?? process.cwd();
  const worker = spawn(process.execPath, [...startFlags(root), join(root, 'dist/src/main/cli/main.js'), 'worker'], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', DEMO: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    worker.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('worker running')) resolve();
    });
    worker.on('exit', (code) => reject(new Error(`worker exited with ${code}: ${output}`)));
  });
  return worker;
}

async function stopWorker(worker: ChildProcess) {
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
}

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;

/** Public pages at 20 connections for 10 s: listing pages, searches and the home page. */
async function pages(server: BenchServer, ids: string[], kind: 'listing' | 'search' | 'home'): Promise<number> {
  const path = {
    listing: () => `/listings/${pick(ids)}`,
    search: () =>
      `/listings?city=${encodeURIComponent(pick(CITIES)[0])}&transaction=${pick(['sale', 'rental'])}&sort=${pick(['price_asc', 'newest'])}`,
    home: () => '/',
  }[kind];
  const result = await load({
    url: server.url,
    connections: 20,
    duration: 10,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  if (result.non2xx || result.errors) throw new Error(`${kind} pages: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requestsPerSecond * 10;
}

/** Page-cache hits and lookups of a server with METRICS_TOKEN, from /metrics. */
async function cacheLookups(server: BenchServer, token: string) {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const value = (result: string) =>
    Number(new RegExp(`listing_sync_page_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hits: value('hit') + value('stale'), lookups: value('hit') + value('stale') + value('miss') };
}

/** A month of what the service keeps, at docs/capacity.md's rates per 100,000 listings, written in SQL. */
async function addMonth(db: pg.Client, agencyId: string, scale: number) {
  const month = {
    agencies: Math.round(MONTH.agencies * scale),
    requests: Math.round(MONTH.requestsPerDay * 30 * scale),
    events: Math.round(MONTH.eventsPerDay * 30 * scale),
    deliveries: Math.round(MONTH.deliveriesPerDay * 30 * scale),
  };
  await addAgencies(db, 'agc_month', month.agencies);
  // One line per authenticated call, spread over the agencies and the 30 days, as the request log writes them.
  await db.query(
    `INSERT INTO request_log (at, agency_id, key_id, env, method, path, status, error_code, latency_ms, request_id)
     SELECT now() - (g % 2592000) * interval '1 second', 'agc_month' || (1 + g % $2), 'key_month' || (1 + g % $2), 'live',
            (ARRAY['POST', 'GET', 'PUT', 'GET'])[1 + g % 4],
            (ARRAY['/ingest/ingestListings', '/ingest/agencyListings', '/v1/listings/lst_VcBTrbU0uX23cuw5EAC', '/v1/listings'])[1 + g % 4],
            CASE WHEN g % 50 = 0 THEN 422 ELSE 200 END, CASE WHEN g % 50 = 0 THEN 'validation_error' END,
            (g % 400) / 3.0, 'req_' || md5(g::text)
     FROM generate_series(1, $1) g`,
    [month.requests, month.agencies],
  );
  // Its daily roll-up: a row per agency, day and key.
  await db.query(
    `INSERT INTO request_daily (agency_id, day, key_id, requests, failures, latency_ms_sum, listings)
     SELECT 'agc_month' || a, current_date - d, 'key_month' || a || '_' || k, 9, 0, 420.5, 33
     FROM generate_series(1, $1) a, generate_series(0, 29) d, generate_series(1, 2) k WHERE k = 1 OR a % 2 = 0`,
    [month.agencies],
  );
  // Events: a month's changes, beyond those the pushes above wrote (kept 30 days), copies of real ones.
  const { rows: had } = await db.query<{ n: string }>('SELECT count(*) AS n FROM events');
  const moreEvents = Math.max(0, month.events - Number(had[0]!.n));
  await db.query(
    `INSERT INTO events (agency_id, env, position, id, type, listing_id, data, at)
     SELECT e.agency_id, e.env, e.position + 1000000000 + g, 'evt_month_' || g, e.type, e.listing_id, e.data, e.at - (g % 2592000) * interval '1 second'
     FROM generate_series(1, $1) g, LATERAL (SELECT * FROM events WHERE agency_id = $2 AND type = 'listing.updated' LIMIT 1) e`,
    [moreEvents, agencyId],
  );
  // Deliveries and their attempts, kept 30 days: copies of a real one.
  const { rows: delivered } = await db.query<{ n: string }>('SELECT count(*) AS n FROM webhook_deliveries');
  const moreDeliveries = Math.max(0, month.deliveries - Number(delivered[0]!.n));
  await db.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, state, attempts, next_attempt_at, event_at, created_at, finished_at)
     SELECT 'whd_month_' || g, d.endpoint_id, 'evt_month_' || g, d.event_type, d.payload, 'succeeded', 1, NULL, d.event_at, d.created_at, d.finished_at
     FROM generate_series(1, $1) g, LATERAL (SELECT * FROM webhook_deliveries WHERE state = 'succeeded' LIMIT 1) d`,
    [moreDeliveries],
  );
  await db.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, at, status, error, latency_ms, response)
     SELECT 'whd_month_' || g, 1, a.at, a.status, a.error, a.latency_ms, a.response
     FROM generate_series(1, $1) g, LATERAL (SELECT * FROM webhook_attempts LIMIT 1) a`,
    [moreDeliveries],
  );
  return month;
}

/** Each table's size with its indexes and TOAST, largest first, and the database's. */
async function sizes(db: pg.Client) {
  await db.query('VACUUM ANALYZE');
  const { rows } = await db.query<{ name: string; rows: string; table: string; indexes: string; total: string }>(
    `SELECT c.relname AS name, c.reltuples::bigint AS rows,
            pg_table_size(c.oid) AS table, pg_indexes_size(c.oid) AS indexes, pg_total_relation_size(c.oid) AS total
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = 'public' ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  const { rows: database } = await db.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
  return { tables: rows, database: Number(database[0]!.size) };
}

const mib = (bytes: number | string) => fmt(Number(bytes) / 2 ** 20, 1);

export async function benchCapacity() {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: needs a PostgreSQL server on this machine (scripts/with-postgres.sh npm run bench capacity)');
    return;
  }
  console.log(`  ${fmt(LISTINGS)} listings; load average at start ${loadAverages()}`);
  const mailSink = new SmtpSink();
  const smtpUrl = await mailSink.start();
  const hooks = new Sink();
  const hook = await hooks.start();
  const token = 'capacity-metrics-token-0123456789';
  // Pushes and pages on a server that runs no background work; a worker runs it, measured apart.
  const server = await startBenchServer({ QUOTAS: '0', WORKER: '0', SITE_CACHE_MS: '0', WEBHOOK_ALLOW_PRIVATE: '1' });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  const database: Database = {
    cpu: await postgresCpu(db),
    wal: async () => Number((await db.query<{ bytes: string }>(`SELECT pg_current_wal_lsn() - '0/0' AS bytes`)).rows[0]!.bytes),
  };
  const only = (child: ChildProcess) => () => [child.pid!];
  const results: Record<string, Meter> = {};
  try {
    results.created = await measure('push: new listings (nightly import)', only(server.child), database, () =>
      push(server, 0, LISTINGS, 0),
    );
    const subscribed = await fetch(`${server.url}/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: hook }),
    });
    if (subscribed.status !== 201) throw new Error(`subscription: ${subscribed.status} ${await subscribed.text()}`);
    const { webhookId } = (await subscribed.json()) as { webhookId: string };
    results.updated = await measure('push: changed listings', only(server.child), database, () => push(server, 0, CHANGED, 1));
    const webhooksOnly = process.env.CAPACITY_ONLY === 'webhooks';
    if (!webhooksOnly)
      results.unchanged = await measure('push: unchanged listings', only(server.child), database, () => push(server, 0, CHANGED, 1));

    // Webhook deliveries of the changes, by a worker alone on the machine's work. The outbox's
    // other followers (keyword index, relay, alerts) catch up first, with deliveries off: in the
    // measurement they would charge their work on the pushes' events to the deliveries.
    const settling = await startWorker(server.databaseUrl!, { WEBHOOK_DELIVERY: '0', SMTP_URL: smtpUrl });
    await untilIdle(database);
    await stopWorker(settling);
    const statements = await topStatements(db);
    let worker = await startWorker(server.databaseUrl!, { WEBHOOK_ALLOW_PRIVATE: '1', SMTP_URL: smtpUrl });
    results.webhooks = await measure('webhook deliveries (worker)', only(worker), database, async () => {
      await until('deliveries', () => hooks.received >= CHANGED);
      // A change may bring more than one event (listing.published with listing.updated): until none comes.
      for (let seen = -1; seen !== hooks.received;) {
        seen = hooks.received;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      return hooks.received;
    });
    await stopWorker(worker);
    await statements?.();
    const perUnit = (meter: Meter) => (meter.databaseCpu / meter.units) * 1000;
    console.log(
      `  PostgreSQL CPU: a delivery ${fmt(perUnit(results.webhooks), 3)} ms, the change it announces ${fmt(perUnit(results.updated), 3)} ms: ` +
        `${fmt(perUnit(results.webhooks) / perUnit(results.updated), 2)}×`,
    );
    if (webhooksOnly) return results;
    // The contacts below would be delivered too (lead.received): the mails are measured alone.
    await fetch(`${server.url}/v1/webhooks/${webhookId}`, { method: 'DELETE', headers: { authorization: `Bearer ${server.liveKey}` } });

    // Mails: contacts through the site's form (3 mails each) while no worker runs, then the worker sends them.
    const serviceId = await setUp(server, db);
    results.contacts = await measure('contact form posts (server)', only(server.child), database, async () => {
      const burst = await contactBurst(server, database.cpu, serviceId, CONTACTS, 3);
      return [...burst.statuses].reduce((sum, [status, n]) => sum + (status < 400 ? n : 0), 0);
    });
    const { rows: queued } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM mails WHERE state = 'queued'`);
    worker = await startWorker(server.databaseUrl!, { WEBHOOK_ALLOW_PRIVATE: '1', SMTP_URL: smtpUrl });
    results.mails = await measure('mails sent over SMTP (worker)', only(worker), database, async () => {
      await mailSink.waitFor(Number(queued[0]!.n));
      return mailSink.acceptedAt.size;
    });
    await stopWorker(worker);

    // Pages: the rules hold some generated listings for review; approved in SQL, as the site benchmark does.
    await db.query(
      `UPDATE listings SET moderation_state = 'approved', moderation_reasons = '[]', decided_at = now(), published_version = version,
         published_content = NULL, published_title = NULL, published_description = NULL, first_published_at = coalesce(first_published_at, now())
       WHERE env = 'live' AND moderation_state <> 'approved'`,
    );
    await db.query('VACUUM ANALYZE listings');
    const ids = (await db.query<{ id: string }>('SELECT id FROM public_listings')).rows.map((row) => row.id);
    const cached = await startBenchServer({ DATABASE_URL: server.databaseUrl!, DEMO: '0', QUOTAS: '0', WORKER: '0', METRICS_TOKEN: token });
    try {
      for (const kind of ['listing', 'search', 'home'] as const) {
        await pages(server, ids, kind); // warm-up: JIT, plans
        results[`${kind}Off`] = await measure(`${kind} pages, page cache off`, only(server.child), database, () =>
          pages(server, ids, kind),
        );
        await pages(cached, ids, kind);
        const before = await cacheLookups(cached, token);
        results[`${kind}On`] = await measure(`${kind} pages, page cache on (5 s)`, only(cached.child), database, () =>
          pages(cached, ids, kind),
        );
        const after = await cacheLookups(cached, token);
        console.log(
          `    page cache hits: ${fmt(((after.hits - before.hits) / Math.max(1, after.lookups - before.lookups)) * 100, 1)} % of lookups`,
        );
      }
    } finally {
      await cached.stop();
    }

    const month = await addMonth(db, server.agencyId, LISTINGS / 100_000);
    const { tables, database: databaseBytes } = await sizes(db);
    console.log(
      `  database after a month at ${fmt(LISTINGS)} listings (${fmt(month.agencies)} agencies, ${fmt(month.requests)} request-log lines, ` +
        `${fmt(month.events)} events, ${fmt(month.deliveries)} webhook deliveries): ${mib(databaseBytes)} MiB`,
    );
    console.log('    table                        rows        table MiB   indexes MiB   total MiB');
    for (const table of tables.filter((t) => Number(t.total) > 256 * 1024))
      console.log(
        `    ${table.name.padEnd(26)} ${fmt(Number(table.rows)).padStart(10)} ${mib(table.table).padStart(12)} ${mib(table.indexes).padStart(13)} ${mib(table.total).padStart(11)}`,
      );

    // A city with ten times as many listings: the pages again, the page cache off.
    const times = Number(process.env.CAPACITY_TIMES ?? 10);
    if (times > 1) {
      await multiplyListings(db, server.agencyId, times, month.agencies);
      const many = (await db.query<{ id: string }>('SELECT id FROM public_listings')).rows.map((row) => row.id);
      const { rows: listingsSize } = await db.query<{ total: string }>(`SELECT pg_total_relation_size('listings') AS total`);
      console.log(
        `  ${fmt(many.length)} public listings after copying them in SQL (×${times}): listings table ${mib(listingsSize[0]!.total)} MiB with its indexes`,
      );
      for (const kind of ['listing', 'search'] as const) {
        await pages(server, many, kind);
        results[`${kind}Off${times}`] = await measure(`${kind} pages, cache off, ×${times} listings`, only(server.child), database, () =>
          pages(server, many, kind),
        );
      }
    }
    return results;
  } finally {
    await db.end();
    await server.stop();
    await hooks.close();
    await mailSink.close();
  }
}
