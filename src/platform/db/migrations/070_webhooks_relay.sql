-- Webhooks (docs/decisions.md §9) and the partner relay (§14): both read the event outbox (migration 006).

-- An agency's endpoint of one environment. The secret must be kept readable to sign with it
-- (an HMAC key cannot be hashed); it never leaves the service after the answer that creates
-- or rotates it. During a rotation the previous secret signs too, until previous_secret_until.
-- event_cursor: the position of the last event of the agency's scope already turned into
-- deliveries for this endpoint (positions commit in increasing order: migration 006).
CREATE TABLE webhook_endpoints (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  url text NOT NULL,
  description text,
  -- NULL: every event type.
  event_types text[],
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
  disabled_at timestamptz,
  secret text NOT NULL,
  previous_secret text,
  previous_secret_until timestamptz,
  event_cursor bigint NOT NULL,
  -- Start of the current run of failed attempts (NULL after a success): 5 days of it disable the endpoint.
  failing_since timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_agency ON webhook_endpoints (agency_id, env, created_at);
CREATE INDEX webhook_endpoints_enabled ON webhook_endpoints (agency_id, env) WHERE enabled;

-- One event (or test message) for one endpoint. Its id is the webhook-id, the same on every
-- attempt. next_attempt_at is when it is due; while a process holds it, the end of its lease.
CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,
  endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id text,
  event_type text NOT NULL,
  -- The exact body sent, so every attempt signs and sends the same bytes.
  payload text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  locked_by text,
  -- When the change behind it committed (the event's time), for the delay figures.
  event_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_waiting_since ON webhook_deliveries (event_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (finished_at) WHERE state <> 'pending';

-- Every attempt of a delivery: what the receiver answered, or why nothing usable came back.
CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  status integer,
  error text,
  latency_ms integer NOT NULL,
  response text,
  PRIMARY KEY (delivery_id, attempt)
);

-- The relay feed: one row per listing ever offered to the partner, at its latest change. seq
-- comes from relay_seq, taken only under the lock on relay_state, so a partner paging by seq
-- never skips a row that commits later.
CREATE SEQUENCE relay_seq;
CREATE TABLE relay_feed (
  listing_id text PRIMARY KEY,
  agency_id text NOT NULL,
  seq bigint NOT NULL
);
CREATE UNIQUE INDEX relay_feed_seq ON relay_feed (seq);
-- The relay indexer's place in each agency's live events.
CREATE TABLE relay_cursors (
  agency_id text PRIMARY KEY,
  event_cursor bigint NOT NULL
);
-- One row, locked by the indexer while it runs.
CREATE TABLE relay_state (
  id integer PRIMARY KEY CHECK (id = 1),
  indexed_at timestamptz
);
INSERT INTO relay_state (id) VALUES (1);
