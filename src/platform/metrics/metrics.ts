import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUse } from '../db/database.js';
import type { ReplicaState } from '../db/read-database.js';
import type { AttemptOutcome } from '../jobs/runner.js';
import { RequestTally } from './request-tally.js';

/** Label of a request no route matched: raw paths never become labels (they hold ids and anything a client sends). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The methods a route may be declared with; anything else the HTTP parser lets through is OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The lookups of the public site's page cache (src/edge/site/page-cache.ts). */
export type PageCacheLookup = 'hit' | 'stale' | 'miss';

/** What the scrape reads from the database and the pools, each time (docs/operations.md, "Metrics"). */
export interface ScrapeSources {
  jobs(): Promise<{ waitingByName: Record<string, number>; oldestWaitingSeconds: number | null; failed: number }>;
  mail(): Promise<{ queued: number; oldestQueuedSeconds: number | null }>;
  webhooks(): Promise<{ pending: number; oldestPendingSeconds: number | null }>;
  /** How far each follower of the event outbox is behind its agencies' clocks. */
  outbox(): Promise<Array<{ consumer: string; events: number; seconds: number }>>;
  pools(): Array<{ database: 'primary' | 'primary_reads' | 'replica'; use: PoolUse }>;
  replica(): ReplicaState | null;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PUSH_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const PUSH_SIZES = [1, 10, 50, 100, 250, 500];
const JOB_SECONDS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

/**
 * The service's Prometheus metrics (docs/operations.md, "Metrics"), one owner for their names,
 * labels and buckets. It exists only when METRICS_TOKEN is set: without it nothing is measured.
 *
 * Labels are bounded by construction: route templates (or UNMATCHED_ROUTE), a fixed list of
 * methods, status codes, job names from the code, fixed outcomes. Nothing a client sends and no
 * id ever becomes a label. Counters and histograms are of this process; the backlog gauges are
 * read from the database at each scrape, so every process reports the same figures (take the
 * max across processes).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new RequestTally(
    this.registry,
    { requests: 'listing_sync_http_requests_total', durations: 'listing_sync_http_request_duration_seconds' },
    {
      requests: 'HTTP requests answered, by method, route template and status.',
      durations: 'Time to answer an HTTP request, by method and route template.',
    },
    SECONDS,
  );
  private readonly pushDurations = new Histogram({
    name: 'listing_sync_push_duration_seconds',
    help: 'Time to answer a bulk write of listings (ingestListings, v1 batch), by route template.',
    labelNames: ['route'] as const,
    buckets: PUSH_SECONDS,
    registers: [this.registry],
  });
  private readonly pushSizes = new Histogram({
    name: 'listing_sync_push_listings',
    help: 'Listings written without error per bulk write, by route template (its _sum counts the listings).',
    labelNames: ['route'] as const,
    buckets: PUSH_SIZES,
    registers: [this.registry],
  });
  private readonly jobAttempts = new Counter({
    name: 'listing_sync_job_attempts_total',
    help: 'Background job attempts run by this process, by job and outcome (done, retry, failed, later).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobDurations = new Histogram({
    name: 'listing_sync_job_duration_seconds',
    help: 'Time a background job attempt ran in this process, by job.',
    labelNames: ['job'] as const,
    buckets: JOB_SECONDS,
    registers: [this.registry],
  });
  private readonly pageCache = new Counter({
    name: 'listing_sync_page_cache_lookups_total',
    help: 'Public pages asked of the page cache, by result: hit (fresh), stale (served while rendered again), miss (rendered).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly departures = new Counter({
    name: 'listing_sync_site_departures_total',
    help: 'Notices heard of a listing leaving the public site (each drops the cached pages showing it).',
    registers: [this.registry],
  });

  private readonly gauge = (name: string, help: string, labelNames: readonly string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [this.registry] });
  private readonly databaseUp = this.gauge('listing_sync_database_up', '1 when the backlog figures below could be read at this scrape.');
  private readonly jobsWaiting = this.gauge(
    'listing_sync_jobs_waiting',
    'Due background jobs no runner holds, by job (counted up to 100,000).',
    ['job'],
  );
  private readonly jobsOldest = this.gauge(
    'listing_sync_jobs_oldest_waiting_seconds',
    'How long the job due first has waited for a runner (0: none waits).',
  );
  private readonly jobsFailed = this.gauge('listing_sync_jobs_failed', 'Jobs out of attempts, kept a week for inspection.');
  private readonly mailQueued = this.gauge(
    'listing_sync_mail_queued',
    'Mails waiting for the SMTP server, retries included (counted up to 100,000).',
  );
  private readonly mailOldest = this.gauge(
    'listing_sync_mail_oldest_queued_seconds',
    'Age of the oldest mail waiting for the SMTP server (0: none waits).',
  );
  private readonly webhooksPending = this.gauge(
    'listing_sync_webhook_deliveries_pending',
    'Webhook deliveries waiting for an attempt (counted up to 100,000).',
  );
  private readonly webhooksOldest = this.gauge(
    'listing_sync_webhook_oldest_pending_seconds',
    'Age of the oldest change whose webhook delivery still waits (0: none waits).',
  );
  private readonly outboxLagEvents = this.gauge(
    'listing_sync_outbox_lag_events',
    'Committed events a follower of the outbox has not read yet, by consumer (counted up to 100,000).',
    ['consumer'],
  );
  private readonly outboxLagSeconds = this.gauge(
    'listing_sync_outbox_lag_seconds',
    'Age of the oldest committed event a follower of the outbox has not read yet, by consumer (0: none).',
    ['consumer'],
  );
  private readonly poolConnections = this.gauge(
    'listing_sync_db_pool_connections',
    "This process's database connections, by pool (primary, primary_reads, replica) and state (busy, idle).",
    ['database', 'state'],
  );
  private readonly poolWaiting = this.gauge('listing_sync_db_pool_waiting', 'Queries waiting for a free connection, by database.', [
    'database',
  ]);
  private readonly poolMax = this.gauge('listing_sync_db_pool_max', 'Connections the pool may open, by database.', ['database']);
  /** Registered at the first scrape that finds a replica: without one, no replica figure is shown at all. */
  private replicaGauges: { up: Gauge; lagSeconds: Gauge; lagBytes: Gauge; reading: Gauge } | null = null;

  constructor(private readonly sources: ScrapeSources) {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One answered request; `route` is the matched route's template, or null. */
  request(method: string, route: string | null, status: number, seconds: number): void {
    this.requests.add(METHODS.has(method) ? method : 'OTHER', route ?? UNMATCHED_ROUTE, status, seconds);
  }

  /** A bulk write answered with `listings` written; `route` is its template. */
  push(route: string, listings: number, seconds: number): void {
    this.pushDurations.labels(route).observe(seconds);
    this.pushSizes.labels(route).observe(listings);
  }

  jobAttempt(name: string, outcome: AttemptOutcome, seconds: number): void {
    this.jobAttempts.labels(name, outcome).inc();
    if (outcome !== 'later') this.jobDurations.labels(name).observe(seconds);
  }

  pageCacheLookup(result: PageCacheLookup): void {
    this.pageCache.labels(result).inc();
  }

  departure(): void {
    this.departures.inc();
  }

  /** The exposition text, with the backlogs, pools and replica read now. */
  async scrape(): Promise<string> {
    await this.readSources();
    return this.registry.metrics();
  }

  private async readSources(): Promise<void> {
    for (const { database, use } of this.sources.pools()) {
      this.poolConnections.labels(database, 'busy').set(use.open - use.idle);
      this.poolConnections.labels(database, 'idle').set(use.idle);
      this.poolWaiting.labels(database).set(use.waiting);
      this.poolMax.labels(database).set(use.max);
    }
    const replica = this.sources.replica();
    if (replica) {
      const gauges = (this.replicaGauges ??= this.registerReplicaGauges());
      gauges.up.set(replica.reachable ? 1 : 0);
      gauges.reading.set(replica.reading === 'replica' ? 1 : 0);
      // Unknown while the replica does not answer: NaN, which no alert threshold matches, rather than a made-up 0.
      gauges.lagSeconds.set(replica.lagSeconds ?? NaN);
      gauges.lagBytes.set(replica.lagBytes ?? NaN);
    }
    try {
      const [jobs, mail, webhooks, outbox] = await Promise.all([
        this.sources.jobs(),
        this.sources.mail(),
        this.sources.webhooks(),
        this.sources.outbox(),
      ]);
      // A job seen waiting at an earlier scrape and not now is absent, never left at its old figure.
      this.jobsWaiting.reset();
      for (const [job, waiting] of Object.entries(jobs.waitingByName)) this.jobsWaiting.labels(job).set(waiting);
      this.jobsOldest.set(jobs.oldestWaitingSeconds ?? 0);
      this.jobsFailed.set(jobs.failed);
      this.mailQueued.set(mail.queued);
      this.mailOldest.set(mail.oldestQueuedSeconds ?? 0);
      this.webhooksPending.set(webhooks.pending);
      this.webhooksOldest.set(webhooks.oldestPendingSeconds ?? 0);
      for (const { consumer, events, seconds } of outbox) {
        this.outboxLagEvents.labels(consumer).set(events);
        this.outboxLagSeconds.labels(consumer).set(seconds);
      }
      this.databaseUp.set(1);
    } catch {
      // The database is down: the scrape still answers, the figures it could not read are NaN
      // (unknown, never an old value or a reassuring 0), and listing_sync_database_up says why.
      this.jobsWaiting.reset();
      this.outboxLagEvents.reset();
      this.outboxLagSeconds.reset();
      for (const gauge of [this.jobsOldest, this.jobsFailed, this.mailQueued, this.mailOldest, this.webhooksPending, this.webhooksOldest])
        gauge.set(NaN);
      this.databaseUp.set(0);
    }
  }

  private registerReplicaGauges() {
    return {
      up: this.gauge('listing_sync_replica_up', '1 when the read replica (DATABASE_READ_URL) answered its last check.'),
      lagSeconds: this.gauge(
        'listing_sync_replica_lag_seconds',
        'How long the oldest change the replica has not replayed has been committed on the primary (to about a second).',
      ),
      lagBytes: this.gauge('listing_sync_replica_lag_bytes', 'WAL bytes the primary has written that the replica has not replayed.'),
      reading: this.gauge(
        'listing_sync_replica_reading',
        '1 while the site and the relay read the replica, 0 while they fall back to the primary.',
      ),
    };
  }
}
