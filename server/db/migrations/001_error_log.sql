-- Client rendering errors (POST /api/error-report), 404s and visitor reports (/report-issue)
-- share one log, told apart by kind; the admin's errors page reads it.
CREATE TABLE error_log (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('render', 'not_found', 'visitor')),
  message text,
  stack text,
  component_stack text,
  url text,
  referrer text,
  user_agent text,
  client_timestamp timestamptz NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX error_log_kind_created_at_idx ON error_log (kind, created_at DESC);
