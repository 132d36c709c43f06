-- A webhook delivery written as few times as it can be (docs/capacity.md, "webhook delivery"):
-- inserted by the fan-out, claimed, then finished; the claim a HOT update (no index on what it
-- writes, room left in the page), and a success without a row of its own in webhook_attempts.

-- The end of a process's lease on a delivery it is sending. The claim writes it, with locked_by
-- and attempts, none of them indexed: the claim rewrites the row in its page, without new index
-- entries. next_attempt_at stays when the delivery became due. A row claimed before this
-- migration (locked_by set, no lease) holds until its next_attempt_at, as it did.
ALTER TABLE webhook_deliveries ADD COLUMN leased_until timestamptz;

-- The successful attempt, on the delivery itself (its number is `attempts`, its time
-- finished_at); failed attempts keep their rows in webhook_attempts. The delivery log shows both.
ALTER TABLE webhook_deliveries ADD COLUMN success_status integer;
ALTER TABLE webhook_deliveries ADD COLUMN success_latency_ms integer;
ALTER TABLE webhook_deliveries ADD COLUMN success_response text;

-- Room in each page for the claim's new version of a row.
ALTER TABLE webhook_deliveries SET (fillfactor = 80);

-- The fan-out's delivery id is made from the endpoint and the event, so the primary key refuses a
-- second delivery of one event to one endpoint, as this constraint did with an index of its own.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_event_id_key;
-- The hourly purge finds old deliveries endpoint by endpoint, through webhook_deliveries_endpoint
-- (endpoint_id, created_at): a delivery finishes after it is created.
DROP INDEX webhook_deliveries_finished;
