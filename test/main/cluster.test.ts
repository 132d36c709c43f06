import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accepts, allUp, fleetFromEnv, pidOf, serverStates, sleep, waitFor } from '../helpers/cluster.js';
import { Receiver } from '../helpers/receiver.js';
import { CITIES } from '../fixtures/sample-listings.js';

/**
 * The fleet, tested (docs/operations.md, "A fleet behind HAProxy"): through HAProxy in front of
 * three server processes and a worker, on a primary and its replica, several agencies push their
 * nightly catalogues round after round while visitors load the site and every change is delivered
 * to each agency's webhook; meanwhile one server is stopped with SIGTERM and another killed with
 * SIGKILL, and both come back. Nothing acknowledged may be lost, each listing's changes must come
 * in version order, and only requests in flight on the killed process may fail.
 *
 * Runs only inside scripts/cluster.sh (HAProxy, Debian's haproxy package):
 *   PG_FAST=1 scripts/with-replica.sh scripts/cluster.sh node --test .tmp/suite/test/main/cluster.test.js
 * CLUSTER_AGENCIES, CLUSTER_LISTINGS (per agency) and CLUSTER_ROUNDS (at least) size the night.
 */
const fleet = fleetFromEnv();
const AGENCIES = Number(process.env.CLUSTER_AGENCIES ?? 6);
const LISTINGS = Number(process.env.CLUSTER_LISTINGS ?? 250);
/** Between one agency's nights, so that the run is not all pushes. */
const NIGHT_GAP_MS = 1_000;
const MIN_ROUNDS = Number(process.env.CLUSTER_ROUNDS ?? 3);
const VISITORS = 6;

type Kind = 'push' | 'home' | 'search' | 'listing';
interface Call {
  kind: Kind;
  started: number;
  ended: number;
  /** 0: no HTTP answer at all. */
  status: number;
  /** The server HAProxy sent it to (x-served-by), when it answered. */
  server: string | null;
  /** Why there was no answer. */
  error?: string;
  id: string;
}

/** Every request the clients make goes through here, and is remembered. */
class Traffic {
  readonly calls: Call[] = [];
  private next = 0;
  async call(kind: Kind, path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
    const started = Date.now();
    // In haproxy.log and the servers' logs too: a failure can be looked up there.
    const id = `cluster-${++this.next}`;
    let status = 0;
    let server: string | null = null;
    let text = '';
    let error: string | undefined;
    try {
      const response = await fetch(`${fleet!.url}${path}`, { ...init, headers: { ...(init.headers as object), 'x-request-id': id } });
      server = response.headers.get('x-served-by');
      text = await response.text();
      status = response.status;
    } catch (failure) {
      const cause = (failure as { cause?: { code?: string; message?: string } }).cause;
      error = cause?.code ?? cause?.message ?? String(failure);
    }
    this.calls.push({ kind, started, ended: Date.now(), status, server, error, id });
    return { status, text };
  }
}

interface Agency {
  index: number;
  agencyId: string;
  key: string;
  roundsDone: number;
}

/** Listing `i` of agency `a` in round `round`: each round changes its price and its description. */
function listing(a: number, i: number, round: number) {
  const [city, postcode, neighborhood] = CITIES[(a * 7 + i) % CITIES.length]!;
  const surface = 25 + ((i * 7 + a) % 180);
  return {
    externalId: `NIGHT-${i}`,
    title: `Appartement ${Math.max(1, Math.round(surface / 22))} pièces, ${surface} m²`,
    transaction: 'VENTE',
    type: 'APPARTEMENT',
    price: 150_000 + i * 1_013 + a * 97 + round * 500,
    surface,
    rooms: Math.max(1, Math.round(surface / 22)),
    city,
    postcode,
    neighborhood,
    addressLine: `${1 + (i % 120)} rue de la République`,
    dpe: 'C',
    description: `Bien de ${surface} m² à ${city}, quartier ${neighborhood}, au calme, proche des commerces. DPE : C. Passage ${round}.`,
    imageUrls: [`https://images.example.com/${a}/${i}.jpg`],
  };
}

async function createAgency(index: number, hook: string): Promise<Agency> {
  const admin = { authorization: `Bearer ${fleet!.adminToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${fleet!.url}/admin/api/agencies`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ name: `Agence de nuit ${index}`, plan: 'agence', verified: true }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const body = (await created.json()) as { agencyId: string; keys: { live: string } };
  const key = body.keys.live;
  const subscribed = await fetch(`${fleet!.url}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: hook }),
  });
  assert.equal(subscribed.status, 201, await subscribed.text());
  return { index, agencyId: body.agencyId, key, roundsDone: 0 };
}

/** What each push acknowledged, per listing: the versions in the order they were acknowledged. */
type Acks = Map<string, { agency: number; externalId: string; versions: number[] }>;

/** One agency's nights: every listing pushed, round after round, each push retried until it is acknowledged. */
async function nights(traffic: Traffic, agency: Agency, acks: Acks, enough: () => boolean) {
  for (let round = 0; round < MIN_ROUNDS || !enough(); round++) {
    for (let offset = 0; offset < LISTINGS; offset += 500) {
      const listings = Array.from({ length: Math.min(500, LISTINGS - offset) }, (_, k) => listing(agency.index, offset + k, round));
      const body = JSON.stringify({ listings });
      for (;;) {
        const answer = await traffic.call('push', '/ingest/ingestListings', {
          method: 'POST',
          headers: { authorization: `Bearer ${agency.key}`, 'content-type': 'application/json' },
          body,
        });
        if (answer.status === 200) {
          const result = JSON.parse(answer.text) as {
            errors: unknown[];
            results: Array<{ externalId: string; serviceId: string; version: number }>;
          };
          assert.deepEqual(result.errors, [], 'every listing of the night is valid');
          for (const { externalId, serviceId, version } of result.results) {
            const entry = acks.get(serviceId) ?? { agency: agency.index, externalId, versions: [] };
            entry.versions.push(version);
            acks.set(serviceId, entry);
          }
          break;
        }
        await sleep(250);
      }
    }
    agency.roundsDone = round + 1;
    await sleep(NIGHT_GAP_MS);
  }
}

/** Visitors: the home page, searches and public listing pages, until told to stop. */
async function visit(traffic: Traffic, ids: string[], stop: () => boolean) {
  for (let n = 0; !stop(); n++) {
    const pick = Math.random();
    if (pick < 0.1) await traffic.call('home', '/');
    else if (pick < 0.4) {
      const [city] = CITIES[Math.floor(Math.random() * CITIES.length)]!;
      await traffic.call('search', `/listings?city=${encodeURIComponent(city)}&sort=price_asc`);
    } else await traffic.call('listing', `/listings/${ids[Math.floor(Math.random() * ids.length)]}`);
  }
}

/** Public listing ids, as visitors find them: from the search pages of a few cities. */
async function publicIds(traffic: Traffic): Promise<string[]> {
  const ids = new Set<string>();
  for (const [city] of CITIES.slice(0, 12)) {
    const page = await traffic.call('search', `/listings?city=${encodeURIComponent(city)}`);
    for (const match of page.text.matchAll(/\/listings\/(lst_[0-9A-Za-z]+)/g)) ids.add(match[1]!);
  }
  return [...ids];
}

interface Stop {
  at: number;
  /** When HAProxy first showed the server DOWN. */
  downAt: number;
  /** When the process's port first refused a connection. */
  closedAt: number;
  /** When HAProxy had it UP again, restarted by its supervisor. */
  upAt: number;
}

/** Signals a server's process and follows it: out of HAProxy, port closed, restarted, back in. */
async function stopServer(name: string, signal: 'SIGTERM' | 'SIGKILL'): Promise<Stop> {
  const { port } = fleet!.servers.find((s) => s.name === name)!;
  const pid = pidOf(fleet!, name);
  const at = Date.now();
  process.kill(pid, signal);
  let downAt = 0;
  let closedAt = 0;
  await waitFor(
    `${name} out of HAProxy and its port closed`,
    async () => {
      const [states, open] = await Promise.all([serverStates(fleet!), accepts(port)]);
      const now = Date.now();
      if (!downAt && states[name]!.startsWith('DOWN')) downAt = now;
      if (!closedAt && !open) closedAt = now;
      return downAt && closedAt;
    },
    60_000,
    20,
  );
  await waitFor(`${name} restarted`, async () => pidOf(fleet!, name) !== pid, 30_000);
  await allUp(fleet!);
  return { at, downAt, closedAt, upAt: Date.now() };
}

interface Delivery {
  id: string;
  type: string;
  timestamp: string;
  serviceId: string;
  version: number;
  arrived: number;
}

const deliveries = (receiver: Receiver): Delivery[] =>
  receiver.received.map(({ headers, body, at }) => {
    const event = JSON.parse(body) as { type: string; timestamp: string; data: { serviceId: string; version: number } };
    return { id: String(headers['webhook-id']), type: event.type, timestamp: event.timestamp, ...event.data, arrived: at };
  });

/** The server each request was sent to, by its x-request-id, from HAProxy's log (log-format in scripts/cluster.sh). */
function servedBy(log: string): Map<string, string> {
  const servers = new Map<string, string>();
  for (const match of log.matchAll(/ (s\d+|<NOSRV>) -?\d+ \S+ \S+ \S+ \S+ \{(cluster-\d+)\}/g)) servers.set(match[2]!, match[1]!);
  return servers;
}

const count = (calls: Call[], kind?: Kind) => calls.filter((c) => kind === undefined || c.kind === kind).length;

test(
  'the fleet: nightly pushes, site traffic and webhooks through HAProxy, while one server is stopped (SIGTERM) and another killed (SIGKILL)',
  {
    skip: fleet ? false : 'runs inside scripts/cluster.sh (HAProxy in front of several servers): see docs/operations.md',
    timeout: 900_000,
  },
  async (t) => {
    const receiver = await new Receiver().start();
    const traffic = new Traffic();
    const acks: Acks = new Map();
    try {
      const agencies = await Promise.all(Array.from({ length: AGENCIES }, (_, i) => createAgency(i, receiver.url(`/hook/${i}`))));
      let chaosOver = false;
      const pushing = Promise.all(agencies.map((agency) => nights(traffic, agency, acks, () => chaosOver)));
      pushing.catch(() => {});
      await waitFor('the first night of every agency', async () => agencies.every((a) => a.roundsDone >= 1), 600_000, 200);
      const ids = await publicIds(traffic);
      assert.ok(ids.length >= 20, `the site shows the listings pushed (${ids.length} found)`);
      let visitorsGo = true;
      const visiting = Promise.all(Array.from({ length: VISITORS }, () => visit(traffic, ids, () => !visitorsGo)));

      await sleep(2_000);
      const term = await stopServer('s1', 'SIGTERM');
      await sleep(2_000);
      const kill = await stopServer('s2', 'SIGKILL');
      await sleep(3_000);
      chaosOver = true;
      await pushing;
      visitorsGo = false;
      await visiting;

      // What failed, and where: only what s2 had in flight when it was killed.
      const failed = traffic.calls.filter((c) => c.status !== 200);
      // HAProxy answers 502 for a request its server dropped, naming the server; but a request sent
      // on a reused connection to the killed server gets its client connection closed, unlogged,
      // as a keep-alive server would (a browser retries that). Such a request must be in flight at
      // the kill (sent before HAProxy could notice the death), and not logged as served by another.
      const logged = servedBy(readFileSync(join(fleet!.dir, 'haproxy.log'), 'utf8'));
      const inFlightOnKilled = (c: Call) =>
        c.started <= kill.at + 100 && c.ended >= kill.at && (c.server === 's2' || (c.status === 0 && (logged.get(c.id) ?? 's2') === 's2'));
      const termLog = readFileSync(join(fleet!.dir, 's1.log'), 'utf8');

      // Nothing acknowledged lost: each listing is stored at the last version a push acknowledged.
      let lost = 0;
      for (const agency of agencies) {
        const stored = new Map<string, number>();
        for (let afterTs = 0; ;) {
          const page = await fetch(`${fleet!.url}/ingest/agencyListings?limit=1000&afterTs=${afterTs}`, {
            headers: { authorization: `Bearer ${agency.key}` },
          });
          const body = (await page.json()) as { listings: Array<{ serviceId: string; version: number }>; nextAfterTs: number | null };
          for (const entry of body.listings) stored.set(entry.serviceId, entry.version);
          if (body.nextAfterTs === null) break;
          afterTs = body.nextAfterTs;
        }
        for (const [serviceId, ack] of acks) {
          if (ack.agency === agency.index && stored.get(serviceId) !== ack.versions.at(-1)) lost++;
        }
      }
      const acknowledged = [...acks.values()].reduce((sum, ack) => sum + ack.versions.length, 0);
      const ackOutOfOrder = [...acks.values()].filter((ack) => ack.versions.some((v, i) => i > 0 && v < ack.versions[i - 1]!)).length;

      // Every change delivered, and each listing's changes in version order.
      const expected = [...acks.values()].reduce((sum, ack) => sum + ack.versions.at(-1)!, 0);
      const changes = () => deliveries(receiver).filter((d) => d.type === 'listing.created' || d.type === 'listing.updated');
      await waitFor(
        'every change delivered',
        async () => new Set(changes().map((d) => `${d.serviceId}/${d.version}`)).size >= expected,
        300_000,
        500,
      ).catch(() => {});
      const delivered = changes();
      const firstOf = new Map<string, Delivery>();
      for (const d of delivered) if (!firstOf.has(d.id)) firstOf.set(d.id, d);
      const byListing = new Map<string, Delivery[]>();
      for (const d of firstOf.values()) byListing.set(d.serviceId, [...(byListing.get(d.serviceId) ?? []), d]);
      let missing = 0;
      let outOfOrder = 0;
      let arrivedOutOfOrder = 0;
      for (const [serviceId, ack] of acks) {
        const events = byListing.get(serviceId) ?? [];
        const versions = new Set(events.map((e) => e.version));
        for (let v = 1; v <= ack.versions.at(-1)!; v++) if (!versions.has(v)) missing++;
        const byTime = [...events].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.version - b.version);
        if (byTime.some((e, i) => i > 0 && e.version <= byTime[i - 1]!.version)) outOfOrder++;
        const byArrival = [...events].sort((a, b) => a.arrived - b.arrived);
        if (byArrival.some((e, i) => i > 0 && e.version < byArrival[i - 1]!.version)) arrivedOutOfOrder++;
      }

      report(t, {
        agencies,
        traffic,
        failed,
        term,
        kill,
        termLog,
        lost,
        acknowledged,
        acks,
        delivered,
        firstOf,
        missing,
        outOfOrder,
        arrivedOutOfOrder,
      });

      assert.deepEqual(
        failed
          .filter((c) => !inFlightOnKilled(c))
          .map((c) => `${c.kind} ${c.id} ${c.status} ${c.error ?? ''} via ${c.server} ${c.started - kill.at} ms after the kill`),
        [],
        'only requests in flight on the killed process fail',
      );
      assert.ok(term.downAt < term.closedAt, 'HAProxy took the stopping server out before its port closed');
      assert.match(termLog, /draining: \/readyz answers 503/, 'the stopped server drained');
      assert.equal(lost, 0, 'nothing acknowledged is lost');
      assert.equal(ackOutOfOrder, 0, 'acknowledged versions only grow');
      assert.equal(missing, 0, 'every change is delivered');
      assert.equal(outOfOrder, 0, "each listing's changes are in version order");
    } finally {
      await receiver.close();
    }
  },
);

function report(
  t: TestContext,
  r: {
    agencies: Agency[];
    traffic: Traffic;
    failed: Call[];
    term: Stop;
    kill: Stop;
    termLog: string;
    lost: number;
    acknowledged: number;
    acks: Acks;
    delivered: Delivery[];
    firstOf: Map<string, Delivery>;
    missing: number;
    outOfOrder: number;
    arrivedOutOfOrder: number;
  },
) {
  const { calls } = r.traffic;
  const seconds = (Math.max(...calls.map((c) => c.ended)) - Math.min(...calls.map((c) => c.started))) / 1000;
  const failures = (list: Call[]) => {
    const groups = new Map<string, number>();
    for (const c of list) {
      const what = `${c.kind} ${c.status || `no answer (${c.error})`} via ${c.server ?? '-'}`;
      groups.set(what, (groups.get(what) ?? 0) + 1);
    }
    return list.length === 0 ? 'none' : [...groups].map(([what, n]) => `${n} × ${what}`).join(', ');
  };
  const inKill = r.failed.filter((c) => c.started <= r.kill.at && c.ended >= r.kill.at);
  const lines = [
    `fleet: ${fleetFromEnv()!.servers.length} servers and a worker behind HAProxy, ${process.env.DATABASE_READ_URL ? 'a primary and a replica' : 'one PostgreSQL'}; ${seconds.toFixed(0)} s of traffic`,
    `requests: ${calls.length} (pushes ${count(calls, 'push')}, home ${count(calls, 'home')}, searches ${count(calls, 'search')}, listing pages ${count(calls, 'listing')})`,
    `nights: ${r.agencies.length} agencies × ${LISTINGS} listings × ${Math.min(...r.agencies.map((a) => a.roundsDone))}–${Math.max(...r.agencies.map((a) => a.roundsDone))} rounds; ${r.acknowledged} listing versions acknowledged`,
    `SIGTERM s1: HAProxy took it out after ${r.term.downAt - r.term.at} ms, its port closed after ${r.term.closedAt - r.term.at} ms, back in after ${((r.term.upAt - r.term.at) / 1000).toFixed(1)} s`,
    `SIGKILL s2: HAProxy took it out after ${r.kill.downAt - r.kill.at} ms, back in after ${((r.kill.upAt - r.kill.at) / 1000).toFixed(1)} s`,
    `failed: ${r.failed.length} (${failures(r.failed)}); in flight on s2 at the kill: ${inKill.length}; others: ${r.failed.length - inKill.length}`,
    `lost: ${r.lost} of ${r.acks.size} listings (each stored at the last version acknowledged)`,
    `webhooks: ${r.delivered.length} deliveries of changes, ${r.firstOf.size} distinct (${r.delivered.length - r.firstOf.size} repeated), ${r.missing} missing; listings whose changes are out of version order: ${r.outOfOrder}; whose deliveries arrived out of order (allowed: §9): ${r.arrivedOutOfOrder}`,
  ];
  for (const line of lines) t.diagnostic(line);
}
