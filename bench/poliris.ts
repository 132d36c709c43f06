import pg from 'pg';
import { fromBufferPromise } from 'yauzl';
import { adminCall, fmt, processRssMb, startBenchServer, type BenchServer } from './lib.js';
import { benchItem, pushOnce } from './ingest.js';
import { passerelleZip } from '../src/domain/poliris/passerelle-zip.js';
import { polirisFieldsOf } from '../src/domain/poliris/write-listing.js';
import type { PublicListing } from '../src/domain/public-listings/model.js';

/**
 * The passerelle format in and out (docs/benchmarks.md, "Poliris"). POLIRIS_BENCH_SCALE=0.05
 * runs every part at a twentieth of its size, for a quick look.
 */
const SCALE = Number(process.env.POLIRIS_BENCH_SCALE ?? 1);
const sized = (count: number) => Math.max(500, Math.round((count * SCALE) / 500) * 500);
const RELAY_TOKEN = 'bench-relay-token-0123456789';

/** Listing `i` of the ingestion benchmark as a public listing, so that the mapping's writer makes its line. */
function asPublicListing(item: ReturnType<typeof benchItem>, i: number): PublicListing {
  const at = new Date('2026-01-15T10:00:00Z');
  return {
    serviceId: item.externalId,
    agencyId: 'agc_bench',
    agencyName: 'Agence du banc',
    version: 1,
    status: 'active',
    title: item.title,
    description: item.description,
    content: {
      transaction: 'sale',
      propertyType: 'apartment',
      price: item.price,
      priceUnit: 'EUR',
      charges: null,
      surface: item.surface,
      rooms: item.rooms,
      bedrooms: item.bedrooms,
      floor: item.floor,
      city: item.city,
      postcode: item.postcode,
      neighborhood: item.neighborhood,
      dpe: 'D',
      ges: null,
      features: [],
      photos: item.imageUrls.map((url, order) => ({ url, label: null, order })),
      fees: null,
      sourceCrm: null,
      createdAtExternal: null,
      updatedAtExternal: null,
      reference: `REF-${i}`,
    },
    firstPublishedAt: at,
    updatedAt: at,
  };
}

/** A passerelle ZIP of `count` listings, its lines written by the mapping (write-listing.ts) and the line syntax. */
async function polirisFile(count: number, prefix: string): Promise<{ bytes: Buffer; lines: number }> {
  async function* lines() {
    for (let i = 0; i < count; i++) yield polirisFieldsOf(asPublicListing(benchItem(i, prefix), i));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of passerelleZip(lines())) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), lines: count };
}

/** The same listings as JSON items of the ingestion interface, without the address the file cannot carry. */
const jsonBatch = (prefix: string, offset: number) =>
  Array.from({ length: 500 }, (_, k) => {
    const { addressLine: _address, ...item } = benchItem(offset + k, prefix);
    return item;
  });

async function newAgencyKey(server: BenchServer, name: string): Promise<string> {
  const body = (await adminCall(server, 'POST', '/agencies', { name, plan: 'reseau', verified: true })) as { keys: { live: string } };
  return body.keys.live;
}

async function importFile(server: BenchServer, key: string, bytes: Buffer): Promise<{ ms: number; created: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/ingest/poliris`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
    body: bytes,
  });
  const report = (await response.json()) as { created?: number; errors?: unknown[] };
  if (!response.ok || report.errors?.length) throw new Error(`import failed: ${response.status} ${JSON.stringify(report).slice(0, 400)}`);
  return { ms: performance.now() - started, created: report.created ?? 0 };
}

/** Elapsed time and CPU time (the server's and its PostgreSQL backends') of `run`. */
async function measured<T>(server: BenchServer, run: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const [serverCpu, databaseCpu] = [server.cpuMs(), await server.databaseCpuMs()];
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  return { value, ms, cpuMs: server.cpuMs() - serverCpu + (await server.databaseCpuMs()) - databaseCpu };
}

/** (1) A file of `count` listings imported, against the same listings pushed as JSON 500 a request; each on an agency of its own. */
async function importAgainstJson(): Promise<Record<string, number>> {
  const count = sized(10_000);
  const server = await startBenchServer({ QUOTAS: '0' });
  try {
    await importFile(server, await newAgencyKey(server, 'Échauffement'), (await polirisFile(500, 'WARM')).bytes);
    await pushOnce(server, jsonBatch('WARM', 0));
    const sums = { importMs: 0, jsonMs: 0, importCpu: 0, jsonCpu: 0 };
    // Two rounds in opposite orders: the second writer of a round meets a bigger table.
    for (const round of [0, 1]) {
      const file = await polirisFile(count, `P${round}`);
      const importKey = await newAgencyKey(server, `Fichier ${round}`);
      const jsonKey = await newAgencyKey(server, `JSON ${round}`);
      const json = () =>
        measured(server, async () => {
          for (let offset = 0; offset < count; offset += 500) {
            const response = await fetch(`${server.url}/ingest/ingestListings`, {
              method: 'POST',
              headers: { authorization: `Bearer ${jsonKey}`, 'content-type': 'application/json' },
              body: JSON.stringify({ listings: jsonBatch(`J${round}`, offset) }),
            });
            if (response.status !== 200) throw new Error(`push failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
          }
        });
      const imported = () => measured(server, () => importFile(server, importKey, file.bytes));
      let pushed: Awaited<ReturnType<typeof json>>;
      let b: Awaited<ReturnType<typeof imported>>;
      if (round === 0) {
        pushed = await json();
        b = await imported();
      } else {
        b = await imported();
        pushed = await json();
      }
      if (b.value.created !== count) throw new Error(`the import created ${b.value.created} of ${count}`);
      sums.importMs += b.ms;
      sums.jsonMs += pushed.ms;
      sums.importCpu += b.cpuMs;
      sums.jsonCpu += pushed.cpuMs;
      console.log(
        `  round ${round + 1} (${round === 0 ? 'JSON first' : 'file first'}): file of ${fmt(count)} (${fmt(file.bytes.length / 2 ** 20, 1)} MiB) imported in ` +
          `${fmt(b.ms / 1000, 2)} s, JSON pushes ${fmt(pushed.ms / 1000, 2)} s: ${fmt(b.ms / pushed.ms, 2)}× (target ≤ 1.2×); ` +
          `CPU ${fmt(b.cpuMs / 1000, 1)} s against ${fmt(pushed.cpuMs / 1000, 1)} s: ${fmt(b.cpuMs / pushed.cpuMs, 2)}×`,
      );
    }
    return {
      import_s: sums.importMs / 2000,
      json_s: sums.jsonMs / 2000,
      import_ratio: sums.importMs / sums.jsonMs,
      import_cpu_ratio: sums.importCpu / sums.jsonCpu,
    };
  } finally {
    await server.stop();
  }
}

/** The peak of a process's RSS while `run` runs, sampled every 100 ms from /proc. */
async function peakRssDuring<T>(pid: number, run: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = processRssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, processRssMb(pid))), 100);
  try {
    return { value: await run(), peakMb: Math.round(Math.max(peak, processRssMb(pid))) };
  } finally {
    clearInterval(sampler);
  }
}

/** (2) The server's memory importing one big file, on a fresh server. */
async function bigImport(): Promise<Record<string, number>> {
  const count = sized(50_000);
  const file = await polirisFile(count, 'BIG');
  const server = await startBenchServer({ QUOTAS: '0' });
  try {
    const key = await newAgencyKey(server, 'Grand fichier');
    const idle = Math.round(processRssMb(server.child.pid!));
    const { value, peakMb } = await peakRssDuring(server.child.pid!, () => importFile(server, key, file.bytes));
    console.log(
      `  file of ${fmt(count)} listings (${fmt(file.bytes.length / 2 ** 20, 1)} MiB) imported in ${fmt(value.ms / 1000, 1)} s, ` +
        `created ${fmt(value.created)}; server RSS ${idle} MB before, peak ${peakMb} MB (target < 300 MB)`,
    );
    return { big_import_s: value.ms / 1000, big_import_peak_rss_mb: peakMb };
  } finally {
    await server.stop();
  }
}

/** Pushes `count` listings shared with the relay, approves in SQL those the rules held, and waits for the relay index. */
async function relayedListings(server: BenchServer, count: number): Promise<void> {
  for (let offset = 0; offset < count; offset += 500) {
    await pushOnce(
      server,
      jsonBatch('RELAY', offset).map((item) => ({ ...item, shareWithRelay: true })),
    );
  }
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  await db.connect();
  try {
    // The rules hold look-alike generated listings: the benchmark plays the operator for all at once.
    await db.query(
      `UPDATE listings SET moderation_state = 'approved', moderation_reasons = '[]', decided_at = now(), published_version = version,
         published_content = NULL, published_title = NULL, published_description = NULL, first_published_at = coalesce(first_published_at, now())
       WHERE env = 'live' AND moderation_state <> 'approved'`,
    );
    while (Number((await db.query('SELECT count(*) AS n FROM relay_feed')).rows[0].n) < count) await new Promise((r) => setTimeout(r, 200));
    await db.query('VACUUM ANALYZE listings');
  } finally {
    await db.end();
  }
}

/** Downloads the relay's ZIP as a portal would, counting bytes, then counts its lines. */
async function downloadZip(server: BenchServer): Promise<{ bytes: Buffer; lines: number }> {
  const response = await fetch(`${server.url}/relay/v1/poliris.zip`, { headers: { authorization: `Bearer ${RELAY_TOKEN}` } });
  if (response.status !== 200) throw new Error(`relay ZIP: ${response.status} ${await response.text()}`);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body!) chunks.push(Buffer.from(chunk));
  const bytes = Buffer.concat(chunks);
  const zip = await fromBufferPromise(bytes, { lazyEntries: true });
  let lines = 0;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== 'Annonces.csv') continue;
    for await (const chunk of await zip.openReadStreamPromise(entry)) {
      for (let at = (chunk as Buffer).indexOf(10); at !== -1; at = (chunk as Buffer).indexOf(10, at + 1)) lines++;
    }
  }
  return { bytes, lines };
}

/** Pages the relay's JSON feed from 0 to the end, 500 a page; the listings held. */
async function pageJsonFeed(server: BenchServer): Promise<number> {
  let after = 0;
  let held = 0;
  for (;;) {
    const response = await fetch(`${server.url}/relay/v1/listings?afterSeq=${after}&limit=500`, {
      headers: { authorization: `Bearer ${RELAY_TOKEN}` },
    });
    const page = (await response.json()) as { listings: Array<{ tombstone: boolean }>; nextAfterSeq: number | null };
    held += page.listings.filter((item) => !item.tombstone).length;
    if (page.nextAfterSeq === null) return held;
    after = page.nextAfterSeq;
  }
}

/** (3) The relay's ZIP of the whole set against paging its JSON feed, on a second server (no jobs) over the same database. */
async function relayZip(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  relay ZIP skipped: it runs on PostgreSQL (scripts/with-postgres.sh npm run bench poliris)');
    return undefined;
  }
  const count = sized(100_000);
  const writer = await startBenchServer({ QUOTAS: '0', RELAY_TOKEN });
  try {
    await relayedListings(writer, count);
    const reader = await startBenchServer({ DATABASE_URL: writer.databaseUrl!, DEMO: '0', QUOTAS: '0', WORKER: '0', RELAY_TOKEN });
    try {
      const pid = reader.child.pid!;
      const idle = Math.round(processRssMb(pid));
      const zip = await peakRssDuring(pid, () => measured(reader, () => downloadZip(reader)));
      const json = await peakRssDuring(pid, () => measured(reader, () => pageJsonFeed(reader)));
      if (zip.value.value.lines !== count || json.value.value !== count)
        throw new Error(`expected ${count} listings: ${zip.value.value.lines} lines in the ZIP, ${json.value.value} in the feed`);
      console.log(
        `  relay ZIP of ${fmt(count)} listings (${fmt(zip.value.value.bytes.length / 2 ** 20, 1)} MiB) streamed in ${fmt(zip.value.ms / 1000, 1)} s, ` +
          `server CPU ${fmt(zip.value.cpuMs / 1000, 1)} s; server RSS ${idle} MB before, peak ${zip.peakMb} MB (target < 250 MB)`,
      );
      console.log(
        `  the JSON feed paged to the end, 500 a page: ${fmt(json.value.ms / 1000, 1)} s, CPU ${fmt(json.value.cpuMs / 1000, 1)} s, peak ${json.peakMb} MB; ` +
          `ZIP against pages: ${fmt(zip.value.ms / json.value.ms, 2)}×`,
      );
      return { relay_zip_s: zip.value.ms / 1000, relay_zip_peak_rss_mb: zip.peakMb, relay_json_s: json.value.ms / 1000 };
    } finally {
      await reader.stop();
    }
  } finally {
    await writer.stop();
  }
}

/** `npm run bench poliris`: each part on servers of its own; a part that fails is told and the others still run. */
export async function benchPoliris(): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  if (SCALE !== 1) console.log(`  POLIRIS_BENCH_SCALE=${SCALE}: every size scaled`);
  for (const [name, part] of [
    ['import', importAgainstJson],
    ['big import', bigImport],
    ['relay ZIP', relayZip],
  ] as const) {
    try {
      Object.assign(results, await part());
    } catch (error) {
      console.log(`  ${name} failed: ${(error as Error).message}`);
    }
  }
  return results;
}
