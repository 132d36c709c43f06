import type { Database } from '../../platform/db/database.js';
import { parisDay } from '../../platform/calendar/paris-day.js';
import { audienceDevice, type Device } from './device.js';
import { repeat, type Repeating } from '../../platform/jobs/background.js';

/** The three audience measures of docs/decisions.md §17. */
export const AUDIENCE_MEASURES = ['searchAppearances', 'detailViews', 'leads'] as const;
export type AudienceMeasure = (typeof AUDIENCE_MEASURES)[number];

interface Tally {
  listingId: string;
  day: string;
  device: Device;
  searchAppearances: number;
  detailViews: number;
  leads: number;
}

export interface AudienceCounterOptions {
  /** AUDIENCE=0 turns counting off (a benchmark's comparison); recording is then a no-op. */
  enabled: boolean;
  /** How often the counts are written (AUDIENCE_FLUSH_MS): the most a crash can lose. */
  flushMs: number;
  now: () => Date;
  /** Distinct (listing, day, device) rows held before a write is started early. */
  maxRows?: number;
  onError?: (error: unknown) => void;
}

const MINUTE_MS = 60_000;

/**
 * The audience as a process sees it (docs/decisions.md §17): a visit adds to a row in memory,
 * and every `flushMs` (and on a graceful stop) the rows are written in one statement that adds
 * them to what other processes wrote. A page costs a map lookup, never a query; a crash loses
 * what was counted since the last write, at most `flushMs` and the time of one write.
 *
 * Only public listings are counted: the write joins the `public_listings` view (the owner of
 * "is this listing public"), so a count for a listing that is not public when it is written —
 * a page served from the cache just after the listing left the site, an id nobody has — is
 * dropped there.
 */
export class AudienceCounter {
  private rows = new Map<string, Tally>();
  private timer: Repeating | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** The Paris day of the current minute: midnight in Paris always falls on a whole minute. */
  private dayMinute = -1;
  private day = '';

  constructor(
    private readonly db: Database,
    private readonly options: AudienceCounterOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Rows counted in memory and not yet written: what a crash now would lose. */
  get pendingRows(): number {
    return this.rows.size;
  }

  start(): void {
    if (!this.options.enabled || this.timer) return;
    this.timer = repeat(this.options.flushMs, () => this.flush());
  }

  /**
   * Counts one visit by `userAgent` for each listing named: a result page counts each listing
   * it shows, a listing page and a contact their one listing. Crawlers are not counted.
   */
  record(measure: AudienceMeasure, serviceIds: readonly string[], userAgent: string | undefined): void {
    if (!this.options.enabled || serviceIds.length === 0) return;
    const device = audienceDevice(userAgent);
    if (device === null) return;
    const day = this.today();
    for (const listingId of serviceIds) {
      const key = `${listingId} ${day} ${device}`;
      let tally = this.rows.get(key);
      if (!tally) this.rows.set(key, (tally = { listingId, day, device, searchAppearances: 0, detailViews: 0, leads: 0 }));
      tally[measure] += 1;
    }
    if (this.rows.size >= (this.options.maxRows ?? 50_000)) void this.flush();
  }

  /** Writes every count held so far; resolves once they are in the database (or reported lost). */
  flush(): Promise<void> {
    if (this.rows.size === 0) return this.writing;
    const batch = [...this.rows.values()];
    this.rows = new Map();
    // Writes are chained: a stop awaits the last one, and two never race on the same rows.
    this.writing = this.writing.then(() => this.write(batch)).catch((error) => this.giveBack(batch, error));
    return this.writing;
  }

  /** Stops the timer and writes what is left: the graceful stop's last flush. */
  async close(): Promise<void> {
    this.timer?.stop();
    this.timer = null;
    await this.flush();
  }

  private today(): string {
    const now = this.options.now();
    const minute = Math.floor(now.getTime() / MINUTE_MS);
    if (minute !== this.dayMinute) {
      this.dayMinute = minute;
      this.day = parisDay(now);
    }
    return this.day;
  }

  private async write(batch: Tally[]): Promise<void> {
    // One JSON document per batch; rows in key order, so that processes writing at once take
    // their row locks in the same order and never deadlock.
    await this.db.query(
      `INSERT INTO listing_audience AS a (listing_id, day, device, agency_id, search_appearances, detail_views, leads)
       SELECT p.id, r.day, r.device, p.agency_id, r.search_appearances, r.detail_views, r.leads
       FROM json_to_recordset($1::json) AS r(listing_id text, day date, device text, search_appearances bigint, detail_views bigint, leads bigint)
       JOIN public_listings p ON p.id = r.listing_id
       ORDER BY p.id, r.day, r.device
       ON CONFLICT (listing_id, day, device) DO UPDATE SET search_appearances = a.search_appearances + excluded.search_appearances,
         detail_views = a.detail_views + excluded.detail_views, leads = a.leads + excluded.leads`,
      [
        JSON.stringify(
          batch.map((t) => ({
            listing_id: t.listingId,
            day: t.day,
            device: t.device,
            search_appearances: t.searchAppearances,
            detail_views: t.detailViews,
            leads: t.leads,
          })),
        ),
      ],
    );
  }

  /**
   * A write that failed (the database away for a moment) is retried with the next one: its
   * counts go back into memory, up to the usual bound; past it they are reported and dropped.
   */
  private giveBack(batch: Tally[], error: unknown): void {
    this.options.onError?.(error);
    const room = (this.options.maxRows ?? 50_000) * 2;
    for (const tally of batch) {
      const key = `${tally.listingId} ${tally.day} ${tally.device}`;
      const held = this.rows.get(key);
      if (held) for (const measure of AUDIENCE_MEASURES) held[measure] += tally[measure];
      else if (this.rows.size < room) this.rows.set(key, tally);
    }
  }
}
