-- A mail written while older mails to its address were waiting. Their sender goes on to it
-- (src/platform/mail/sender.ts, sendRecipientMails), so the sweep, which sends single mails of
-- many recipients side by side in a burst, never looks at it: it used to walk an agency's
-- thousands of waiting notices on each claim to find the few other recipients' oldest, 36 ms a
-- claim in the drain (docs/benchmarks.md, "Mail").
ALTER TABLE mails ADD COLUMN written_behind boolean NOT NULL DEFAULT false;
CREATE INDEX mails_sweep_heads ON mails (priority DESC, created_at) WHERE state = 'queued' AND NOT written_behind;
