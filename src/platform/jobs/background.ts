/**
 * What runs in a process outside its requests. Every such task is listed, with its owner, by
 * `src/main/schedule.ts`; `Background` starts exactly that list and stops it in reverse order.
 * Repeating work goes through `repeat`, the process's one use of `setInterval`
 * (`test/platform/jobs/background.test.ts` fails on any other), so no service keeps a timer
 * the list does not show.
 */
export interface BackgroundTask {
  /** How the task is named in the list and in errors (`jobs.runner`, `quotas.release-idle`…). */
  name: string;
  /** The module whose code the task runs: where to look when it misbehaves. */
  owner: string;
  /**
   * `continuous`: a loop that claims work from the database (the lease loops); `every`: work
   * repeated in this process at a fixed period; `flush`: a buffer written shortly after it fills.
   */
  kind: 'continuous' | 'every' | 'flush';
  start(): void | Promise<void>;
  /** Stops the task and finishes or hands back what it holds. */
  stop(): void | Promise<void>;
}

/** A repeating call that can be stopped; the call never overlaps itself. */
export interface Repeating {
  stop(): void;
}

/**
 * Calls `run` every `everyMs` until stopped; a call still running when the next is due is not
 * doubled. The timer never keeps the process alive. Errors go to `onError` (default: dropped,
 * as the next call tries again).
 */
export function repeat(everyMs: number, run: () => unknown, onError: (error: unknown) => void = () => {}): Repeating {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    Promise.resolve()
      .then(run)
      .catch(onError)
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** A task that calls `run` every `everyMs` in this process (`kind: 'every'`). */
export function everyTask(name: string, owner: string, everyMs: number, run: () => unknown): BackgroundTask {
  let repeating: Repeating | null = null;
  return {
    name,
    owner,
    kind: 'every',
    start: () => void (repeating ??= repeat(everyMs, run)),
    stop: () => {
      repeating?.stop();
      repeating = null;
    },
  };
}

/** Starts the listed tasks in order and stops them in reverse order, each once. */
export class Background {
  private readonly started: BackgroundTask[] = [];
  private stopping: Promise<void> | null = null;

  constructor(
    readonly tasks: readonly BackgroundTask[],
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    const names = tasks.map((task) => task.name);
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    if (twice.length > 0) throw new Error(`background tasks listed twice: ${twice.join(', ')}`);
  }

  async start(): Promise<void> {
    for (const task of this.tasks) {
      if (this.stopping) return;
      await task.start();
      this.started.push(task);
    }
  }

  /** The names of the tasks started, in order (what `/readyz` and the tests can check). */
  running(): string[] {
    return this.stopping ? [] : this.started.map((task) => task.name);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      for (const task of this.started.slice().reverse()) {
        try {
          await task.stop();
        } catch (error) {
          this.onError(error);
        }
      }
    })();
    return this.stopping;
  }
}
