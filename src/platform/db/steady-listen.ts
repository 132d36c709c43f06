import type { Database } from './database.js';

export interface SteadyListenHandlers {
  message(payload: string): void;
  /** Notices are delivered (from the start, and again after a reconnection). */
  up(): void;
  /** Delivery can no longer be trusted: a notice may have been missed since. */
  down(): void;
}

/**
 * LISTEN on `channel` for as long as this is open, connecting again every second after a lost
 * connection (a database restart) until it succeeds. What a process keeps in memory on the
 * strength of notices (the key cache, the page cache) is dropped on `down` and not used again
 * until `up`: a missed notice can never keep a stale answer alive.
 */
export async function listenSteadily(db: Database, channel: string, handlers: SteadyListenHandlers): Promise<{ close(): Promise<void> }> {
  let stop: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const lost = () => {
    handlers.down();
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      const previous = stop;
      stop = null;
      void (previous ? previous().catch(() => {}) : Promise.resolve()).then(connect);
    }, 1000);
    retry.unref();
  };

  const connect = async () => {
    try {
      const unlisten = await db.listen(channel, handlers.message, lost);
      if (closed) return void (await unlisten());
      stop = unlisten;
      handlers.up();
    } catch {
      lost();
    }
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await stop?.();
    },
  };
}
