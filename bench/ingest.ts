import { officialList } from '../src/domain/geography/index.js';
import type { Commune } from '../src/domain/geography/official-list.js';
import pg from 'pg';
import { fmt, processCpuMs, startBenchServer, type BenchServer } from './lib.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase } from '../src/platform/db/open.js';
import { UPSERT } from '../src/domain/listings/row-sender.js';
import { binaryJsonbArray } from '../src/platform/db/jsonb.js';

/**
 * Lyon 3e, as a city agency's listings mostly are; with BENCH_PLACES=distinct, a commune of its
 * own for each listing of each push (the resolution's worst case: no place met before).
 */
function placeOf(i: number, prefix: string): { city: string; postcode: string } {
  if (process.env.BENCH_PLACES !== 'distinct') return { city: 'Lyon', postcode: '69003' };
  distinctPlaces ??= [...officialList().communes.values()].filter((c) => c.postcodes.length > 0);
  let seed = 0;
  for (const char of prefix) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const commune = distinctPlaces[(seed * 500 + i) % distinctPlaces.length]!;
  return { city: commune.name.toUpperCase(), postcode: commune.postcodes[0]! };
}
let distinctPlaces: Commune[] | undefined;

/** A realistic pushed listing with a ~1,500-character description. */
export function benchItem(i: number, prefix: string, variant = 0) {
  const description =
    `Au cœur du quartier, bel appartement traversant de ${60 + (i % 40)} m² au ${i % 6}e étage avec ascenseur, ` +
    'comprenant une entrée avec placard, un séjour lumineux donnant sur un balcon exposé sud-ouest, une cuisine équipée ' +
    'séparée, deux chambres avec rangements, une salle d’eau avec fenêtre et un WC indépendant. Parquet chêne, moulures, ' +
    'double vitrage, chauffage individuel au gaz. Cave en sous-sol et place de parking en option. Copropriété de 24 lots, ' +
    'charges annuelles 1 840 €. Proche métro, écoles et commerces, marché le samedi. Taxe foncière 1 120 €. ' +
    'Honoraires 4 % TTC à la charge de l’acquéreur. DPE : D (212 kWh/m²/an), GES : D (38 kg CO2/m²/an). ' +
    'Montant estimé des dépenses annuelles d’énergie pour un usage standard : entre 1 180 € et 1 640 € par an. ' +
    'Prix moyens des énergies indexés au 1er janvier 2021. Les informations sur les risques auxquels ce bien est exposé ' +
    'sont disponibles sur le site Géorisques : www.georisques.gouv.fr. Pour une visite, contactez notre négociateur ' +
    `au 06 ${String(10 + (i % 89)).padStart(2, '0')} 34 56 78 ou par courriel à agence${i % 7}@exemple-immo.fr. ` +
    'Carte professionnelle CPI 7501 2018 000 012 345 délivrée par la CCI Paris Île-de-France. Variante ' +
    variant +
    '.';
  return {
    externalId: `${prefix}-${i}`,
    title: `Appartement 3 pièces ${60 + (i % 40)} m² balcon`,
    transaction: 'VENTE',
    type: 'APPARTEMENT',
    price: 250000 + i * 10 + variant,
    surface: 60 + (i % 40),
    rooms: 3,
    bedrooms: 2,
    floor: i % 6,
    ...placeOf(i, prefix),
    neighborhood: 'Part-Dieu',
    addressLine: `${1 + (i % 120)} rue Garibaldi`,
    dpe: 'D',
    description,
    features: ['balcony', 'lift', 'cellar'],
    imageUrls: [`https://images.example.com/${prefix}/${i}/1.jpg`, `https://images.example.com/${prefix}/${i}/2.jpg`],
    sourceCrm: 'crm_1',
    createdAtExternal: '2026-01-15T10:00:00Z',
  };
}

export const batch = (prefix: string, variant: number, offset = 0) =>
  Array.from({ length: 500 }, (_, i) => benchItem(offset + i, prefix, variant));

export async function pushOnce(server: BenchServer, listings: unknown[]) {
  // The client's own serialisation (to JSON, then to UTF-8 bytes) is not the service's time:
  // it happens before the clock starts, as building the bare SQL's parameter does below.
  const payload = Buffer.from(JSON.stringify({ listings }));
  const started = performance.now();
  const response = await fetch(`${server.url}/ingest/ingestListings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
    body: payload,
  });
  const body = (await response.json()) as { created: number; updated: number; unchanged: number; errors: unknown[] };
  if (response.status !== 200 || body.errors.length)
    throw new Error(`push failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - started, body };
}

/** The bare statement the service runs, with the same 500 rows, straight to the database: its time and CPU time in ms. */
type Bare = (rows: unknown[], variant: number) => Promise<{ ms: number; cpuMs: number }>;

export async function bareUpserter(server: BenchServer): Promise<{ run: Bare; close(): Promise<void>; backends: number[] }> {
  // The very statement the service runs ($1 agency, $2 env, $3 time, $4 rows), in one go.
  const sql = UPSERT;
  // One JSON text per row, passed to the database in the form the service sends its rows.
  const toRecords = (rows: unknown[], variant: number) =>
    (rows as Array<ReturnType<typeof benchItem>>).map((row, i) =>
      JSON.stringify({
        id: `bare_${row.externalId}`,
        external_id: `bare_${row.externalId}`,
        content: row,
        content_hash: `h${variant}`,
        public_title: row.title,
        public_description: row.description,
        status: 'active',
        share_with_service: true,
        share_with_relay: false,
        version: variant + 1,
        change_seq: variant * 1000 + i,
        moderation_state: 'approved',
        moderation_reasons: [],
        decided: true,
        review_hash: `r${variant}`,
        publish: true,
      }),
    );
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    return {
      async run(rows, variant) {
        const records = binaryJsonbArray(toRecords(rows, variant));
        const cpu = processCpuMs(backend);
        const started = performance.now();
        await client.query('BEGIN');
        await client.query(sql, [server.agencyId, 'live', new Date().toISOString(), records]);
        await client.query('COMMIT');
        return { ms: performance.now() - started, cpuMs: processCpuMs(backend) - cpu };
      },
      close: () => client.end(),
      backends: [backend],
    };
  }
  // PGlite cannot be shared between processes: the bare SQL runs on an identical embedded database here.
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(db);
  await db.query(`INSERT INTO agencies (id, name, plan, verified) VALUES ($1, 'bench', 'agence', true)`, [server.agencyId]);
  return {
    async run(rows, variant) {
      const records = db.jsonArray(toRecords(rows, variant));
      const cpu = process.cpuUsage();
      const started = performance.now();
      await db.transaction((tx) => tx.query(sql, [server.agencyId, 'live', new Date().toISOString(), records]));
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    },
    close: () => db.close(),
    backends: [],
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Issue 3: a push of 500 new / changed / unchanged listings against the bare SQL upsert, and a 100,000-listing nightly sync. */
export async function benchIngest(
  options: { nightly?: number; env?: Record<string, string>; setup?: (server: BenchServer) => Promise<void> } = {},
): Promise<Record<string, number>> {
  const server = await startBenchServer(options.env);
  await options.setup?.(server);
  // The targets are set for a PostgreSQL server. PGlite runs inside the server's own
  // thread (no overlap of service and database work) and its memory counts in the server's RSS.
  const target = (text: string) => (server.databaseUrl ? ` (target ${text})` : ` (PostgreSQL target ${text})`);
  const bare = await bareUpserter(server);
  // CPU time of a push: the server process's and its database backends' (the bare client's left out).
  const measuredPush = async (listings: unknown[]) => {
    const [serverCpu, databaseCpu] = [server.cpuMs(), await server.databaseCpuMs(bare.backends)];
    const pushed = await pushOnce(server, listings);
    const serverMs = server.cpuMs() - serverCpu;
    return { ...pushed, serverMs, cpuMs: serverMs + (await server.databaseCpuMs(bare.backends)) - databaseCpu };
  };
  const results: Record<string, number> = {};
  try {
    for (let warm = 0; warm < 3; warm++) await pushOnce(server, batch(`W${warm}`, 0));
    const rounds = 9;
    const kinds = ['created', 'updated', 'unchanged'] as const;
    const push = { created: [] as number[], updated: [] as number[], unchanged: [] as number[] };
    const sql = { created: [] as number[], updated: [] as number[], unchanged: [] as number[] };
    const pushCpu = { created: 0, updated: 0, unchanged: 0 };
    const serverCpu = { created: 0, updated: 0, unchanged: 0 };
    const sqlCpu = { created: 0, updated: 0, unchanged: 0 };
    const note = (
      kind: (typeof kinds)[number],
      pushed: { ms: number; cpuMs: number; serverMs: number },
      raw: { ms: number; cpuMs: number },
    ) => {
      push[kind].push(pushed.ms);
      pushCpu[kind] += pushed.cpuMs;
      serverCpu[kind] += pushed.serverMs;
      sql[kind].push(raw.ms);
      sqlCpu[kind] += raw.cpuMs;
    };
    for (let round = 0; round < rounds; round++) {
      const prefix = `R${round}`;
      note('created', await measuredPush(batch(prefix, 0)), await bare.run(batch(prefix, 0), 0));
      note('updated', await measuredPush(batch(prefix, 1)), await bare.run(batch(prefix, 1), 1));
      // The bare equivalent of an unchanged push is the same upsert: SQL alone cannot skip it.
      note('unchanged', await measuredPush(batch(prefix, 1)), await bare.run(batch(prefix, 1), 2));
    }
    for (const kind of kinds) {
      const http = median(push[kind]);
      const raw = median(sql[kind]);
      results[`push_${kind}_ms`] = http;
      results[`sql_${kind}_ms`] = raw;
      results[`push_${kind}_cpu_ms`] = pushCpu[kind] / rounds;
      results[`push_${kind}_server_cpu_ms`] = serverCpu[kind] / rounds;
      results[`sql_${kind}_cpu_ms`] = sqlCpu[kind] / rounds;
      console.log(
        `  500 ${kind.padEnd(9)}  HTTP push ${fmt(http, 1).padStart(7)} ms   bare SQL upsert ${fmt(raw, 1).padStart(7)} ms   ratio ${fmt(http / raw, 2)}×${target(kind === 'unchanged' ? '≤ 0.5×' : '≤ 1.5×')}` +
          `   CPU ${fmt(pushCpu[kind] / rounds, 1)} ms (server ${fmt(serverCpu[kind] / rounds, 1)} + backends) against ${fmt(sqlCpu[kind] / rounds, 1)} ms: ${fmt(pushCpu[kind] / sqlCpu[kind], 2)}×`,
      );
    }

    const total = options.nightly ?? 100_000;
    if (total === 0) return results;
    const pushes = total / 500;
    // The service's time is the sum of the 200 requests; building each payload is the CRM's time.
    const started = performance.now();
    let created = 0;
    let nightlyMs = 0;
    const serverCpuBefore = server.cpuMs();
    const databaseCpu = await server.databaseCpuMs(bare.backends);
    for (let p = 0; p < pushes; p++) {
      const pushed = await pushOnce(server, batch('NIGHT', 0, p * 500));
      created += pushed.body.created;
      nightlyMs += pushed.ms;
    }
    const wallMs = performance.now() - started;
    const nightlyServerCpu = server.cpuMs() - serverCpuBefore;
    const nightlyDatabaseCpu = (await server.databaseCpuMs(bare.backends)) - databaseCpu;
    let bareMs = 0;
    let bareCpu = 0;
    for (let p = 0; p < pushes; p++) {
      const raw = await bare.run(batch('NIGHT', 0, p * 500), 0);
      bareMs += raw.ms;
      bareCpu += raw.cpuMs;
    }
    results.nightly_s = nightlyMs / 1000;
    results.nightly_bare_s = bareMs / 1000;
    results.nightly_server_cpu_s = nightlyServerCpu / 1000;
    results.nightly_database_cpu_s = nightlyDatabaseCpu / 1000;
    results.nightly_bare_cpu_s = bareCpu / 1000;
    results.peak_rss_mb = server.peakRssMb();
    console.log(
      `  nightly sync: ${fmt(total)} listings in ${pushes} pushes: ${fmt(nightlyMs / 1000, 1)} s in requests${target('< 25 s')}, ` +
        `${fmt(wallMs / 1000, 1)} s with the client building its payloads; created ${fmt(created)}`,
    );
    console.log(
      `  bare SQL upserts of the same rows: ${fmt(bareMs / 1000, 1)} s (ratio ${fmt(nightlyMs / bareMs, 2)}×${target('≤ 1.3×')}); server peak RSS ${server.peakRssMb()} MB${target('< 250 MB')}`,
    );
    console.log(
      `  CPU: server ${fmt(nightlyServerCpu / 1000, 1)} s + its backends ${fmt(nightlyDatabaseCpu / 1000, 1)} s, bare upserts' backend ${fmt(bareCpu / 1000, 1)} s`,
    );
    return results;
  } finally {
    await bare.close();
    await server.stop();
  }
}
