-- Client rendering errors (POST /api/error-report), 404s and visitor reports (/report-issue)
-- share one log, told apart by kind. See SPEC.md section 7 and DECISIONS.md "Error reports".
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
