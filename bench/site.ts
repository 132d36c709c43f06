import pg from 'pg';
import { fmt, load, startBenchServer, type BenchServer, type LoadResult } from './lib.js';
import { CITIES } from '../test/fixtures/sample-listings.js';
import { searchStatement } from '../src/domain/public-listings/search.js';

const TOTAL = Number(process.env.SITE_LISTINGS ?? 100_000);
const TYPES = ['APPARTEMENT', 'MAISON', 'DUPLEX', 'LOFT'] as const;
const CLASSES = ['A', 'B', 'C', 'D', 'E'] as const;

/** Listing `i` of the benchmark: one of 50 cities, a quarter for rent, plausible prices. */
export function siteItem(i: number) {
  const [city, postcode, neighborhood] = CITIES[i % CITIES.length]!;
  const rental = i % 4 === 3;
  const surface = 25 + ((i * 7) % 180);
  const price = rental ? Math.round(surface * (12 + (i % 10))) : Math.round((surface * (2200 + ((i * 37) % 5000))) / 1000) * 1000;
  return {
    externalId: `SITE-${i}`,
    title: `${TYPES[i % TYPES.length] === 'MAISON' ? 'Maison' : 'Appartement'} ${Math.max(1, Math.round(surface / 22))} pièces, ${surface} m²`,
    transaction: rental ? 'LOCATION' : 'VENTE',
    type: TYPES[i % TYPES.length],
    price,
    ...(rental ? { charges: 40 + (i % 8) * 10 } : {}),
    surface,
    rooms: Math.max(1, Math.round(surface / 22)),
    floor: i % 6,
    city,
    postcode,
    neighborhood,
    addressLine: `${1 + (i % 120)} rue de la République`,
    dpe: CLASSES[i % CLASSES.length],
    description:
      `Dans le quartier ${neighborhood}, bien de ${surface} m² au calme, lumineux, proche des commerces, des écoles et des transports. ` +
      'Séjour exposé sud, cuisine équipée, salle d’eau refaite, rangements. Double vitrage, chauffage individuel. ' +
      `Cave et parking en option. DPE : ${CLASSES[i % CLASSES.length]}. Pour visiter, contactez l’agence au 06 12 34 56 ${String(i % 100).padStart(2, '0')}.`,
    features: ['balcon', 'ascenseur', 'cave'].slice(0, 1 + (i % 3)),
    imageUrls: [`https://images.example.com/site/${i}/1.jpg`, `https://images.example.com/site/${i}/2.jpg`],
  };
}

async function pushAll(server: BenchServer): Promise<number> {
  const started = performance.now();
  for (let offset = 0; offset < TOTAL; offset += 500) {
    const listings = Array.from({ length: Math.min(500, TOTAL - offset) }, (_, k) => siteItem(offset + k));
    const response = await fetch(`${server.url}/ingest/ingestListings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ listings }),
    });
    const body = (await response.json()) as { errors: unknown[] };
    if (response.status !== 200 || body.errors.length)
      throw new Error(`push failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return (performance.now() - started) / 1000;
}

const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)]!;

/**
 * Issue 16: a listing page and a filtered search page at 50 connections, each against the bare
 * SQL it runs (the same capability call, answered as JSON by a route of the bench entry, bench/server.ts, in the same
 * process), on 100,000 public listings across 50 cities. PostgreSQL only.
 */
export async function benchSite(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the site benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench site)');
    return undefined;
  }
  const server = await startBenchServer({ KEY_QUOTA_LIVE: '2000000000', QUOTAS: '0', SITE_CACHE_MS: '0' }, [], process.cwd(), {
    benchRoutes: true,
  });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    const pushSeconds = await pushAll(server);
    // The rules hold some generated listings for review (look-alikes in one city); the benchmark
    // plays the operator for all of them at once rather than through 100,000 decisions.
    const held = await db.query(
      `UPDATE listings SET moderation_state = 'approved', moderation_reasons = '[]', decided_at = now(), published_version = version,
         published_content = NULL, published_title = NULL, published_description = NULL, first_published_at = coalesce(first_published_at, now())
       WHERE env = 'live' AND moderation_state <> 'approved'`,
    );
    await db.query('VACUUM ANALYZE listings');
    const { rows } = await db.query<{ id: string }>('SELECT id FROM public_listings');
    const ids = rows.map((row) => row.id);
    console.log(
      `  ${fmt(ids.length)} public listings in ${CITIES.length} cities (pushed in ${fmt(pushSeconds, 1)} s; ${fmt(held.rowCount ?? 0)} held by the rules, approved in SQL)`,
    );

    const searchQuery = () =>
      `city=${encodeURIComponent(pick(CITIES)[0])}&transaction=sale&priceMax=${pick([200000, 300000, 450000, 700000])}&sort=${pick(['price_asc', 'newest'])}&page=${pick([1, 1, 2])}`;
    const run = (base: string, path: () => string, duration = 10) =>
      load({ url: base, connections: 50, duration, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] });
    const routes = {
      listing: () => `/listings/${pick(ids)}`,
      bareListing: () => `/bench/site-listing/${pick(ids)}`,
      search: () => `/listings?${searchQuery()}`,
      bareSearch: () => `/bench/site-search?${searchQuery()}`,
    };
    // A second server on the same database, with the page cache every server has by default.
    const cached = await startBenchServer({ DATABASE_URL: server.databaseUrl!, DEMO: '0', QUOTAS: '0' });
    const results: Record<string, LoadResult[]> = {
      listing: [],
      bareListing: [],
      search: [],
      bareSearch: [],
      cachedListing: [],
      cachedSearch: [],
    };
    try {
      for (const path of Object.values(routes)) await run(server.url, path, 3); // warm-up
      for (let round = 0; round < 2; round++) {
        for (const [name, path] of Object.entries(routes)) results[name]!.push(await run(server.url, path));
      }
      await run(cached.url, routes.search, 3);
      for (let round = 0; round < 2; round++) {
        results.cachedListing!.push(await run(cached.url, routes.listing));
        results.cachedSearch!.push(await run(cached.url, routes.search));
      }
    } finally {
      await cached.stop();
    }
    const rps = (name: string) => results[name]!.reduce((s, r) => s + r.requestsPerSecond, 0) / results[name]!.length;
    const p99 = (name: string) => Math.max(...results[name]!.map((r) => r.p99));
    const p50 = (name: string) => Math.max(...results[name]!.map((r) => r.p50));
    const bad = (name: string) => results[name]!.reduce((s, r) => s + r.non2xx + r.errors, 0);
    const line = (label: string, name: string) =>
      console.log(
        `  ${label.padEnd(40)} ${fmt(rps(name)).padStart(6)} req/s  p50 ${p50(name)} ms  p99 ${p99(name)} ms  non-2xx ${bad(name)}`,
      );
    console.log('  50 connections, 10 s runs, 2 rounds each; "page cache off": SITE_CACHE_MS=0; "on": the default 5 s');
    line('bare listing query (same process)', 'bareListing');
    line('GET /listings/{serviceId}, cache off', 'listing');
    line('GET /listings/{serviceId}, cache on', 'cachedListing');
    console.log(
      `  listing page ratio (cache off)             ${fmt((rps('listing') / rps('bareListing')) * 100, 1)} % of its bare query (target ≥ 40 %)`,
    );
    line('bare search query (same process)', 'bareSearch');
    line('GET /listings?city=…, cache off', 'search');
    line('GET /listings?city=…, cache on', 'cachedSearch');
    console.log(`  search page ratio (cache off)              ${fmt((rps('search') / rps('bareSearch')) * 100, 1)} % of its bare query`);
    console.log(
      `  search page p99                            ${p99('cachedSearch')} ms with the page cache, ${p99('search')} ms without (target < 50 ms)`,
    );
    // One statement of each kind, alone on the database: where the time of a search page goes.
    for (const [sort, page] of [
      ['price_asc', 1],
      ['newest', 1],
      ['price_asc', 2],
      ['newest', 2],
    ] as const) {
      const { sql, params } = searchStatement({ city: 'Lyon', transaction: 'sale', priceMax: 450000 }, sort, page);
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      const text = plan.rows.map((r) => String(r['QUERY PLAN']));
      if (process.env.SITE_PLANS) console.log(text.map((l) => `    ${l}`).join('\n'));
      console.log(`  search statement, Lyon, sale, ≤ 450,000 €, ${sort} page ${page}: ${text.find((l) => l.startsWith('Execution Time'))}`);
    }
    return {
      listingRps: rps('listing'),
      bareListingRps: rps('bareListing'),
      listingRatio: rps('listing') / rps('bareListing'),
      listingP99: p99('listing'),
      searchRps: rps('search'),
      bareSearchRps: rps('bareSearch'),
      searchRatio: rps('search') / rps('bareSearch'),
      searchP99: p99('search'),
      cachedSearchRps: rps('cachedSearch'),
      cachedSearchP99: p99('cachedSearch'),
    };
  } finally {
    await db.end();
    await server.stop();
  }
}
