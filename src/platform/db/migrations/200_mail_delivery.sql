-- Mail delivery (docs/operations.md, "Mail"): addresses the SMTP server refused for good, the
-- state of a mail never tried because its address is refused, and the order mails leave in.

-- An address whose mailbox the SMTP server refused for good (a 5xx to RCPT TO, or a 5.1.x /
-- 5.2.1 answer to DATA): no mail is sent there until the address is confirmed again
-- (src/platform/mail/undeliverable.ts). `address` is folded (trimmed, lower-cased); `mail_id`
-- is the mail that met the refusal, without a foreign key since mails are purged after 30 days.
CREATE TABLE undeliverable_addresses (
  address text PRIMARY KEY,
  since timestamptz NOT NULL,
  smtp_answer text NOT NULL,
  mail_id bigint
);

-- `suppressed`: not sent, since its address was refused for good (last_error says since when).
ALTER TABLE mails DROP CONSTRAINT mails_state_check;
ALTER TABLE mails ADD CONSTRAINT mails_state_check CHECK (state IN ('queued', 'sent', 'kept', 'failed', 'suppressed'));

-- Higher leaves first when several recipients' mails wait: 1 for what a person is waiting for
-- (acknowledgements, notifications, account links), 0 for digests and alerts.
ALTER TABLE mails ADD COLUMN priority smallint NOT NULL DEFAULT 1;

-- The waiting mails in the order the sender sweeps them (src/platform/mail/sender.ts); the
-- metrics read the oldest waiting mail from it too, one priority at a time.
DROP INDEX mails_queued_since;
CREATE INDEX mails_queued_by_priority ON mails (priority DESC, created_at) WHERE state = 'queued';
