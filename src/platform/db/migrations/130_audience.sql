-- Audience statistics (docs/decisions.md §17): per public listing, per day in France
-- (Europe/Paris) and per device, how often it was shown in results, how often its page was
-- seen, and how many conversations it opened. Each process adds up in memory and writes its
-- counts here every few seconds with `count = count + excluded.count`, so that several
-- processes add up. Rows older than 13 months are purged by a daily job.
CREATE TABLE listing_audience (
  listing_id text NOT NULL REFERENCES listings (id),
  day date NOT NULL,
  device text NOT NULL CHECK (device IN ('desktop', 'mobile')),
  -- Copied from the listing on the first write: the agency's totals read its own rows only.
  agency_id text NOT NULL REFERENCES agencies (id),
  search_appearances bigint NOT NULL DEFAULT 0 CHECK (search_appearances >= 0),
  detail_views bigint NOT NULL DEFAULT 0 CHECK (detail_views >= 0),
  leads bigint NOT NULL DEFAULT 0 CHECK (leads >= 0),
  PRIMARY KEY (listing_id, day, device)
);
-- The agency's daily totals (GET /v1/performance, the pro dashboard) and the purge by day.
CREATE INDEX listing_audience_agency ON listing_audience (agency_id, day);
CREATE INDEX listing_audience_day ON listing_audience (day);
