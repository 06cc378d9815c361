-- The durable outbox (docs/decisions/006-leads-never-lost.md): one row per lead and
-- channel, written in the lead's own transaction, delivered by a worker that may
-- run on several instances at once. A row is claimed for a lease (claimed_until);
-- a process that dies mid-send leaves the lease to expire, and the row is sent
-- again with the same message_id, so the receiver can drop the duplicate.
CREATE TABLE lead_notifications (
  id bigserial PRIMARY KEY,
  lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'webhook')),
  -- pending: never tried; sending: claimed; failed: last try failed, retried at next_attempt_at; sent.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'failed', 'sent')),
  -- The email's Message-ID (and the webhook's delivery id): fixed when the lead is stored.
  message_id text NOT NULL UNIQUE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claim_id text NULL,
  claimed_until timestamptz NULL,
  last_attempt_at timestamptz NULL,
  last_error text NULL,
  sent_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (lead_id, channel)
);

CREATE INDEX lead_notifications_due_idx ON lead_notifications (next_attempt_at) WHERE state <> 'sent';
