import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { adminCall, cpuSeconds, fmt, postgresCpu, startBenchServer, type BenchServer } from './lib.js';
import { v1Body } from '../test/helpers/v1.js';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** `--contacts N` on the command line (`npm run bench mail -- --contacts 1000`), else MAIL_CONTACTS, else 10,000. */
function contactCount(): number {
  const at = process.argv.indexOf('--contacts');
  const given = at >= 0 ? process.argv[at + 1] : process.env.MAIL_CONTACTS;
  const count = Number(given ?? 10_000);
  if (!Number.isInteger(count) || count < 1 || count > 60_000) throw new Error('--contacts must be a whole number from 1 to 60,000');
  return count;
}

/**
 * An SMTP server in the benchmark's process that accepts every mail, without authentication,
 * and notes when each one's DATA ended (the acceptance), by its Message-ID.
 */
export class SmtpSink {
  readonly acceptedAt = new Map<string, number>();
  private waiters = new Set<() => void>();
  private server = new SMTPServer({
    logger: false,
    // The sink's own work is not the service's: no reverse DNS of each connection's address.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: (stream, _session, callback) => {
      let head = '';
      let messageId: string | null = null;
      stream.on('data', (chunk: Buffer) => {
        // The Message-ID is in the header block, at the start of the message.
        if (messageId !== null || head.length > 64 * 1024) return;
        head += chunk.toString('latin1');
        messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? null;
      });
      stream.on('end', () => {
        if (messageId !== null) this.acceptedAt.set(messageId, Date.now());
        callback();
        for (const wake of this.waiters) wake();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` mails were accepted; rejects when none arrived for `quietMs`. */
  waitFor(count: number, quietMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      let seen = this.acceptedAt.size;
      let timer = setTimeout(() => fail(), quietMs);
      const fail = () => {
        this.waiters.delete(check);
        reject(new Error(`${this.acceptedAt.size} of ${count} mails accepted; none for ${quietMs / 1000} s`));
      };
      const check = () => {
        if (this.acceptedAt.size >= count) {
          clearTimeout(timer);
          this.waiters.delete(check);
          return resolve();
        }
        if (this.acceptedAt.size !== seen) {
          seen = this.acceptedAt.size;
          clearTimeout(timer);
          timer = setTimeout(() => fail(), quietMs);
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Contact `i`'s client address: one of 127.0.0.0/8 (all loopback on Linux), bound as the
 * connection's source, so the server sees each contact come from its own address as it would
 * behind no proxy (trustProxy is off: request.ip is the peer's address) and the per-address
 * limit of 10 an hour never refuses the benchmark. `phase` keeps the two servers' apart.
 */
const clientAddress = (phase: number, i: number) => `127.${100 + phase}.${(i >> 8) & 255}.${i & 255}`;

/** One form post from its own address on a connection of its own; resolves with the status. */
function postContact(url: URL, path: string, body: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          accept: 'text/html',
          connection: 'close',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Burst {
  seconds: number;
  /** The server's CPU seconds during the burst. */
  cpu: number;
  /** PostgreSQL's CPU seconds (all its processes) and this benchmark's (clients and SMTP sink) during the burst. */
  databaseCpu: number;
  ownCpu: number;
  statuses: Map<number, number>;
  latencies: number[];
  startedAt: number;
  endedAt: number;
}

/** The steady phase's arrival rate: 40 contacts (120 mails) a second, for a minute at most. */
const PACED_RATE = 40;

/** `count` contacts on one listing, `connections` at a time, each with its own address and e-mail. */
export async function contactBurst(
  server: BenchServer,
  databaseCpu: () => number,
  serviceId: string,
  count: number,
  phase: number,
  connections = 32,
  /** Contacts per second, arriving steadily; none: as fast as the server answers. */
  rate?: number,
): Promise<Burst> {
  const url = new URL(server.url);
  const path = `/listings/${serviceId}/contact`;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const startedAt = Date.now();
  const started = performance.now();
  const cpuBefore = cpuSeconds(server.child.pid!);
  const databaseBefore = databaseCpu();
  const ownBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const due = rate ? started + (i * 1000) / rate - performance.now() : 0;
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        const body = new URLSearchParams({
          name: `Visiteur ${i}`,
          email: `visiteur-${phase}-${i}@bench.example`,
          phone: '06 12 34 56 78',
          message: `Bonjour, ce bien est-il toujours disponible ? Je serais disponible pour une visite samedi matin. (contact ${i})`,
        }).toString();
        const at = performance.now();
        const status = await postContact(url, path, body, clientAddress(phase, i));
        latencies.push(performance.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    cpu: cpuSeconds(server.child.pid!) - cpuBefore,
    databaseCpu: databaseCpu() - databaseBefore,
    ownCpu: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(ownBefore)),
    statuses,
    latencies: latencies.sort((a, b) => a - b),
    startedAt,
    endedAt: Date.now(),
  };
}

/** The demo agency with two pro users on `each` and one public listing: each contact writes 3 mails. */
export async function setUp(server: BenchServer, db: pg.Client): Promise<string> {
  for (const n of [1, 2])
    await db.query(`INSERT INTO users (id, agency_id, email, password_hash, role) VALUES ($1, $2, $3, 'unused', 'agent')`, [
      `usr_bench${n}`,
      server.agencyId,
      `agent${n}@agence-bench.example`,
    ]);
  const response = await fetch(`${server.url}/v1/listings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(v1Body('MAIL-1')),
  });
  const created = (await response.json()) as { serviceId: string };
  if (![200, 201].includes(response.status)) throw new Error(`listing not created: ${response.status} ${JSON.stringify(created)}`);
  const { rows } = await db.query<{ moderation_state: string }>('SELECT moderation_state FROM listings WHERE id = $1', [created.serviceId]);
  if (rows[0]?.moderation_state !== 'approved')
    await adminCall(server, 'POST', `/listings/${created.serviceId}/moderation`, { decision: 'approve' });
  const { rowCount } = await db.query('SELECT 1 FROM public_listings WHERE id = $1', [created.serviceId]);
  if (!rowCount) throw new Error('the listing is not public');
  return created.serviceId;
}

const statusLine = (statuses: Map<number, number>) => [...statuses].map(([status, n]) => `${fmt(n)} × ${status}`).join(', ');

/**
 * Issue (messaging): 10,000 contacts through the site's form in a burst, against an agency with
 * two pro users on `each`: 30,000 mails, handed to an SMTP server in this process. Measures the
 * mails/s one service process sends, the delay from each mail's commit (its row's created_at)
 * to its acceptance by the SMTP server, and the form's throughput with mail on against mail
 * off (no SMTP_URL: the mails are kept in the mailbox). PostgreSQL only.
 */
export async function benchMail(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the mail benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench mail)');
    return undefined;
  }
  const contacts = contactCount();
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const env = { QUOTAS: '0', SITE_CACHE_MS: '0' };
  console.log(`  ${fmt(contacts)} contacts, 32 at a time, each from its own address and e-mail; load average at start ${load()}`);
  try {
    // Mail off: no SMTP_URL, the sender keeps every mail in the mailbox.
    const off = await startBenchServer(env);
    let offBurst: Burst;
    const offDb = new pg.Client({ connectionString: off.databaseUrl! });
    await offDb.connect();
    try {
      offBurst = await contactBurst(off, await postgresCpu(offDb), await setUp(off, offDb), contacts, 0);
    } finally {
      await offDb.end();
      await off.stop();
    }

    // Mail on: the same burst on a fresh database, the sender handing every mail to the sink.
    // MAIL_CPU_PROF=dir: the mail-on server writes a CPU profile there (where its time goes).
    const profile = process.env.MAIL_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MAIL_CPU_PROF}`] : [];
    const on = await startBenchServer({ ...env, SMTP_URL: smtpUrl }, profile);
    const db = new pg.Client({ connectionString: on.databaseUrl! });
    await db.connect();
    try {
      const serviceId = await setUp(on, db);
      const onDatabaseCpu = await postgresCpu(db);
      const onBurst = await contactBurst(on, onDatabaseCpu, serviceId, contacts, 1);
      const loadAfterBurst = load();
      const cpuAfterBurst = cpuSeconds(on.child.pid!);
      const { rows: counted } = await db.query<{ n: string }>('SELECT count(*) AS n FROM mails');
      const expected = Number(counted[0]!.n);
      await sink.waitFor(expected);
      const drainCpu = cpuSeconds(on.child.pid!) - cpuAfterBurst;
      const { rows } = await db.query<{ message_id: string; created_at: Date; to_address: string }>(
        'SELECT message_id, created_at, to_address FROM mails',
      );
      const delays: number[] = [];
      const agencyDelays: number[] = [];
      let firstCommit = Infinity;
      let lastAccepted = 0;
      let duringBurst = 0;
      for (const row of rows) {
        const accepted = sink.acceptedAt.get(row.message_id);
        if (accepted === undefined) continue;
        const committed = new Date(row.created_at).getTime();
        delays.push(accepted - committed);
        if (row.to_address.endsWith('@agence-bench.example')) agencyDelays.push(accepted - committed);
        firstCommit = Math.min(firstCommit, committed);
        lastAccepted = Math.max(lastAccepted, accepted);
        if (accepted <= onBurst.endedAt) duringBurst++;
      }
      delays.sort((a, b) => a - b);
      agencyDelays.sort((a, b) => a - b);
      const sendSeconds = (lastAccepted - firstCommit) / 1000;
      const mailsPerSecond = delays.length / sendSeconds;
      const afterBurst = delays.length - duringBurst;
      const drainSeconds = (lastAccepted - onBurst.endedAt) / 1000;
      const offRps = contacts / offBurst.seconds;
      const onRps = contacts / onBurst.seconds;
      const line = (label: string, burst: Burst) =>
        console.log(
          `  ${label.padEnd(36)} ${fmt(contacts / burst.seconds).padStart(6)} req/s  p50 ${fmt(percentile(burst.latencies, 0.5))} ms  p99 ${fmt(percentile(burst.latencies, 0.99))} ms  CPU ms/contact: server ${fmt((burst.cpu / contacts) * 1000, 2)}, PostgreSQL ${fmt((burst.databaseCpu / contacts) * 1000, 2)}, benchmark ${fmt((burst.ownCpu / contacts) * 1000, 2)}; machine ${fmt(((burst.cpu + burst.databaseCpu + burst.ownCpu) / burst.seconds / cpus().length) * 100)} % busy  (${statusLine(burst.statuses)})`,
        );
      line('contact form, mail off (kept)', offBurst);
      line('contact form, mail on (SMTP)', onBurst);
      console.log(`  form throughput with mail on          ${fmt((onRps / offRps) * 100, 1)} % of mail off (target ≥ 80 %)`);
      console.log(
        `  mails sent                            ${fmt(delays.length)} of ${fmt(expected)} in ${fmt(sendSeconds, 1)} s from the first commit: ${fmt(mailsPerSecond)} mails/s from one process (target ≥ 200)`,
      );
      console.log(
        `    during the burst                    ${fmt(duringBurst)} (${fmt(duringBurst / onBurst.seconds)} mails/s while the form took ${fmt(onRps)} contacts/s, ${fmt(onRps * 3)} mails/s)`,
      );
      if (afterBurst > 0)
        console.log(
          `    after it, the sender alone          ${fmt(afterBurst)} in ${fmt(drainSeconds, 1)} s: ${fmt(afterBurst / drainSeconds)} mails/s, server CPU ${fmt((drainCpu / afterBurst) * 1000, 2)} ms/mail`,
        );
      console.log(
        `  commit → SMTP acceptance              p50 ${fmt(percentile(delays, 0.5))} ms  p95 ${fmt(percentile(delays, 0.95))} ms  p99 ${fmt(percentile(delays, 0.99))} ms (target p95 < 2,000 ms)`,
      );
      console.log(
        `    to the 2 pro users                  p50 ${fmt(percentile(agencyDelays, 0.5))} ms  p95 ${fmt(percentile(agencyDelays, 0.95))} ms (each user's mails leave one after the other, in order)`,
      );
      console.log(`  load average after the burst ${loadAfterBurst}, at the end ${load()}`);

      // Then contacts arriving steadily, below what the sender sends: how long a mail waits
      // when the service keeps up (the burst above measures what happens when it cannot).
      const paced = Math.min(contacts, PACED_RATE * 60);
      const pacedFrom = new Date();
      const pacedBurst = await contactBurst(on, onDatabaseCpu, serviceId, paced, 2, 32, PACED_RATE);
      const { rows: pacedCount } = await db.query<{ n: string }>('SELECT count(*) AS n FROM mails');
      await sink.waitFor(Number(pacedCount[0]!.n));
      const { rows: pacedRows } = await db.query<{ message_id: string; created_at: Date }>(
        'SELECT message_id, created_at FROM mails WHERE created_at >= $1',
        [pacedFrom],
      );
      const pacedDelays = pacedRows
        .map((row) => (sink.acceptedAt.get(row.message_id) ?? Infinity) - new Date(row.created_at).getTime())
        .sort((a, b) => a - b);
      console.log(
        `  steady arrivals, ${fmt(paced / pacedBurst.seconds)} contacts/s (${fmt((paced / pacedBurst.seconds) * 3)} mails/s) for ${fmt(pacedBurst.seconds)} s: commit → SMTP acceptance p50 ${fmt(percentile(pacedDelays, 0.5))} ms  p95 ${fmt(percentile(pacedDelays, 0.95))} ms  p99 ${fmt(percentile(pacedDelays, 0.99))} ms (target p95 < 2,000 ms)`,
      );
      return {
        pacedP95: percentile(pacedDelays, 0.95),
        offRps,
        onRps,
        ratio: onRps / offRps,
        mailsPerSecond,
        p50: percentile(delays, 0.5),
        p95: percentile(delays, 0.95),
        p99: percentile(delays, 0.99),
      };
    } finally {
      await db.end();
      await on.stop();
    }
  } finally {
    await sink.close();
  }
}
