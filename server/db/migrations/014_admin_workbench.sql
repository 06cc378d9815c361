-- The owner's workbench (docs/decisions/050-workbench-pages-and-forms.md): lead history and notes, booking status,
-- blocked dates, error groups marked resolved, the second factor, and the
-- indexes every admin list query runs on.

-- Every change to a lead, append-only: status and booking-status changes, notes,
-- resends. The login is copied so the history still names the person after their
-- user row is gone.
CREATE TABLE lead_events (
  id bigserial PRIMARY KEY,
  lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('status', 'booking', 'note', 'resend')),
  from_value text NULL,
  to_value text NULL,
  body text NULL CHECK (body IS NULL OR length(body) <= 4000),
  actor_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  actor_login text NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_events_lead_idx ON lead_events (lead_id, created_at, id);

-- An inspection is a request the office confirms by phone:
-- requested -> confirmed -> done / cancelled. A cancelled booking frees its place.
ALTER TABLE leads ADD COLUMN booking_status text NULL
  CHECK (booking_status IN ('requested', 'confirmed', 'done', 'cancelled'));
UPDATE leads SET booking_status = 'requested' WHERE kind = 'inspection';
ALTER TABLE leads ADD CONSTRAINT leads_booking_status_kind CHECK ((kind = 'inspection') = (booking_status IS NOT NULL));

-- What the leads search looks in: name words, the email, the phone's digits (whole,
-- without the country code, and the last four) and the ZIP. 'simple' keeps every
-- word as typed (no stemming), and a GIN index answers prefix queries ('smi':*).
ALTER TABLE leads ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple',
    coalesce(name, '') || ' ' || coalesce(email, '') || ' ' ||
    regexp_replace(phone, '\D', '', 'g') || ' ' ||
    right(regexp_replace(phone, '\D', '', 'g'), 10) || ' ' ||
    right(regexp_replace(phone, '\D', '', 'g'), 4) || ' ' ||
    zip)
) STORED;
CREATE INDEX leads_search_idx ON leads USING gin (search);

-- The list's filters, each with the newest-first order it is read in.
DROP INDEX leads_created_at_idx;
CREATE INDEX leads_created_at_idx ON leads (created_at DESC, id DESC);
CREATE INDEX leads_status_created_idx ON leads (status, created_at DESC, id DESC);
CREATE INDEX leads_kind_created_idx ON leads (kind, created_at DESC, id DESC);
CREATE INDEX leads_area_created_idx ON leads (outside_service_area, created_at DESC, id DESC);
-- The dashboard's upcoming inspections and the calendar's bookings.
CREATE INDEX leads_upcoming_idx ON leads (preferred_date, preferred_window, id)
  WHERE kind = 'inspection' AND booking_status IN ('requested', 'confirmed');
-- The dashboard's failed and pending notifications.
CREATE INDEX lead_notifications_unsent_idx ON lead_notifications (created_at DESC, id DESC) WHERE state <> 'sent';

-- Dates the office takes no inspections on (holidays, storm days): the booking form
-- and POST /api/leads treat them as full and offer the next free windows.
CREATE TABLE blocked_dates (
  blocked_date date PRIMARY KEY,
  reason text NULL CHECK (reason IS NULL OR length(reason) <= 200),
  created_by_login text NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Error groups (render errors and visitor reports by message, 404s by path).
ALTER TABLE error_log ADD COLUMN group_key text GENERATED ALWAYS AS (
  CASE WHEN kind = 'not_found' THEN left(coalesce(url, ''), 300) ELSE left(coalesce(message, ''), 300) END
) STORED;
CREATE INDEX error_log_group_idx ON error_log (kind, group_key, created_at DESC);
-- The retention purge deletes by age across kinds.
CREATE INDEX error_log_created_at_idx ON error_log (created_at);

-- A group marked resolved stays resolved until it happens again after resolved_at.
CREATE TABLE error_resolutions (
  kind text NOT NULL CHECK (kind IN ('render', 'not_found', 'visitor')),
  group_key text NOT NULL,
  resolved_at timestamptz NOT NULL DEFAULT now(),
  resolved_by_login text NULL,
  PRIMARY KEY (kind, group_key)
);

-- The second factor (a factor counts only once verified).
-- One TOTP factor per user; the secret must be read to check a code, so it is kept
-- as is (decision 013). last_step refuses a code used before (no replay).
CREATE TABLE totp_factors (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL CHECK (secret ~ '^[A-Z2-7]{32}$'),
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  last_step bigint NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz NULL
);

-- Ten single-use recovery codes per verified factor; only their SHA-256 is kept.
CREATE TABLE recovery_codes (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL CHECK (code_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, code_hash)
);

-- Wrong codes, for the rate limit: shared by every instance on one database.
CREATE TABLE second_factor_failures (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX second_factor_failures_user_idx ON second_factor_failures (user_id, failed_at);

-- A session that passed the second factor; NULL until then (GitHub alone).
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz NULL;

-- The switch a super_admin sets: every admin needs a verified second factor.
CREATE TABLE admin_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  require_second_factor boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_login text NULL
);
INSERT INTO admin_policy (id) VALUES (true);
