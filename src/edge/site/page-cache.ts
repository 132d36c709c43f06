/**
 * A few seconds of memory for the public pages everyone asks for (the home page, a city's
 * search, a listing), held by each process. Public pages may be that stale: they are served
 * with `max-age=60` anyway. Nothing here needs to agree across processes, so it stays in memory.
 *
 * A page older than the TTL is still served, for up to STALE_FACTOR times the TTL, while one
 * request renders it again in the background (stale-while-revalidate), and requests for a page
 * being rendered wait for that one rendering: a popular page is never rendered twice at once,
 * and no visitor waits for a page that merely expired.
 */
export interface CachedPage {
  status: number;
  body: string;
  /** The listings a result page shows, kept with it: a page served from memory still counts their appearances. */
  listed?: readonly string[];
}

export type Rendered = CachedPage & { cacheable: boolean };

const STALE_FACTOR = 6;

interface Entry extends CachedPage {
  freshUntil: number;
  usableUntil: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rendering = new Map<string, Promise<Rendered>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly clock: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  /** A page that is still fresh, if any. */
  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    return entry && entry.freshUntil > this.clock() ? entry : undefined;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    this.entries.delete(key);
    // A Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const now = this.clock();
    this.entries.set(key, {
      status: page.status,
      body: page.body,
      listed: page.listed,
      freshUntil: now + this.ttlMs,
      usableUntil: now + this.ttlMs * STALE_FACTOR,
    });
  }

  /** The page under `key`: fresh from memory, stale while it is rendered again, or rendered now. */
  async through(key: string, render: () => Promise<Rendered>): Promise<CachedPage> {
    if (!this.enabled) return render();
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && entry.freshUntil > now) return entry;
    if (entry && entry.usableUntil > now) {
      if (!this.rendering.has(key)) this.renderOnce(key, render).catch(this.onError);
      return entry;
    }
    return this.renderOnce(key, render);
  }

  private renderOnce(key: string, render: () => Promise<Rendered>): Promise<Rendered> {
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render()
        .then((page) => {
          if (page.cacheable) this.set(key, page);
          else this.entries.delete(key);
          return page;
        })
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }
}
