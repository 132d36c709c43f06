import { loadavg } from 'node:os';
import pg from 'pg';
import { fmt, startBenchServer, type BenchServer } from './lib.js';
import { bareUpserter, median, pushOnce } from './ingest.js';
import { SmtpSink } from './mail.js';
import { openDatabase } from '../src/platform/db/open.js';
import { matchNewListings } from '../src/domain/alerts/matcher.js';
import type { SearchFilters } from '../src/domain/public-listings/model.js';
import {
  SAVED_SEARCH_COLUMNS,
  savedSearchKey,
  savedSearchParams,
  savedSearchValuesSql,
} from '../src/domain/public-listings/saved-search.js';
import { searchPath } from '../src/edge/site/search-query.js';
import { alertLabel } from '../src/edge/site/alerts/alert-search.js';

/** `ALERTS=n` in the environment: how many confirmed alerts (default 100,000). */
const ALERTS = Number(process.env.ALERTS ?? 100_000);
/** Communes the alerts are spread over; a push covers a region of REGION of them. */
const COMMUNES = 200;
const REGION = 25;
const ROUNDS = 9;

/** A deterministic pseudo-random sequence, so that two runs measure the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Commune `k`: a name and its postcodes (five, as a city has several), whose first two digits are its department. */
const commune = (k: number) => ({
  city: `Commune ${k}`,
  postcode: (j: number) => `${10 + (k % 85)}${String(Math.floor(k / 85)).padStart(2, '0')}${j % 5}`,
});

/** The filters of alert `i`: a commune by name (61 %), postcode (25 %) or department (12 %), or anywhere (2 %); prices, rooms, classes. */
function alertFilters(next: () => number): SearchFilters {
  const { city, postcode } = commune(Math.floor(next() * COMMUNES));
  const filters: SearchFilters = {};
  const place = next();
  if (place < 0.61) filters.city = city;
  else if (place < 0.86) filters.postcode = postcode(Math.floor(next() * 5));
  else if (place < 0.98) filters.postcode = postcode(0).slice(0, 2);
  const sale = next() < 0.7;
  filters.transaction = sale ? 'sale' : 'rental';
  const category = next();
  if (category < 0.5) filters.category = 'apartment';
  else if (category < 0.85) filters.category = 'house';
  if (next() < 0.8) filters.priceMax = sale ? 150_000 + Math.floor(next() * 14) * 50_000 : 500 + Math.floor(next() * 9) * 250;
  if (next() < 0.3) filters.priceMin = sale ? 50_000 + Math.floor(next() * 4) * 25_000 : 300;
  if (filters.priceMin !== undefined && filters.priceMax !== undefined && filters.priceMin > filters.priceMax) delete filters.priceMin;
  if (next() < 0.5) filters.roomsMin = 1 + Math.floor(next() * 5);
  if (next() < 0.3) filters.surfaceMin = 20 + Math.floor(next() * 10) * 10;
  if (next() < 0.2) filters.dpeMax = (['C', 'D', 'E'] as const)[Math.floor(next() * 3)]!;
  return filters;
}

/**
 * Writes `ALERTS` confirmed alerts straight into the database, as the form and the confirmation
 * would have (same columns, through saved-search.ts): half immediate, half daily, three per
 * address; identical searches share their row, as the service shares them.
 */
export async function seedAlerts(db: pg.Client): Promise<{ alerts: number; searches: number }> {
  const next = random(20_261_127);
  const searches = new Map<string, { filters: SearchFilters; id?: number }>();
  const alerts: Array<{ email: string; key: string; frequency: string }> = [];
  for (let i = 0; i < ALERTS; i++) {
    const filters = alertFilters(next);
    const key = savedSearchKey(filters);
    if (!searches.has(key)) searches.set(key, { filters });
    alerts.push({ email: `abonne-${Math.floor(i / 3)}@alertes.example`, key, frequency: i % 2 ? 'daily' : 'immediate' });
  }
  const entries = [...searches];
  const now = new Date();
  for (let start = 0; start < entries.length; start += 1000) {
    const chunk = entries.slice(start, start + 1000);
    const params: unknown[] = [now];
    const rows = chunk.map(([key, { filters }]) => {
      const first = params.length + 1;
      params.push(key, key, searchPath(filters), alertLabel(filters), ...savedSearchParams(filters));
      return `($${first}::jsonb, $${first + 1}, $${first + 2}, $${first + 3}, $1, ${savedSearchValuesSql(first + 4)})`;
    });
    const { rows: made } = await db.query<{ id: string; criteria_key: string }>(
      `INSERT INTO alert_searches (criteria, criteria_key, path, label, created_at, ${SAVED_SEARCH_COLUMNS}) VALUES ${rows.join(', ')}
       RETURNING id, criteria_key`,
      params,
    );
    for (const row of made) searches.get(row.criteria_key)!.id = Number(row.id);
  }
  const day = new Date(now.getTime() - 24 * 3_600_000);
  for (let start = 0; start < alerts.length; start += 10_000) {
    const chunk = alerts.slice(start, start + 10_000);
    await db.query(
      `INSERT INTO alerts (email, search_id, frequency, created_at, confirmed_at)
       SELECT a.email, a.search_id, a.frequency, $4, $4 FROM unnest($1::text[], $2::bigint[], $3::text[]) AS a(email, search_id, frequency)
       ON CONFLICT (email, search_id) DO NOTHING`,
      [chunk.map((a) => a.email), chunk.map((a) => searches.get(a.key)!.id), chunk.map((a) => a.frequency), day],
    );
  }
  // As autovacuum would soon after such a load: statistics, and the visibility map index-only reads rely on.
  await db.query('VACUUM ANALYZE alert_searches');
  await db.query('VACUUM ANALYZE alerts');
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alerts');
  return { alerts: rows[0]!.n, searches: searches.size };
}

const TYPES = ['APPARTEMENT', 'MAISON', 'DUPLEX', 'LOFT'] as const;
const CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;

/**
 * New listing `i` of push `n`: one of the region's communes, a quarter for rent, plausible prices
 * and surfaces that vary from push to push, so that the duplicate rule holds few of them back.
 */
function alertItem(i: number, prefix: string, n: number) {
  const { city, postcode: postcodes } = commune(i % REGION);
  const postcode = postcodes(Math.floor(i / REGION));
  const rental = i % 4 === 3;
  const surface = 20 + ((i * 37 + n * 11) % 200);
  const perMetre = (i * 97 + n * 431) % 6000;
  const price = rental ? Math.round(surface * (10 + (perMetre % 20))) : Math.round((surface * (1500 + perMetre)) / 1000) * 1000;
  return {
    externalId: `${prefix}-${i}`,
    title: `${TYPES[i % TYPES.length] === 'MAISON' ? 'Maison' : 'Appartement'} ${surface} m² ${prefix}-${i}`,
    transaction: rental ? 'LOCATION' : 'VENTE',
    type: TYPES[i % TYPES.length],
    price,
    surface,
    rooms: Math.max(1, Math.round(surface / 22)),
    city,
    postcode,
    addressLine: `${1 + (i % 120)} rue de la République`,
    dpe: CLASSES[i % CLASSES.length],
    description: `Bien de ${surface} m² à ${city}, lumineux et calme, proche des commerces. Visites au 06 12 34 56 ${String(i % 100).padStart(2, '0')}.`,
    imageUrls: [`https://images.example.com/alerts/${prefix}/${i}.jpg`],
  };
}
let pushes = 0;
export const push500 = (prefix: string) => {
  const n = ++pushes;
  return Array.from({ length: 500 }, (_, i) => alertItem(i, prefix, n));
};

/** Waits until the outbox is matched, no immediate match waits and no mail is queued; the time it took. */
async function settled(db: pg.Client, agencyId: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query<{ busy: boolean }>(
      `SELECT (SELECT coalesce(c.event_cursor, 0) < s.last_seq * 8 + 7 FROM listing_sequences s LEFT JOIN alert_cursors c ON c.agency_id = s.agency_id
                WHERE s.agency_id = $1 AND s.env = 'live')
           OR EXISTS (SELECT 1 FROM alert_pending WHERE due_day IS NULL)
           OR EXISTS (SELECT 1 FROM mails WHERE state = 'queued') AS busy`,
      [agencyId],
    );
    if (!rows[0]!.busy) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error('alerts not settled in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const published = async (db: pg.Client, prefix: string) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public_listings p JOIN listings l ON l.id = p.id WHERE l.external_id LIKE $1`,
      [`${prefix}-%`],
    )
  ).rows[0]!.n;

/**
 * Issue 31 (alerts): 100,000 confirmed alerts over 200 communes, and pushes of 500 new listings
 * across a region of 25 of them. (1) Pushes against the bare SQL upsert of the same rows (as
 * bench/ingest.ts computes the ratio), before the alerts exist and with them, while the matcher
 * and the mail sender work in the background; (2) one push left to the service: the time until
 * every due immediate alert mail was accepted by the SMTP server (target 60 s); (3) the matching
 * of one push, timed alone. PostgreSQL only.
 */
export async function benchAlerts(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the alerts benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench alerts)');
    return undefined;
  }
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const server: BenchServer = await startBenchServer({
    SMTP_URL: smtpUrl,
    QUOTAS: '0',
    SITE_CACHE_MS: '0',
    SITE_URL: 'https://annonces.example',
  });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  const bare = await bareUpserter(server);
  const results: Record<string, number> = {};
  try {
    const rounds = async (label: string, count: number) => {
      const http: number[] = [];
      const sql: number[] = [];
      for (let round = 0; round < count; round++) {
        const rows = push500(`${label}${round}`);
        http.push((await pushOnce(server, rows)).ms);
        sql.push((await bare.run(rows, 0)).ms);
      }
      return { http: median(http), sql: median(sql) };
    };
    console.log(
      `  load average at start ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (figures are comparable within a run only)`,
    );
    for (let warm = 0; warm < 4; warm++) await pushOnce(server, push500(`W${warm}`));
    await settled(db, server.agencyId);

    // (1) The same pushes without alerts, then with 100,000 of them matching and mailing behind.
    const without = await rounds('B', 5);
    const seedStarted = performance.now();
    const seeded = await seedAlerts(db);
    console.log(
      `  ${fmt(seeded.alerts)} confirmed alerts on ${fmt(seeded.searches)} distinct searches, written in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`,
    );
    const mailsBefore = sink.acceptedAt.size;
    const withAlerts = await rounds('R', ROUNDS);
    results.push_ms = withAlerts.http;
    results.sql_ms = withAlerts.sql;
    results.ratio = withAlerts.http / withAlerts.sql;
    results.ratio_without_alerts = without.http / without.sql;
    console.log(
      `  500 new listings, no alert        HTTP push ${fmt(without.http, 1).padStart(7)} ms   bare SQL upsert ${fmt(without.sql, 1).padStart(7)} ms   ratio ${fmt(results.ratio_without_alerts, 2)}×`,
    );
    console.log(
      `  500 new listings, 100,000 alerts  HTTP push ${fmt(withAlerts.http, 1).padStart(7)} ms   bare SQL upsert ${fmt(withAlerts.sql, 1).padStart(7)} ms   ratio ${fmt(results.ratio, 2)}× (target ≤ 1.5×)`,
    );
    const drained = await settled(db, server.agencyId);
    console.log(
      `  meanwhile ${fmt(sink.acceptedAt.size - mailsBefore)} alert mails accepted; the rest of them ${fmt(drained / 1000, 1)} s after the last push`,
    );

    // (2) One push left to the service: its periodic job matches (every 10 s), writes the mails, the sender sends them.
    const since = new Date();
    const pushedAt = Date.now();
    await pushOnce(server, push500('E2E'));
    await settled(db, server.agencyId);
    const { rows: mails } = await db.query<{ message_id: string; created_at: Date }>(
      `SELECT message_id, created_at FROM mails WHERE created_at >= $1 AND subject NOT LIKE 'Confirmez%' ORDER BY id`,
      [since],
    );
    const accepted = mails.map((m) => sink.acceptedAt.get(m.message_id) ?? NaN);
    if (accepted.some((at) => Number.isNaN(at))) throw new Error('a mail was not accepted by the SMTP sink');
    const last = Math.max(...accepted) - pushedAt;
    const sorted = accepted.map((at) => at - pushedAt).sort((a, b) => a - b);
    results.e2e_mails = mails.length;
    results.e2e_last_s = last / 1000;
    console.log(
      `  one push of 500 (${fmt(await published(db, 'E2E'))} published): ${fmt(mails.length)} immediate alert mails, all accepted by the SMTP server ` +
        `${fmt(last / 1000, 1)} s after the push began (first ${fmt(sorted[0]! / 1000, 1)} s, median ${fmt(sorted[Math.floor(sorted.length / 2)]! / 1000, 1)} s; target ≤ 60 s)`,
    );

    // (3) The matching of one push, timed alone: the benchmark runs the matcher as soon as the push returns.
    const matcherDb = await openDatabase({ databaseUrl: server.databaseUrl!, dataDir: null, poolSize: 2 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await pushOnce(server, push500(`M${attempt}`));
        const started = performance.now();
        const run = await matchNewListings(matcherDb, new Date());
        const ms = performance.now() - started;
        if (run.listings === 0) continue; // the service's own job came first: another push
        results.matching_ms = ms;
        results.matching_listings = run.listings;
        results.matches = run.matches;
        console.log(
          `  matching: ${fmt(run.listings)} new listings against ${fmt(seeded.alerts)} alerts in ${fmt(ms, 0)} ms, ` +
            `${fmt(run.matches)} (alert, listing) pairs found for ${fmt(run.alerts)} alerts (${fmt(ms / run.listings, 1)} ms per listing)`,
        );
        break;
      }
    } finally {
      await matcherDb.close();
    }
    await settled(db, server.agencyId);
    return results;
  } finally {
    await bare.close();
    await db.end();
    await server.stop();
    await sink.close();
  }
}
