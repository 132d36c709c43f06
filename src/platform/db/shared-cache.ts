import type { Database, Queryable } from './database.js';

/**
 * A cache of database rows kept in every process (the API key cache), told of changes by
 * PostgreSQL NOTIFY on its channel: each process LISTENs and clears on a notice.
 */
export interface SharedCache {
  readonly channel: string;
  /** Forgets everything cached in this process. */
  clear(): void;
}

/**
 * Runs `work`, a change to what `cache` holds, in one transaction. Its NOTIFY is part of that
 * transaction: PostgreSQL delivers it to every process when the change commits, and never for a
 * rollback, so no process can miss a committed change. The notice reaches this process's own
 * LISTEN connection a little later, so this process also clears right after the commit, before
 * the caller answers: the next request here already sees the change.
 */
export async function changeCachedRows<T>(db: Database, cache: SharedCache, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx.query('SELECT pg_notify($1, $2)', [cache.channel, '']);
      return result;
    });
  } finally {
    // Also after a rollback: clearing costs one database read per cached key, never a stale answer.
    cache.clear();
  }
}
