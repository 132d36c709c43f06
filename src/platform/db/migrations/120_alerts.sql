-- Saved searches and e-mail alerts (docs/decisions.md §18).

-- One row per distinct search: every alert on the same filters shares it, so the matcher
-- weighs a new listing against each distinct search once, however many visitors follow it.
-- `criteria` is the search's filters as canonical JSON (`criteria_key` its text, the identity);
-- the other columns are those filters as src/domain/public-listings/saved-search.ts stores them,
-- so a new listing is matched by an index lookup and a few comparisons, never a scan of alerts.
-- `path` and `label` are what pages and mails show of the search (its results page, its name).
CREATE TABLE alert_searches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  criteria jsonb NOT NULL,
  criteria_key text NOT NULL UNIQUE,
  path text NOT NULL,
  label text NOT NULL,
  -- The key a new listing looks the search up by: its most selective place ('p:69003' a
  -- postcode, 'd:69' a department, 'c:lyon' a folded city, '' anywhere), its transaction and
  -- its property type ('' for any), as 'c:lyon|sale|'.
  lookup_key text NOT NULL,
  transaction text NOT NULL,
  property_type text NOT NULL,
  city_fold text,
  postcode text,
  price_min float8,
  price_max float8,
  surface_min float8,
  rooms_min float8,
  -- The energy classes accepted (dpeMax and better), or NULL for any.
  dpe_accepted text[],
  created_at timestamptz NOT NULL
);
-- Covering: a lookup reads the comparisons' columns from the index alone, never the wide row.
CREATE INDEX alert_searches_lookup ON alert_searches (lookup_key)
  INCLUDE (id, transaction, property_type, city_fold, postcode, price_min, price_max, surface_min, rooms_min, dpe_accepted);

-- A visitor's alert: an address (normalised), a search, a frequency. Nothing is matched or sent
-- before confirmed_at (double opt-in); unconfirmed alerts are deleted after 7 days.
CREATE TABLE alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  search_id bigint NOT NULL REFERENCES alert_searches (id),
  frequency text NOT NULL CHECK (frequency IN ('immediate', 'daily')),
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  UNIQUE (email, search_id)
);
-- A search's alerts, with what the matcher needs of them (an index-only read).
CREATE INDEX alerts_search ON alerts (search_id) INCLUDE (id, frequency, confirmed_at);
CREATE INDEX alerts_unconfirmed ON alerts (created_at) WHERE confirmed_at IS NULL;

-- New listings found for an alert and not mailed yet: one row per alert, so that a push's
-- thousands of (alert, listing) pairs are written as one row per alert they concern. due_day is
-- the Paris day whose 08:00 mail carries a daily alert's listings; NULL for an immediate alert
-- (mailed at once). Listings found later the same day join the row.
CREATE TABLE alert_pending (
  alert_id bigint PRIMARY KEY REFERENCES alerts (id) ON DELETE CASCADE,
  listing_ids text[] NOT NULL,
  due_day date,
  found_at timestamptz NOT NULL
);
CREATE INDEX alert_pending_immediate ON alert_pending (alert_id) WHERE due_day IS NULL;
CREATE INDEX alert_pending_daily ON alert_pending (due_day) WHERE due_day IS NOT NULL;

-- The links of alert mails, only their SHA-256 kept: `confirm` (the double opt-in, with the
-- frequency asked for) and `manage` (the address's alerts page, and the one-click unsubscribe of
-- the alert the mail was about). alert_id goes NULL when that alert is deleted: the link then
-- says so (a replayed unsubscribe) instead of being unknown.
CREATE TABLE alert_links (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('confirm', 'manage')),
  email text NOT NULL,
  alert_id bigint REFERENCES alerts (id) ON DELETE SET NULL,
  frequency text CHECK (frequency IN ('immediate', 'daily')),
  created_at timestamptz NOT NULL
);
CREATE INDEX alert_links_alert ON alert_links (alert_id);
CREATE INDEX alert_links_age ON alert_links (created_at);

-- The matcher's place in each agency's live outbox, as the relay indexer keeps its own. It
-- starts at the present: listings published before alerts existed are no alert's news.
-- (last_seq * 8 + 7 is lastPositionOf in src/domain/events/change-clock.ts.)
CREATE TABLE alert_cursors (
  agency_id text PRIMARY KEY,
  event_cursor bigint NOT NULL
);
INSERT INTO alert_cursors (agency_id, event_cursor)
SELECT agency_id, last_seq * 8 + 7 FROM listing_sequences WHERE env = 'live';
-- One row, locked by the matcher while it runs: one process matches at a time.
CREATE TABLE alert_state (
  id integer PRIMARY KEY CHECK (id = 1)
);
INSERT INTO alert_state (id) VALUES (1);
