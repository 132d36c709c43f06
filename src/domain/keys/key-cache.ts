import type { Database } from '../../platform/db/database.js';
import type { SharedCache } from '../../platform/db/shared-cache.js';
import { listenSteadily } from '../../platform/db/steady-listen.js';
import { findKeyByHash, type VerifiedKey } from './key-store.js';

/** NOTIFY channel told of every change that may invalidate a cached key (revocation, plan change). */
export const AUTH_CHANNEL = 'listing_sync_auth';

/**
 * Verified keys kept in memory so that authentication costs no database round-trip.
 *
 * Guarantee: a revocation is seen on the next request by the process that made it (it
 * clears its own cache before answering), and by every other process as soon as the
 * PostgreSQL NOTIFY reaches it (milliseconds). Both are kept by the capabilities that change
 * what a cached key carries (revocation, the agency's plan, suspension, verification): each is
 * handed this cache and runs its change through `changeCachedRows`, which sends the NOTIFY in
 * the change's own transaction and clears this process right after the commit. Routes never
 * invalidate anything themselves. While the LISTEN connection is down the
 * cache is bypassed entirely, so a lost notification can never keep a revoked key alive;
 * the TTL is a last backstop.
 */
export class KeyCache implements SharedCache {
  readonly channel = AUTH_CHANNEL;
  private readonly entries = new Map<string, { key: VerifiedKey; expires: number }>();
  private listening = false;
  private listener: { close(): Promise<void> } | null = null;
  /** Bumped by every clear: a lookup that started before a clear must not refill the cache. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.listener = await listenSteadily(this.db, AUTH_CHANNEL, {
      message: () => this.clear(),
      // A lookup that read the database while notices were not heard must not be kept either.
      up: () => {
        this.listening = true;
        this.clear();
      },
      down: () => {
        this.listening = false;
        this.clear();
      },
    });
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
  }

  async lookup(keyHash: string): Promise<VerifiedKey | null> {
    const cached = this.entries.get(keyHash);
    if (cached && this.listening && cached.expires > this.now()) return cached.key;
    const generation = this.generation;
    const key = await findKeyByHash(this.db, keyHash);
    // Unknown keys are not cached: a flood of random keys must not grow memory. A revocation
    // notified while the query ran may postdate what it read, so that answer is not kept.
    if (key && this.listening && generation === this.generation) this.entries.set(keyHash, { key, expires: this.now() + this.ttlMs });
    return key;
  }

  async close(): Promise<void> {
    await this.listener?.close();
  }
}
