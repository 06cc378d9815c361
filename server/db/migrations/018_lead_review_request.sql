-- Asking a customer for a Google review (docs/decisions/057-review-requests.md): one request a lead,
-- logged in its history like any other change. The unique index makes "at most once" hold even
-- when two people ask at the same moment.
ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('status', 'booking', 'note', 'resend', 'review'));
CREATE UNIQUE INDEX lead_events_one_review ON lead_events (lead_id) WHERE kind = 'review';
