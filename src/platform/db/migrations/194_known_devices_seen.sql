-- A known browser is forgotten a year after its last sign-in, as its cookie is (docs/accounts.md):
-- the time of its last sign-in, and a lookup by the cookie's hash alone (a browser shared by two
-- accounts of a space keeps one cookie).
ALTER TABLE known_devices ADD COLUMN last_seen_at timestamptz;
UPDATE known_devices SET last_seen_at = first_seen_at;
ALTER TABLE known_devices ALTER COLUMN last_seen_at SET NOT NULL;
CREATE INDEX known_devices_hash ON known_devices (device_hash);
