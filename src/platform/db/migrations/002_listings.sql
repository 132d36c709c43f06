-- The one listing model (docs/decisions.md §6): content as the agency sent it, its masked public
-- text, the two status axes, version, and the per-agency change sequence.

CREATE TABLE listings (
  id text PRIMARY KEY,
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  external_id text NOT NULL,
  content jsonb NOT NULL,
  content_hash text NOT NULL,
  public_title text NOT NULL,
  public_description text,
  status text NOT NULL CHECK (status IN ('active', 'under_offer', 'paused', 'sold', 'rented', 'withdrawn')),
  moderation_state text NOT NULL DEFAULT 'pending' CHECK (moderation_state IN ('pending', 'approved', 'rejected')),
  moderation_reasons text[] NOT NULL DEFAULT '{}',
  share_with_service boolean NOT NULL,
  share_with_relay boolean NOT NULL,
  version integer NOT NULL,
  change_seq bigint NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz,
  CONSTRAINT listings_external_id UNIQUE (agency_id, env, external_id)
);
CREATE INDEX listings_changes ON listings (agency_id, env, change_seq);

-- One counter row per agency and environment. A write takes its row lock for the whole
-- transaction, so an agency's change sequence numbers commit in increasing order and a
-- reader paging by sequence never skips a change committed late.
CREATE TABLE listing_sequences (
  agency_id text NOT NULL REFERENCES agencies (id),
  env text NOT NULL CHECK (env IN ('live', 'test')),
  last_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (agency_id, env)
);
