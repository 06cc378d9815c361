-- Time to first touch: a tap on a lead's Call or Text link is logged in its history like a status
-- change, so the inbox can say how long a lead waited before anyone reached out.
ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('status', 'booking', 'note', 'resend', 'review', 'call', 'text'));
-- The first touch of a lead is read on every row of the list.
CREATE INDEX lead_events_touch_idx ON lead_events (lead_id, created_at) WHERE kind IN ('status', 'call', 'text');
