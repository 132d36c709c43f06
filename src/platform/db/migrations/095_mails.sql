-- Mails the service sends (docs/decisions.md §16), written in the transaction of what causes
-- them, each with a `mail.send` job in the same transaction. A row keeps its Message-ID across
-- retries. Headers are stored as built by src/platform/mail/headers.ts, free of line breaks.
-- `queued`: waiting for the SMTP server; `sent`: the server accepted it; `kept`: no SMTP_URL,
-- it is in the embedded mailbox (/dev/mailbox); `failed`: refused for good, or out of attempts.
CREATE TABLE mails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  message_id text NOT NULL UNIQUE,
  from_name text,
  from_address text NOT NULL,
  to_name text,
  to_address text NOT NULL,
  subject text NOT NULL,
  -- Reply-To, In-Reply-To, References when given: {"Reply-To": "…"}.
  extra_headers jsonb NOT NULL DEFAULT '{}',
  text_body text NOT NULL,
  html_body text NOT NULL,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'kept', 'failed')),
  -- A sender holds the mails it is sending (one recipient's oldest waiting ones) until then.
  claimed_by text,
  claimed_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  done_at timestamptz
);
-- A recipient's waiting mails, oldest first: they leave in that order.
CREATE INDEX mails_waiting ON mails (to_address, id) WHERE state = 'queued';
-- The embedded mailbox, newest first.
CREATE INDEX mails_kept ON mails (id DESC) WHERE state = 'kept';
