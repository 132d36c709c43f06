import pg from 'pg';
import { fmt, load, loadAverages, postgresCpu, startBenchServer, type BenchServer, type LoadResult } from './lib.js';
import { CITIES } from '../test/fixtures/sample-listings.js';
import { searchStatement } from '../src/domain/public-listings/search.js';
import { placeListing } from '../src/domain/geography/index.js';
import { addAgencies, multiplyListings } from './many-listings.js';

/**
 * SITE_LISTINGS (100,000 by default): up to 100,000 are pushed through the ingestion interface,
 * and beyond that the pushed ones are copied in SQL (as the capacity benchmark does) to as many
 * times as make the total, spread over agencies of ~33 listings each.
 */
const TOTAL = Number(process.env.SITE_LISTINGS ?? 100_000);
const PUSHED = Math.min(TOTAL, 100_000);
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
  for (let offset = 0; offset < PUSHED; offset += 500) {
    const listings = Array.from({ length: Math.min(500, PUSHED - offset) }, (_, k) => siteItem(offset + k));
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

/** Pushes the listings (SITE_LISTINGS, copied in SQL past 100,000) and makes them all public; their serviceIds. */
export async function publicListings(server: BenchServer, db: pg.Client): Promise<string[]> {
  const pushSeconds = await pushAll(server);
  // The rules hold some generated listings for review (look-alikes in one city); the benchmark
  // plays the operator for all of them at once rather than through 100,000 decisions.
  const held = await db.query(
    `UPDATE listings SET moderation_state = 'approved', moderation_reasons = '[]', decided_at = now(), published_version = version,
       published_content = NULL, published_title = NULL, published_description = NULL, first_published_at = coalesce(first_published_at, now())
     WHERE env = 'live' AND moderation_state <> 'approved'`,
  );
  const times = Math.round(TOTAL / PUSHED);
  if (times > 1) {
    const copiedStarted = performance.now();
    await addAgencies(db, 'agc_copy', Math.ceil(TOTAL / 33));
    await multiplyListings(db, server.agencyId, times, Math.ceil(TOTAL / 33), 'agc_copy');
    console.log(`  the ${fmt(PUSHED)} pushed listings copied in SQL ×${times} in ${fmt((performance.now() - copiedStarted) / 1000, 1)} s`);
  }
  // Listings approved in SQL have no event: the keyword index is rebuilt from the view, as
  // after a migration, by the server's own indexer. Its time is the indexer's cost per listing.
  await db.query('UPDATE search_state SET filled_at = NULL WHERE id = 1');
  const indexStarted = performance.now();
  while (!(await db.query('SELECT filled_at IS NOT NULL AS filled FROM search_state')).rows[0].filled)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  await db.query('VACUUM ANALYZE listings');
  await db.query('VACUUM ANALYZE listing_search');
  const { rows } = await db.query<{ id: string }>('SELECT id FROM public_listings');
  const ids = rows.map((row) => row.id);
  console.log(
    `  ${fmt(ids.length)} public listings in ${CITIES.length} cities (pushed in ${fmt(pushSeconds, 1)} s; ${fmt(held.rowCount ?? 0)} held by the rules, approved in SQL)`,
  );
  console.log(
    `  keyword index rebuilt by the server's indexer in ${fmt(indexSeconds, 1)} s: ${fmt(ids.length / indexSeconds)} documents/s, ` +
      `${fmt((indexSeconds / ids.length) * 1e6)} µs per listing (including up to 2 s before the job's next run)`,
  );
  return ids;
}

/**
 * The audience comparison of benchSite alone (`npm run bench audience`): the same 100,000
 * public listings, without the site's other measurements. PostgreSQL only.
 */
export async function benchAudience(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the audience benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench audience)');
    return undefined;
  }
  const server = await startBenchServer({ QUOTAS: '0', AUDIENCE: '0' });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    return await audienceComparison(server.databaseUrl!, await publicListings(server, db), db);
  } finally {
    await db.end();
    await server.stop();
  }
}

/**
 * Keywords of every reach over the generated listings: words every description holds, the
 * houses' titles (a quarter), one neighbourhood (a fiftieth), two words of which one is rare,
 * and a word no listing holds.
 */
const NO_MATCH = 'piscine';
const keywordSearches = (neighborhood: string) => [
  'lumineux',
  'appartement lumineux',
  'maisons',
  'cuisine équipée parking',
  `quartier ${neighborhood}`,
  `${neighborhood} calme`,
  NO_MATCH,
];

const percentiles = (r: LoadResult) =>
  `${fmt(r.requestsPerSecond)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p97.5 ${r.p97_5} ms, p99 ${r.p99} ms`;

/**
 * SITE_DATABASE=<name>: the benchmark's database on DATABASE_URL's server, kept after the run.
 * Filled on the first run; a later run on the same server (its own, kept too, as
 * scripts/with-postgres.sh's is not) measures it again without the build, which at 1,000,000
 * listings takes a quarter of an hour. A database left half-built is made again.
 */
const KEPT = process.env.SITE_DATABASE;

/** How many public listings the kept database holds once built; 0 to build it. */
async function keptListings(): Promise<number> {
  if (!KEPT) return 0;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [KEPT])).rowCount) return 0;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${KEPT}`;
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const built = await db
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM listing_search WHERE (SELECT filled_at FROM search_state) IS NOT NULL`)
      .then(
        (result) => result.rows[0]!.n,
        () => 0,
      )
      .finally(() => db.end());
    if (built >= TOTAL * 0.95) return built;
    await admin.query(`DROP DATABASE ${KEPT} WITH (FORCE)`);
    return 0;
  } finally {
    await admin.end();
  }
}

/**
 * Issue 16: a listing page and a filtered search page at 50 connections, each against the bare
 * SQL it runs (the same capability call, answered as JSON by a route of the bench entry, bench/server.ts, in the same
 * process), on 100,000 public listings across 50 cities. Issue 31: keyword searches at 10
 * connections, and the keyword index's build time. PostgreSQL only.
 */
export async function benchSite(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the site benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench site)');
    return undefined;
  }
  const kept = await keptListings();
  const server = await startBenchServer(
    { KEY_QUOTA_LIVE: '2000000000', QUOTAS: '0', SITE_CACHE_MS: '0', ...(kept ? { DEMO: '0' } : {}) },
    [],
    process.cwd(),
    { benchRoutes: true, database: KEPT },
  );
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    const ids = kept
      ? (await db.query<{ id: string }>('SELECT id FROM public_listings')).rows.map((row) => row.id)
      : await publicListings(server, db);
    if (kept) console.log(`  ${fmt(ids.length)} public listings of the kept database ${KEPT} (SITE_DATABASE)`);
    // The whole PostgreSQL server's CPU, backends that ended during a run included (a pool may close one).
    const postgresSeconds = await postgresCpu(db);
    // SITE_ONLY=search: the searches at 10 connections and their statements alone.
    const pageLoads = process.env.SITE_ONLY !== 'search';

    const searchQuery = () =>
      `city=${encodeURIComponent(pick(CITIES)[0])}&transaction=sale&priceMax=${pick([200000, 300000, 450000, 700000])}&sort=${pick(['price_asc', 'newest'])}&page=${pick([1, 1, 2])}`;
    const keywordQuery = () => {
      const [city, , neighborhood] = pick(CITIES);
      const q = pick(keywordSearches(neighborhood));
      const filters = Math.random() < 1 / 3 ? `&city=${encodeURIComponent(city)}&transaction=sale` : '';
      // Across all cities every search but the one that finds nothing has a second page; in one
      // city the generated listings of some cities are all houses or all flats (a page 2 would be 404).
      return `q=${encodeURIComponent(q)}${filters}&page=${q === NO_MATCH || filters ? 1 : pick([1, 1, 2])}`;
    };
    const run = (base: string, path: () => string, duration = 10, connections = 50) =>
      load({ url: base, connections, duration, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] });
    const routes = {
      listing: () => `/listings/${pick(ids)}`,
      bareListing: () => `/bench/site-listing/${pick(ids)}`,
      search: () => `/listings?${searchQuery()}`,
      bareSearch: () => `/bench/site-search?${searchQuery()}`,
    };
    // At 10 connections, page cache off: keywords (docs/decisions.md §18), and the search page's target.
    const keywordRoutes = {
      search10: () => `/listings?${searchQuery()}`,
      keywords: () => `/listings?${keywordQuery()}`,
      bareKeywords: () => `/bench/site-search?${keywordQuery()}`,
    };
    // A second server on the same database, with the page cache every server has by default.
    const cached = pageLoads ? await startBenchServer({ DATABASE_URL: server.databaseUrl!, DEMO: '0', QUOTAS: '0' }) : undefined;
    const tenConnectionRuns: string[] = [];
    const results: Record<string, LoadResult[]> = {
      listing: [],
      bareListing: [],
      search: [],
      bareSearch: [],
      cachedListing: [],
      cachedSearch: [],
      search10: [],
      keywords: [],
      bareKeywords: [],
    };
    try {
      if (pageLoads) for (const path of Object.values(routes)) await run(server.url, path, 3); // warm-up
      for (const path of Object.values(keywordRoutes)) await run(server.url, path, 3, 10);
      for (let round = 0; round < 2; round++) {
        if (pageLoads) for (const [name, path] of Object.entries(routes)) results[name]!.push(await run(server.url, path));
        for (const [name, path] of Object.entries(keywordRoutes)) {
          // The CPU a page costs the server and PostgreSQL.
          const [serverCpu, databaseCpu] = [server.cpuMs(), postgresSeconds() * 1000];
          const result = await run(server.url, path, 10, 10);
          results[name]!.push(result);
          const perPage = (ms: number) => fmt(ms / Math.max(result.requests, 1), 2);
          const cpu = `CPU a page: server ${perPage(server.cpuMs() - serverCpu)} ms, PostgreSQL ${perPage(postgresSeconds() * 1000 - databaseCpu)} ms`;
          tenConnectionRuns.push(`${name} round ${round + 1}: ${percentiles(result)}; ${cpu} (load ${loadAverages()})`);
        }
      }
      if (cached) {
        await run(cached.url, routes.search, 3);
        for (let round = 0; round < 2; round++) {
          results.cachedListing!.push(await run(cached.url, routes.listing));
          results.cachedSearch!.push(await run(cached.url, routes.search));
        }
      }
    } finally {
      await cached?.stop();
    }
    const rps = (name: string) => results[name]!.reduce((s, r) => s + r.requestsPerSecond, 0) / results[name]!.length;
    const p99 = (name: string) => Math.max(...results[name]!.map((r) => r.p99));
    const p50 = (name: string) => Math.max(...results[name]!.map((r) => r.p50));
    const bad = (name: string) => results[name]!.reduce((s, r) => s + r.non2xx + r.errors, 0);
    const line = (label: string, name: string) =>
      console.log(
        `  ${label.padEnd(40)} ${fmt(rps(name)).padStart(6)} req/s  p50 ${p50(name)} ms  p99 ${p99(name)} ms  non-2xx ${bad(name)}`,
      );
    if (pageLoads) {
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
        `  search page p99 at 50 connections          ${p99('cachedSearch')} ms with the page cache, ${p99('search')} ms without`,
      );
    }
    console.log(
      '  10 connections, 10 s runs, 2 rounds each, page cache off; a third of the keyword searches with a city and transaction=sale',
    );
    line('GET /listings?city=…, cache off', 'search10');
    console.log(`  search page p99                            ${p99('search10')} ms (target < 50 ms)`);
    line('bare keyword search (same process)', 'bareKeywords');
    line('GET /listings?q=…, cache off', 'keywords');
    console.log(`  keyword search page p99                    ${p99('keywords')} ms (target < 50 ms)`);
    for (const run of tenConnectionRuns) console.log(`    ${run}`);
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
      console.log(`  search statement, Lyon, sale, ≤ 450,000 €, ${sort} page ${page}: ${planTimes(text)}`);
    }
    for (const q of keywordSearches('Part-Dieu')) {
      for (const filters of [{}, { city: 'Lyon', transaction: 'sale' as const }]) {
        const { sql, params } = searchStatement({ q, ...filters }, 'relevance', 1);
        const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        const text = plan.rows.map((r) => String(r['QUERY PLAN']));
        if (process.env.SITE_PLANS) console.log(text.map((l) => `    ${l}`).join('\n'));
        const where = 'city' in filters ? ', Lyon, sale' : '';
        console.log(`  keyword statement « ${q} »${where}, relevance page 1: ${planTimes(text)}`);
      }
    }
    const tenConnections = {
      search10P99: p99('search10'),
      keywordsRps: rps('keywords'),
      bareKeywordsRps: rps('bareKeywords'),
      keywordsP99: p99('keywords'),
    };
    if (!pageLoads) return tenConnections;
    const areas = await departmentComparison(server, db);
    const suggestions = await benchCommuneSuggestions(server);
    const audience = await audienceComparison(server.databaseUrl!, ids, db);
    return {
      ...tenConnections,
      ...areas,
      ...audience,
      ...suggestions,
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

/**
 * A département search against the same search in one city, at 10
 * connections, page cache off, runs alternating city, département, département, city twice. The
 * département is the city's own (Lyon's is the Rhône, which Villeurbanne shares: the generated
 * départements hold one to three of the 50 cities). Target: within 10 % of the city search.
 */
async function departmentComparison(server: BenchServer, db: pg.Client): Promise<Record<string, number>> {
  const departmentOf = (city: string, postcode: string) => placeListing(postcode, city).location.departmentCode!;
  const rest = () => `&transaction=sale&priceMax=${pick([200000, 300000, 450000, 700000])}&sort=${pick(['price_asc', 'newest'])}`;
  const loads = {
    city: () => `/listings?city=${encodeURIComponent(pick(CITIES)[0])}${rest()}`,
    department: () => `/listings?departement=${departmentOf(...(pick(CITIES).slice(0, 2) as [string, string]))}${rest()}`,
  };
  const run = (path: () => string, duration = 10) =>
    load({ url: server.url, connections: 10, duration, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] });
  const results: Record<keyof typeof loads, LoadResult[]> = { city: [], department: [] };
  for (const path of Object.values(loads)) await run(path, 3); // warm-up
  for (const name of ['city', 'department', 'department', 'city', 'city', 'department', 'department', 'city'] as const)
    results[name].push(await run(loads[name]));
  const rps = (name: keyof typeof loads) => results[name].reduce((sum, r) => sum + r.requestsPerSecond, 0) / results[name].length;
  const p99 = (name: keyof typeof loads) => Math.max(...results[name].map((r) => r.p99));
  const bad = Object.values(results)
    .flat()
    .reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  console.log('  département search against city search: 10 connections, 10 s runs, 4 each (alternating), page cache off, sale, ≤ price');
  for (const name of ['city', 'department'] as const)
    console.log(
      `  GET /listings?${name === 'city' ? 'city=…      ' : 'departement=…'} ${fmt(rps(name)).padStart(6)} req/s  p99 ${p99(name)} ms`,
    );
  console.log(
    `  département search vs city search          ${fmt((rps('department') / rps('city')) * 100, 1)} % of its rate (target ≥ 90 %); non-2xx and errors ${bad}`,
  );
  for (const [filters, label] of [
    [{ city: 'Lyon' }, 'Lyon'],
    [{ department: '69' }, 'Rhône (69)'],
  ] as const) {
    for (const sort of ['price_asc', 'newest'] as const) {
      const { sql, params } = searchStatement({ ...filters, transaction: 'sale', priceMax: 450000 }, sort, 1);
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      const text = plan.rows.map((r) => String(r['QUERY PLAN']));
      if (process.env.SITE_PLANS) console.log(text.map((l) => `    ${l}`).join('\n'));
      console.log(`  search statement, ${label}, sale, ≤ 450,000 €, ${sort} page 1: ${planTimes(text)}`);
    }
  }
  return {
    cityTenRps: rps('city'),
    departmentRps: rps('department'),
    departmentP99: p99('department'),
    departmentRatio: rps('department') / rps('city'),
  };
}

/**
 * What visitors type in the city field before a pause (docs/site-and-spaces.md, « Suggestions of
 * communes »): the beginnings of names, large and small matches alike (« s » and « saint » run
 * through thousands of communes), postcodes begun or whole, and a text no name starts with.
 */
const TYPED_CITIES = [
  'ly',
  'lyo',
  'saint',
  'st et',
  's',
  'mar',
  'mars',
  'par',
  'bord',
  'nan',
  'tou',
  'mont',
  'la ro',
  'vill',
  '69',
  '690',
  '75011',
  '13',
  'zzq',
];

/**
 * GET /communes?q= at 50 connections for 10 s, each request the next text of TYPED_CITIES:
 * throughput and p99 against the target of a p99 under 10 ms. The answers come from the list in
 * memory (no database), so the server's process alone is measured.
 */
export async function benchCommuneSuggestions(server: BenchServer): Promise<Record<string, number>> {
  let next = 0;
  const path = () => `/communes?q=${encodeURIComponent(TYPED_CITIES[next++ % TYPED_CITIES.length]!)}`;
  const run = (duration: number) =>
    load({ url: server.url, connections: 50, duration, requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] });
  await run(3); // warm-up
  const cpuBefore = server.cpuMs();
  const result = await run(10);
  // The server's CPU per answer does not depend on what else the machine runs, unlike the p99.
  const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / (result.requestsPerSecond * 10);
  console.log(
    `  GET /communes?q=… (${TYPED_CITIES.length} texts in turn), 50 connections, 10 s: ${fmt(result.requestsPerSecond)} req/s  ` +
      `p50 ${result.p50} ms  p99 ${result.p99} ms (target < 10 ms)  ${fmt(cpuUs)} µs of server CPU an answer  non-2xx ${result.non2xx + result.errors}`,
  );
  return { suggestionsRps: result.requestsPerSecond, suggestionsP99: result.p99, suggestionsCpuUs: cpuUs };
}

/** A browser's User-Agent: autocannon's own would be judged a crawler's, and nothing counted. */
const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * Issue 31 (docs/decisions.md §17): the listing page with audience counting on, against the same
 * page with it off (AUDIENCE=0), on two more servers of the same database with the default page
 * cache, as browsers ask (a browser's User-Agent, so every answer is counted). Runs alternate
 * off, on, on, off, twice, so that a drift of the machine weighs on both alike. Two loads: a random
 * listing of the 100,000 (mostly rendered), and one popular listing (answered from the page
 * cache, where counting is the largest part of the work).
 */
async function audienceComparison(databaseUrl: string, ids: string[], db: pg.Client): Promise<Record<string, number>> {
  const base = { DATABASE_URL: databaseUrl, DEMO: '0', QUOTAS: '0' };
  const off = await startBenchServer({ ...base, AUDIENCE: '0' });
  const on = await startBenchServer({ ...base, AUDIENCE: '1' });
  const hot = pick(ids);
  const loads = { random: () => `/listings/${pick(ids)}`, hot: () => `/listings/${hot}` };
  const runOn = (server: BenchServer, path: () => string, duration = 10) =>
    load({
      url: server.url,
      connections: 50,
      duration,
      headers: { 'user-agent': BROWSER_UA },
      requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
    });
  const results: Record<string, LoadResult[]> = { randomOff: [], randomOn: [], hotOff: [], hotOn: [] };
  let before = 0;
  try {
    for (const path of Object.values(loads)) for (const server of [off, on]) await runOn(server, path, 3); // warm-up
    before = await countedViews(db, FLUSH_WAIT_MS);
    for (const [name, path] of Object.entries(loads)) {
      for (const side of ['Off', 'On', 'On', 'Off', 'Off', 'On', 'On', 'Off'] as const)
        results[`${name}${side}`]!.push(await runOn(side === 'On' ? on : off, path));
    }
  } finally {
    await off.stop();
    await on.stop(); // a graceful stop: its last counts are written
  }
  const counted = (await countedViews(db, 0)) - before;
  const rps = (name: string) => results[name]!.reduce((sum, r) => sum + r.requestsPerSecond, 0) / results[name]!.length;
  // autocannon reports a run's average rate: 10-second runs answer about ten times that.
  const answeredOn = [...results.randomOn!, ...results.hotOn!].reduce((sum, r) => sum + r.requestsPerSecond * 10, 0);
  const bad = Object.values(results)
    .flat()
    .reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  console.log('  audience counting (AUDIENCE=1 against AUDIENCE=0), listing pages, 50 connections, browser User-Agent, default page cache');
  for (const name of ['random', 'hot'] as const) {
    const label = name === 'random' ? 'a random listing of 100,000' : 'one popular listing (cache hits)';
    console.log(
      `  ${label.padEnd(34)} off ${fmt(rps(`${name}Off`)).padStart(6)} req/s, on ${fmt(rps(`${name}On`)).padStart(6)} req/s: ` +
        `${fmt((rps(`${name}On`) / rps(`${name}Off`)) * 100, 1)} % (target ≥ 95 %)`,
    );
    const runs = (side: string) => results[`${name}${side}`]!.map((r) => fmt(r.requestsPerSecond)).join(', ');
    console.log(`    each 10 s run, off: ${runs('Off')}; on: ${runs('On')}`);
  }
  console.log(`  views written by the counting server: ${fmt(counted)} of about ${fmt(answeredOn)} answered; non-2xx and errors ${bad}`);
  return {
    audienceRandomRatio: rps('randomOn') / rps('randomOff'),
    audienceHotRatio: rps('hotOn') / rps('hotOff'),
    audienceViewsWritten: counted,
  };
}

/** The warm-up's counts reach the database within a flush period (AUDIENCE_FLUSH_MS, 5 s by default). */
const FLUSH_WAIT_MS = 6_000;

async function countedViews(db: pg.Client, waitMs: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const { rows } = await db.query<{ n: string }>('SELECT coalesce(sum(detail_views), 0)::text AS n FROM listing_audience');
  return Number(rows[0]!.n);
}

/** « Planning Time: … ms, Execution Time: … ms » of an EXPLAIN ANALYZE: planning a search is a large share of its cost. */
const planTimes = (plan: readonly string[]) => plan.filter((line) => /^(Planning|Execution) Time/.test(line)).join(', ');
