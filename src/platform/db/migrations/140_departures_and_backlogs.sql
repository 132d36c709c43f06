-- Operating at scale (docs/decisions.md §19).

-- A listing leaving the public site is announced on the channel `listing_sync_departures`
-- (src/domain/public-listings/departures.ts): each process drops the pages showing it from its
-- page cache. The triggers send the NOTIFY in the transaction of the change, whichever code made
-- it, and PostgreSQL delivers it on commit only. The payload is the listing's id, or '*' when an
-- agency is suspended (all its listings leave).
CREATE FUNCTION announce_departure() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listing_sync_departures', CASE WHEN TG_TABLE_NAME = 'agencies' THEN '*' ELSE OLD.id END);
  RETURN NULL;
END $$;

-- "Was public, is not any more", in the terms of the public_listings view (migration 050), which
-- owns the rule: live, shared with the service (neither ever changes), not deleted, with a
-- published version, on sale; the agency's suspension has its trigger below. The condition is
-- evaluated for each written row, so it reads the row's columns only: a push of 500 listings
-- that stay public pays no function call.
CREATE TRIGGER listings_departure AFTER UPDATE ON listings FOR EACH ROW
WHEN (OLD.env = 'live' AND OLD.share_with_service AND OLD.deleted_at IS NULL AND OLD.published_version IS NOT NULL
      AND OLD.status IN ('active', 'under_offer')
      AND NOT (NEW.deleted_at IS NULL AND NEW.published_version IS NOT NULL AND NEW.status IN ('active', 'under_offer')))
EXECUTE FUNCTION announce_departure();

-- No code deletes listing rows today (a deletion sets deleted_at); one that did would be covered.
CREATE TRIGGER listings_removed AFTER DELETE ON listings FOR EACH ROW
WHEN (OLD.env = 'live' AND OLD.share_with_service AND OLD.deleted_at IS NULL AND OLD.published_version IS NOT NULL
      AND OLD.status IN ('active', 'under_offer'))
EXECUTE FUNCTION announce_departure();

CREATE TRIGGER agencies_suspension AFTER UPDATE ON agencies FOR EACH ROW
WHEN (OLD.suspended_at IS NULL AND NEW.suspended_at IS NOT NULL)
EXECUTE FUNCTION announce_departure();

-- The age of the oldest mail waiting for the SMTP server, read at each metrics scrape
-- (src/platform/mail/outbox.ts, mailBacklog) from this index's first entry.
CREATE INDEX mails_queued_since ON mails (created_at) WHERE state = 'queued';
