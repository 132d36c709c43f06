-- Messaging both ways (docs/decisions.md §16). A lead is now a conversation between a visitor
-- and the agency; its messages are rows of `lead_messages`, the first one the visitor's contact.

-- The agency's status of the conversation; `read_at` (migration 060) stays the time the agency
-- last opened it: visitor messages after it are its unread ones.
ALTER TABLE leads ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read', 'replied', 'archived'));
UPDATE leads SET status = 'read' WHERE read_at IS NOT NULL;
ALTER TABLE leads ADD COLUMN last_message_at timestamptz;
UPDATE leads SET last_message_at = received_at;
ALTER TABLE leads ALTER COLUMN last_message_at SET NOT NULL;
-- The visitor deleted the conversation: its messages are gone, the agency sees that it was.
ALTER TABLE leads ADD COLUMN visitor_deleted_at timestamptz;
-- Written by a visitor the agency had blocked: kept for the visitor, never shown to the agency.
ALTER TABLE leads ADD COLUMN withheld boolean NOT NULL DEFAULT false;
CREATE INDEX leads_agency_recent ON leads (agency_id, env, last_message_at DESC, id DESC) WHERE NOT withheld;
CREATE INDEX leads_agency_key ON leads (agency_id, env, id COLLATE "C") WHERE NOT withheld;
CREATE INDEX leads_retention ON leads (last_message_at);

CREATE TABLE lead_messages (
  id text PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('visitor', 'agency')),
  -- For the agency's messages, who wrote it: one of its pro users or one of its API keys.
  author_user_id text,
  author_key_id text,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  -- A visitor message written after the agency blocked that visitor: it never reaches the agency.
  withheld boolean NOT NULL DEFAULT false
);
CREATE INDEX lead_messages_thread ON lead_messages (lead_id, created_at, id);

INSERT INTO lead_messages (id, lead_id, author, body, created_at)
SELECT 'lmsg_' || substr(id, 6), id, 'visitor', message, received_at FROM leads;
ALTER TABLE leads DROP COLUMN message;

-- The visitor's private links to the conversation (`/messages/{token}`): each mail to the visitor
-- carries a fresh one, since only their SHA-256 is kept. They stay valid while the conversation
-- exists; once the visitor deleted it they lead to a page saying so.
CREATE TABLE lead_visitor_links (
  token_hash text PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE INDEX lead_visitor_links_lead ON lead_visitor_links (lead_id);

-- Visitor e-mails an agency no longer wants to hear from, lower-cased.
CREATE TABLE lead_blocked_emails (
  agency_id text NOT NULL REFERENCES agencies (id),
  email text NOT NULL,
  blocked_at timestamptz NOT NULL,
  blocked_by text NOT NULL,
  PRIMARY KEY (agency_id, email)
);

-- How each pro user hears of visitors' messages: each one, a daily digest at 08:00 Europe/Paris,
-- or not at all. The digest covers visitor messages after `digest_covered_until`.
ALTER TABLE users ADD COLUMN lead_mail text NOT NULL DEFAULT 'each' CHECK (lead_mail IN ('each', 'digest', 'none'));
ALTER TABLE users ADD COLUMN digest_covered_until timestamptz;
ALTER TABLE users ADD COLUMN digest_sent_on date;

-- Keys that had the full default set gain the leads scopes; narrowed keys do not.
UPDATE api_keys SET scopes = scopes || ARRAY['leads:read', 'leads:write']
WHERE scopes @> ARRAY['listings:read', 'listings:write', 'listings:delete', 'webhooks:manage']::text[];
