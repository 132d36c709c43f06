/**
 * Bulk writes under way in this process: a push or a batch of up to 500 listings, which an
 * integrator is waiting for. Background work that shares the process's event loop and the
 * machine's cores (webhook delivery) starts nothing new while one runs, and catches up in the
 * gaps; it never waits longer than its own limit (`holding`), so a long run of pushes cannot
 * starve it.
 */
let running = 0;
const idleListeners = new Set<() => void>();

/** Runs a bulk write as foreground work. */
export async function inForeground<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) for (const listener of idleListeners) listener();
  }
}

/** Whether a bulk write is under way in this process. */
export const foregroundBusy = (): boolean => running > 0;

/** Tells `listener` each time the last bulk write under way ends; returns the unsubscribe. */
export function onForegroundIdle(listener: () => void): () => void {
  idleListeners.add(listener);
  return () => idleListeners.delete(listener);
}
