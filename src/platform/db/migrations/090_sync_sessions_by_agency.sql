-- An agency's sync sessions, newest first (GET /ingest/syncSessions, `listing-sync sync --abandon`);
-- an open session now expires an hour after its last push (docs/integrator-kit.md), so a CRM
-- looks its sessions up more often than once a night.
CREATE INDEX sync_sessions_agency_created ON sync_sessions (agency_id, env, created_at DESC);
