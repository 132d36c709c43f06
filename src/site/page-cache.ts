/**
 * A few seconds of memory for the public pages everyone asks for (the home page, a city's
 * search, a listing), held by each process. Public pages may be that stale: they are already
 * served with `max-age=60`, and a listing's own page never is cached once it has changed status
 * for longer than the TTL. Nothing here needs to agree across processes, so it stays in memory.
 */
export interface CachedPage {
  status: number;
  body: string;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage & { expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly clock: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, page: CachedPage): void {
    if (!this.enabled) return;
    // A Map keeps insertion order: the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...page, expires: this.clock() + this.ttlMs });
  }

  /** The page under `key`, rendered by `render` when it is not held (and then held if cacheable). */
  async through(key: string, render: () => Promise<CachedPage & { cacheable: boolean }>): Promise<CachedPage> {
    const held = this.get(key);
    if (held) return held;
    const page = await render();
    if (page.cacheable) this.set(key, { status: page.status, body: page.body });
    return page;
  }
}
