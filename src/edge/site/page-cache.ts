import { ALL_LISTINGS } from '../../domain/public-listings/departures.js';

/**
 * A few seconds of memory for the public pages everyone asks for (the home page, a city's
 * search, a listing), held by each process. Public pages may be that stale while listings merely
 * change: they are served with `max-age=60` anyway. A listing that leaves the site is another
 * matter (docs/decisions.md §19): every process is told (`forget`, from the database's NOTIFY)
 * and drops the pages that show it, so none is served from memory a second later.
 *
 * A page older than the TTL is still served, for up to STALE_FACTOR times the TTL, while one
 * request renders it again in the background (stale-while-revalidate), and requests for a page
 * being rendered wait for that one rendering: a popular page is never rendered twice at once,
 * and no visitor waits for a page that merely expired.
 */
export interface CachedPage {
  status: number;
  body: string;
  /**
   * The serviceIds of the listings the page shows, kept with it: their departure drops it, and
   * a results page served from memory still counts their appearances (audience.ts).
   */
  shows?: readonly string[];
}

/** A rendered page, and whether it may be kept. */
export type Rendered = CachedPage & { cacheable: boolean };

/** How a request for a page was answered: from memory, stale from memory while it is rendered again, or rendered. */
export type CacheLookup = 'hit' | 'stale' | 'miss';

export interface PageCacheOptions {
  onError?: (error: unknown) => void;
  onLookup?: (result: CacheLookup) => void;
}

const STALE_FACTOR = 6;

interface Entry extends CachedPage {
  freshUntil: number;
  usableUntil: number;
  shows: readonly string[];
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, { pending: Promise<Rendered>; since: number }>();
  /** The cached pages (keys) showing each listing. */
  private readonly pagesOf = new Map<string, Set<string>>();
  /** Counts departures: a rendering remembers the count it began at. */
  private seq = 0;
  /** The count at each listing's latest departure, while a rendering that began earlier still runs. */
  private readonly departed = new Map<string, number>();
  /** The count at the latest departure of every listing (and at the last loss of notices). */
  private everythingDepartedAt = 0;
  /** Departures a replica may not have replayed yet (until `settle`): pages showing them are not kept. */
  private readonly unsettled = new Map<string, number>();
  /** While notices are not heard, nothing is kept. */
  private deaf = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly clock: () => number = Date.now,
    private readonly options: PageCacheOptions = {},
  ) {}

  get enabled() {
    return this.ttlMs > 0 && !this.deaf;
  }

  /** A page that is still fresh, if any. */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    return entry && entry.freshUntil > this.clock() ? entry : undefined;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    this.drop(key);
    // A Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value!);
    const now = this.clock();
    const shows = page.shows ?? [];
    this.entries.set(key, {
      status: page.status,
      body: page.body,
      freshUntil: now + this.ttlMs,
      usableUntil: now + this.ttlMs * STALE_FACTOR,
      shows,
    });
    for (const serviceId of shows) {
      let keys = this.pagesOf.get(serviceId);
      if (!keys) this.pagesOf.set(serviceId, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * A listing left the site (ALL_LISTINGS: any number of them): the pages showing it (every
   * page) are dropped, and a rendering under way that shows it is not kept. Returns the departure's
   * number, for `settle`: until then, pages showing the listing are served but not kept.
   */
  forget(serviceId: string): number {
    const seq = ++this.seq;
    if (serviceId === ALL_LISTINGS) {
      this.everythingDepartedAt = seq;
      this.entries.clear();
      this.pagesOf.clear();
    } else {
      for (const key of this.pagesOf.get(serviceId) ?? []) this.drop(key);
      if (this.rendering.size > 0) this.departed.set(serviceId, seq);
    }
    // Kept in departure order (a listing departing again moves to the end), so that settling
    // reads only what it removes: a push withdrawing thousands of listings settles in linear time.
    this.unsettled.delete(serviceId);
    this.unsettled.set(serviceId, seq);
    return seq;
  }

  /** Departures up to `seq` are now seen by every reader of the site (the replica replayed them). */
  settle(seq: number): void {
    for (const [serviceId, at] of this.unsettled) {
      if (at > seq) break;
      this.unsettled.delete(serviceId);
    }
  }

  /** Notices stopped (false) or came back (true): in between nothing is kept, and what was is dropped. */
  hearing(heard: boolean): void {
    this.deaf = !heard;
    this.forget(ALL_LISTINGS);
    this.unsettled.delete(ALL_LISTINGS);
  }

  /** The page under `key`: fresh from memory, stale while it is rendered again, or rendered now. */
  async through(key: string, render: () => Promise<Rendered>): Promise<CachedPage> {
    if (!this.enabled) return render();
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && entry.freshUntil > now) {
      this.options.onLookup?.('hit');
      return entry;
    }
    if (entry && entry.usableUntil > now) {
      this.options.onLookup?.('stale');
      if (!this.rendering.has(key)) this.renderOnce(key, render).catch((error) => this.options.onError?.(error));
      return entry;
    }
    this.options.onLookup?.('miss');
    return this.renderOnce(key, render);
  }

  private renderOnce(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    let running = this.rendering.get(key);
    if (!running) {
      const since = this.seq;
      const pending = render()
        .then((page) => {
          if (this.keeps(page, since)) this.set(key, page);
          else this.drop(key);
          return page;
        })
        .finally(() => {
          this.rendering.delete(key);
          if (this.rendering.size === 0) this.departed.clear();
        });
      running = { pending, since };
      this.rendering.set(key, running);
    }
    return running.pending;
  }

  /** Whether a page rendered from what the database said after departure number `since` may be kept. */
  private keeps(page: Rendered, since: number): boolean {
    if (!page.cacheable || !this.enabled || this.everythingDepartedAt > since || this.unsettled.has(ALL_LISTINGS)) return false;
    return (page.shows ?? []).every((serviceId) => !this.unsettled.has(serviceId) && (this.departed.get(serviceId) ?? 0) <= since);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const serviceId of entry.shows) {
      const keys = this.pagesOf.get(serviceId);
      keys?.delete(key);
      if (keys?.size === 0) this.pagesOf.delete(serviceId);
    }
  }
}
