-- The reports of passerelle imports (docs/poliris.md, "Importing a file"), one per file an agency
-- sent (upload, pull or SFTP), refused files included, kept for the pro space. Issues are stored
-- as they are shown: the first 1,000 errors and warnings, with the counts of all of them. The
-- newest reports of an agency are kept, the others are purged when a new one is stored.
CREATE TABLE poliris_imports (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  origin text NOT NULL CHECK (origin IN ('upload', 'pull', 'sftp')),
  file_name text,
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('imported', 'refused')),
  refusal_code text,
  refusal_detail text,
  -- The full sync session the import ran as; null when the file was refused before one opened.
  sync_id text,
  lines integer NOT NULL,
  created integer NOT NULL,
  updated integer NOT NULL,
  unchanged integer NOT NULL,
  withdrawn integer NOT NULL,
  error_count integer NOT NULL,
  warning_count integer NOT NULL,
  errors jsonb NOT NULL,
  warnings jsonb NOT NULL
);
-- The pro space lists an agency's newest reports; the purge keeps the newest of each agency.
CREATE INDEX poliris_imports_agency ON poliris_imports (agency_id, env, started_at DESC, id DESC);
