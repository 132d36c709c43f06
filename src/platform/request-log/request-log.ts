import type { Database } from '../db/database.js';
import { HOUR_MS, type PeriodicJob } from '../jobs/periodic.js';
import { parisDay } from '../calendar/paris-day.js';

export interface RequestLogEntry {
  at: Date;
  agencyId: string;
  keyId: string;
  env: 'live' | 'test';
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  requestId: string;
  /** Listings the call synchronised (0 for reads and failures). */
  listings: number;
}

/** The calendar day of an instant in France, where the pro space's daily figures are read. */
export const dayOf = parisDay;

/**
 * Buffers log lines of authenticated calls and writes them in batches off the request
 * path: one multi-row INSERT per flush, plus the keys' "last used" times. A request only
 * pushes to an array.
 */
export class RequestLogWriter {
  private buffer: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly options: { flushMs?: number; maxBuffer?: number; retentionDays: number; onError?: (error: unknown) => void },
  ) {}

  record(entry: RequestLogEntry) {
    this.buffer.push(entry);
    if (this.buffer.length >= (this.options.maxBuffer ?? 1000)) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs ?? 250);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.buffer;
    this.buffer = [];
    // Flushes are chained so lines land in order and a shutdown can await the last one.
    this.flushing = this.flushing
      .then(() => (batch.length ? this.write(batch) : undefined))
      .catch((error) => this.options.onError?.(error));
    return this.flushing;
  }

  private async write(batch: RequestLogEntry[]) {
    // One JSON document per batch: JSON.stringify is far cheaper than binding ten arrays.
    await this.db.query(
      `INSERT INTO request_log (at, agency_id, key_id, env, method, path, status, error_code, latency_ms, request_id)
       SELECT at, agency_id, key_id, env, method, path, status, error_code, latency_ms, request_id
       FROM json_to_recordset($1::json) AS r(at timestamptz, agency_id text, key_id text, env text, method text, path text,
            status integer, error_code text, latency_ms real, request_id text)`,
      [
        JSON.stringify(
          batch.map((e) => ({
            at: e.at,
            agency_id: e.agencyId,
            key_id: e.keyId,
            env: e.env,
            method: e.method,
            path: e.path,
            status: e.status,
            error_code: e.errorCode,
            latency_ms: e.latencyMs,
            request_id: e.requestId,
          })),
        ),
      ],
    );
    await this.rollUp(batch);
    const lastUse = new Map<string, Date>();
    for (const entry of batch) {
      const seen = lastUse.get(entry.keyId);
      if (!seen || seen < entry.at) lastUse.set(entry.keyId, entry.at);
    }
    await this.db.query(
      `UPDATE api_keys k SET last_used_at = u.at
       FROM unnest($1::text[], $2::timestamptz[]) AS u(id, at)
       WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.at)`,
      [[...lastUse.keys()], [...lastUse.values()].map((d) => d.toISOString())],
    );
  }

  /**
   * Daily figures per key, added up as lines are written: the pro space's 7-day panel reads a
   * few rows per key whatever the number of calls (docs/site-and-spaces.md, the key page).
   */
  private async rollUp(batch: RequestLogEntry[]) {
    const days = new Map<
      string,
      { key_id: string; day: string; agency_id: string; requests: number; failures: number; latency: number; listings: number }
    >();
    for (const e of batch) {
      const day = dayOf(e.at);
      const key = `${e.keyId} ${day}`;
      let row = days.get(key);
      if (!row) days.set(key, (row = { key_id: e.keyId, day, agency_id: e.agencyId, requests: 0, failures: 0, latency: 0, listings: 0 }));
      row.requests += 1;
      if (e.status >= 400) row.failures += 1;
      row.latency += e.latencyMs;
      row.listings += e.listings;
    }
    await this.db.query(
      `INSERT INTO request_daily AS d (agency_id, day, key_id, requests, failures, latency_ms_sum, listings)
       SELECT agency_id, day, key_id, requests, failures, latency, listings
       FROM json_to_recordset($1::json) AS r(agency_id text, day date, key_id text, requests integer, failures integer, latency float8, listings integer)
       ORDER BY agency_id, day, key_id
       ON CONFLICT (agency_id, day, key_id) DO UPDATE SET requests = d.requests + excluded.requests, failures = d.failures + excluded.failures,
         latency_ms_sum = d.latency_ms_sum + excluded.latency_ms_sum, listings = d.listings + excluded.listings`,
      [JSON.stringify([...days.values()])],
    );
  }

  /** Removes lines past the retention (a periodic job, `requestLogJobs`). */
  async purge() {
    await this.db.query(`DELETE FROM request_log WHERE at < now() - make_interval(days => $1)`, [this.options.retentionDays]);
    await this.db.query(`DELETE FROM request_daily WHERE day < (now() - make_interval(days => $1))::date`, [this.options.retentionDays]);
  }

  async close() {
    await this.flush();
  }
}

/** Lines past the retention are removed every hour. */
export const requestLogJobs = (log: RequestLogWriter): PeriodicJob[] => [
  { name: 'request-log.purge', everyMs: HOUR_MS, run: () => log.purge() },
];
