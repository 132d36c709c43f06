import { cpus } from 'node:os';
import pg from 'pg';
import {
  cpuSeconds,
  fmt,
  loadAverages,
  postgresCpu,
  startBenchServer,
  startBenchWorker,
  type BenchServer,
  type BenchWorker,
} from './lib.js';
import { BACKLOG_DOMAIN, queueAlertBacklog } from './mail-backlog.js';
import { contactBurst, percentile, setUp, SmtpSink, type Burst } from './mail-traffic.js';

export { contactBurst, setUp, SmtpSink } from './mail-traffic.js';

/** The steady phase: 50 contacts a second (150 mails) for a minute, far above a national portal's peak. */
const STEADY_RATE = 50;
const STEADY_SECONDS = 60;
/** The drain's promise: every mail of the burst accepted by the SMTP server this long after the burst began. */
const DRAIN_DEADLINE_MS = 150_000;
/** How long the benchmark waits for a mail still missing once none arrives any more: it is then counted lost. */
const QUIET_MS = 30_000;

/** `--name N` on the command line (`npm run bench -- mail --contacts 1000`), else the variable `env`, else `fallback`. */
function wholeNumber(name: string, env: string, fallback: number, min: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const given = at >= 0 ? process.argv[at + 1] : process.env[env];
  const value = Number(given ?? fallback);
  if (!Number.isInteger(value) || value < min || value > 60_000) throw new Error(`--${name} must be a whole number from ${min} to 60,000`);
  return value;
}

interface Run {
  server: BenchServer;
  worker: BenchWorker;
  db: pg.Client;
  sink: SmtpSink;
  serviceId: string;
  /** CPU seconds of the PostgreSQL server so far (every process of it). */
  postgres: () => number;
}

/** CPU seconds each process used since the meter started, from /proc, and the wall time. */
function meter(run: Run) {
  const read = () => ({
    server: cpuSeconds(run.server.child.pid!),
    worker: run.worker.cpuMs() / 1000,
    postgres: run.postgres(),
    wall: performance.now() / 1000,
  });
  const before = read();
  const ownBefore = process.cpuUsage();
  return () => {
    const now = read();
    const own = process.cpuUsage(ownBefore);
    return {
      server: now.server - before.server,
      worker: now.worker - before.worker,
      postgres: now.postgres - before.postgres,
      benchmark: (own.user + own.system) / 1e6,
      wall: now.wall - before.wall,
    };
  };
}
type Cost = ReturnType<ReturnType<typeof meter>>;

type Kind = 'acknowledgement' | 'agency' | 'backlog' | 'other';
interface Delivery {
  kind: Kind;
  committed: number;
  /** When the SMTP server accepted it; undefined: never (lost). */
  accepted: number | undefined;
}

const kindOf = (to: string): Kind =>
  to.startsWith('visiteur-')
    ? 'acknowledgement'
    : to.endsWith('@agence-bench.example')
      ? 'agency'
      : to.endsWith(BACKLOG_DOMAIN)
        ? 'backlog'
        : 'other';

/**
 * Waits until every mail the service wrote was accepted by the sink (or none arrived for
 * QUIET_MS: those missing are lost), then returns the mails written since `since`.
 */
async function deliveries(run: Run, since: Date): Promise<Delivery[]> {
  const { rows: written } = await run.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mails WHERE state <> 'kept'`);
  await run.sink.waitFor(written[0]!.n, QUIET_MS).catch((error: Error) => console.log(`  ${error.message}: the missing ones are lost`));
  const { rows } = await run.db.query<{ message_id: string; created_at: Date; to_address: string }>(
    `SELECT message_id, created_at, to_address FROM mails WHERE created_at >= $1 AND state <> 'kept'`,
    [since],
  );
  return rows.map((row) => ({
    kind: kindOf(row.to_address),
    committed: new Date(row.created_at).getTime(),
    accepted: run.sink.acceptedAt.get(row.message_id),
  }));
}

const sortedDelays = (mails: Delivery[]) =>
  mails.flatMap((m) => (m.accepted === undefined ? [] : [m.accepted - m.committed])).sort((a, b) => a - b);
const spread = (sorted: number[]) =>
  sorted.length
    ? `p50 ${fmt(percentile(sorted, 0.5))} ms  p95 ${fmt(percentile(sorted, 0.95))} ms  p99 ${fmt(percentile(sorted, 0.99))} ms`
    : 'none';

function costLine(cost: Cost, contacts: number, mails: number) {
  const busy = ((cost.server + cost.worker + cost.postgres + cost.benchmark) / cost.wall / cpus().length) * 100;
  return (
    `CPU over ${fmt(cost.wall, 1)} s: server ${fmt(cost.server, 1)} s (${fmt((cost.server / contacts) * 1000, 2)} ms/contact), ` +
    `worker ${fmt(cost.worker, 1)} s (${fmt((cost.worker / mails) * 1000, 2)} ms/mail), PostgreSQL ${fmt(cost.postgres, 1)} s ` +
    `(${fmt((cost.postgres / contacts) * 1000, 2)} ms/contact), benchmark ${fmt(cost.benchmark, 1)} s; machine ${fmt(busy)} % busy`
  );
}

/**
 * MAIL_STATEMENTS=n, with PG_EXTRA="-c shared_preload_libraries=pg_stat_statements": the n
 * statements that took PostgreSQL longest in a phase (wall time of their execution, lock waits
 * included), to see where its CPU goes. Returns what prints them at the phase's end.
 */
async function statementsOfPhase(db: pg.Client): Promise<() => Promise<void>> {
  const top = Number(process.env.MAIL_STATEMENTS ?? 0);
  if (!top) return async () => {};
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
  return async () => {
    const { rows } = await db.query<{ calls: string; ms: number; query: string }>(
      `SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT $1`,
      [top],
    );
    for (const row of rows)
      console.log(
        `      ${fmt(row.ms)} ms in ${fmt(Number(row.calls))} calls (${fmt(row.ms / Number(row.calls), 2)} ms each): ${row.query}`,
      );
  };
}

const statusLine = (statuses: Map<number, number>) => [...statuses].map(([status, n]) => `${fmt(n)} × ${status}`).join(', ');
const formLine = (burst: Burst, count: number) =>
  `${fmt(count)} contacts in ${fmt(burst.seconds, 1)} s (${fmt(count / burst.seconds, 1)}/s; ${statusLine(burst.statuses)}); the form's latency ${spread(burst.latencies)}`;

/** Contacts arriving at 50 a second: how long a mail waits, and the form answers, while the sender keeps up. */
async function steadyPhase(run: Run, count: number): Promise<Record<string, number>> {
  console.log(`  steady: ${fmt(STEADY_RATE)} contacts/s for ${fmt(count / STEADY_RATE)} s, load average at start ${loadAverages()}`);
  const statements = await statementsOfPhase(run.db);
  const since = new Date();
  const cost = meter(run);
  // Arrivals keep their pace whatever the answers' latency (up to 256 in flight): a slow form shows as latency, not as fewer contacts.
  const burst = await contactBurst(run.server, run.postgres, run.serviceId, count, 0, 256, STEADY_RATE);
  const mails = await deliveries(run, since);
  const spent = cost();
  const delays = sortedDelays(mails);
  console.log(`    ${formLine(burst, count)} (target p95 < 100 ms)`);
  console.log(
    `    commit → SMTP acceptance of ${fmt(delays.length)} of ${fmt(mails.length)} mails (${fmt(delays.length / burst.seconds)}/s): ${spread(delays)} (target p95 < 2,000 ms)`,
  );
  console.log(`    ${costLine(spent, count, mails.length)}; load average at the end ${loadAverages()}`);
  await statements();
  return {
    steady_contacts_per_s: count / burst.seconds,
    steady_form_p50_ms: percentile(burst.latencies, 0.5),
    steady_form_p95_ms: percentile(burst.latencies, 0.95),
    steady_form_p99_ms: percentile(burst.latencies, 0.99),
    steady_delay_p50_ms: percentile(delays, 0.5),
    steady_delay_p95_ms: percentile(delays, 0.95),
    steady_delay_p99_ms: percentile(delays, 0.99),
    steady_lost: mails.length - delays.length,
    steady_worker_cpu_ms_per_mail: (spent.worker / mails.length) * 1000,
    steady_server_cpu_ms_per_contact: (spent.server / count) * 1000,
  };
}

/**
 * A backlog of alert mails, then a burst of contacts as fast as the form takes them: when the
 * last mail leaves, none lost or sent twice, and whether the visitors' acknowledgements overtook the backlog.
 */
async function drainPhase(run: Run, count: number, backlog: number): Promise<Record<string, number>> {
  console.log(
    `  drain: ${fmt(backlog)} alert mails queued, then ${fmt(count)} contacts, 32 at a time; load average at start ${loadAverages()}`,
  );
  const statements = await statementsOfPhase(run.db);
  const since = new Date();
  const cost = meter(run);
  const duplicatesBefore = run.sink.duplicates;
  const queued = backlog ? await queueAlertBacklog(run.server, run.db, run.serviceId, backlog) : 0;
  const burst = await contactBurst(run.server, run.postgres, run.serviceId, count, 1);
  const loadAfterBurst = loadAverages();
  const mails = await deliveries(run, since);
  const spent = cost();
  const of = (kind: Kind) => mails.filter((m) => m.kind === kind);
  const lastAfterStart = (list: Delivery[]) => list.reduce((latest, m) => Math.max(latest, m.accepted ?? Infinity), 0) - burst.startedAt;
  const burstMails = mails.filter((m) => m.kind !== 'backlog');
  const lost = mails.filter((m) => m.accepted === undefined).length;
  const duplicates = run.sink.duplicates - duplicatesBefore;
  const last = lastAfterStart(burstMails);
  console.log(`    ${formLine(burst, count)}; load average after it ${loadAfterBurst}`);
  console.log(
    `    ${fmt(mails.length)} mails written (${fmt(queued)} of the backlog); ${fmt(mails.length - lost)} distinct Message-IDs accepted, ${fmt(lost)} lost, ${fmt(duplicates)} sent twice`,
  );
  console.log(
    `    last accepted, after the burst began: acknowledgement ${fmt(lastAfterStart(of('acknowledgement')) / 1000, 1)} s, agency mail ${fmt(lastAfterStart(of('agency')) / 1000, 1)} s` +
      `${queued ? `, backlog ${fmt(lastAfterStart(of('backlog')) / 1000, 1)} s` : ''}: the burst's ${fmt(burstMails.length)} mails ${last <= DRAIN_DEADLINE_MS ? 'within' : 'NOT within'} 150 s (${fmt(burstMails.length / (last / 1000))} mails/s)`,
  );
  const acknowledgements = sortedDelays(of('acknowledgement'));
  const backlogDelays = sortedDelays(of('backlog'));
  for (const [label, sorted] of [
    ['acknowledgements', acknowledgements],
    ['agency mails', sortedDelays(of('agency'))],
    ['alert backlog', backlogDelays],
  ] as const)
    console.log(`    commit → SMTP acceptance, ${label.padEnd(16)} ${spread(sorted)}`);
  const overtook = queued > 0 && percentile(acknowledgements, 0.95) < percentile(backlogDelays, 0.95);
  if (queued) console.log(`    acknowledgements' p95 ${overtook ? 'below' : 'NOT below'} the backlog's (the priority)`);
  console.log(`    ${costLine(spent, count, mails.length)}; load average at the end ${loadAverages()}`);
  await statements();
  return {
    drain_contacts_per_s: count / burst.seconds,
    drain_form_p95_ms: percentile(burst.latencies, 0.95),
    drain_last_ack_s: lastAfterStart(of('acknowledgement')) / 1000,
    drain_last_agency_s: lastAfterStart(of('agency')) / 1000,
    drain_last_s: last / 1000,
    drain_lost: lost,
    drain_duplicates: duplicates,
    drain_ack_p95_ms: percentile(acknowledgements, 0.95),
    ...(queued ? { drain_backlog_p95_ms: percentile(backlogDelays, 0.95) } : {}),
    drain_worker_cpu_ms_per_mail: (spent.worker / mails.length) * 1000,
  };
}

/**
 * Mail that keeps up with real traffic (docs/benchmarks.md, "Mail"): contacts through the
 * site's form of a server started with WORKER=0, their mails (two to the agency's pro users,
 * the visitor's acknowledgement) sent by a separate `listing-sync worker` to an SMTP server in
 * this process, which notes when it accepted each Message-ID. A steady phase, then a drain.
 * PostgreSQL only.
 */
export async function benchMail(): Promise<Record<string, number> | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: the mail benchmark runs on PostgreSQL (scripts/with-postgres.sh npm run bench -- mail)');
    return undefined;
  }
  const contacts = wholeNumber('contacts', 'MAIL_CONTACTS', 10_000, 1);
  const backlog = wholeNumber('backlog', 'MAIL_BACKLOG', Math.round(contacts / 5), 0);
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const server = await startBenchServer({ QUOTAS: '0', SITE_CACHE_MS: '0', WORKER: '0', SMTP_URL: smtpUrl });
  const db = new pg.Client({ connectionString: server.databaseUrl! });
  let worker: BenchWorker | null = null;
  try {
    await db.connect();
    const serviceId = await setUp(server, db);
    // MAIL_CPU_PROF=dir: the worker, which sends, writes a CPU profile there as it stops.
    const profile = process.env.MAIL_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.MAIL_CPU_PROF}`] : [];
    worker = await startBenchWorker(server.databaseUrl!, { SMTP_URL: smtpUrl }, profile);
    const run: Run = { server, worker, db, sink, serviceId, postgres: await postgresCpu(db) };
    const { rows } = await db.query<{ column_name: string }>(
      `SELECT table_name || '.' || column_name AS column_name FROM information_schema.columns
       WHERE table_name IN ('mails', 'jobs') AND column_name LIKE '%priorit%'`,
    );
    console.log(
      `  server (WORKER=0) pid ${server.child.pid}, worker pid ${worker.child.pid}; priority column of mail or jobs: ${rows.map((r) => r.column_name).join(', ') || 'none in this build'}`,
    );
    // What the processes cost with no traffic (polling, periodic jobs): the floor under each phase's CPU.
    const idle = meter(run);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const floor = idle();
    console.log(
      `  idle for ${fmt(floor.wall, 1)} s, CPU ms/s: server ${fmt((floor.server / floor.wall) * 1000)}, worker ${fmt((floor.worker / floor.wall) * 1000)}, PostgreSQL ${fmt((floor.postgres / floor.wall) * 1000)}`,
    );
    const steady = await steadyPhase(run, Math.min(contacts, STEADY_RATE * STEADY_SECONDS));
    const drain = await drainPhase(run, contacts, backlog);
    return { ...steady, ...drain };
  } finally {
    await worker?.stop();
    await db.end();
    await server.stop();
    await sink.close();
  }
}
