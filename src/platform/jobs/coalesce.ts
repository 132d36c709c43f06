/**
 * Gathers single writes into one statement: the first item is written at once, and the items
 * that come while a write is under way go together in the next one. Nobody waits longer than
 * the write in flight plus their own, and a busy process sends one statement for many items
 * instead of one each, which frees the connection pool for the requests (docs/benchmarks.md,
 * "mail"). Each caller's promise settles with the statement that carried its item.
 */
export class Coalescer<T> {
  private waiting: Array<{ item: T; settle: (error: unknown) => void }> = [];
  private writing = false;

  constructor(private readonly write: (items: T[]) => Promise<void>) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      let failure: unknown = undefined;
      try {
        await this.write(batch.map((entry) => entry.item));
      } catch (error) {
        failure = error ?? new Error('write failed');
      }
      for (const entry of batch) entry.settle(failure);
    }
    this.writing = false;
  }
}
