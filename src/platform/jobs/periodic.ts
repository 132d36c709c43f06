import type { Database } from '../db/database.js';

/**
 * A job a capability needs run every so often (purges, the relay index). Each capability
 * exports its own next to the code it runs (`…Jobs(deps)`), with the period its data needs;
 * `src/main/schedule.ts` registers them all on the process's runner, which runs each once per
 * period across all processes.
 */
export interface PeriodicJob {
  /** Also the row of `job_schedules` and the name of the jobs enqueued: never rename lightly. */
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

/** What most periodic jobs need: the database and the service's clock. */
export interface JobDeps {
  db: Database;
  now: () => Date;
}

export const HOUR_MS = 3_600_000;
