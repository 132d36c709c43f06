-- Background jobs shared by every process (src/jobs). A job row lives until it succeeds
-- (deleted) or runs out of attempts (kept as 'failed' for a week, for inspection).
-- A claimed job's run_at is the end of its lease: if the process holding it dies, the job
-- is simply due again once the lease runs out, and any runner takes it.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  singleton_key text,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'failed')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL CHECK (max_attempts > 0),
  locked_by text,
  last_error text,
  created_at timestamptz NOT NULL
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE state = 'queued';
-- At most one queued or running job per singleton key of a name.
CREATE UNIQUE INDEX jobs_singleton ON jobs (name, singleton_key) WHERE singleton_key IS NOT NULL AND state = 'queued';

-- Periodic jobs: whoever moves next_run_at forward enqueues that period's run.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL
);
