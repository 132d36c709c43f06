-- Keywords in a saved search (docs/decisions.md §18): an alert on a results page with `q` hears
-- only of new listings whose public title and description hold its words, as the page shows.
-- The lookup index carries them, so matching still reads no row of alert_searches.
ALTER TABLE alert_searches ADD COLUMN q text;
DROP INDEX alert_searches_lookup;
CREATE INDEX alert_searches_lookup ON alert_searches (lookup_key)
  INCLUDE (id, transaction, property_type, city_fold, postcode, price_min, price_max, surface_min, rooms_min, dpe_accepted, q);
