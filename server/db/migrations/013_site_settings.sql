-- Settings the owner edits in /admin/settings and every public page carries:
-- one row per key, its value as JSON, and who changed it last.
CREATE TABLE site_settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_.]{0,63}$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint NULL REFERENCES users (id) ON DELETE SET NULL
);

-- Every change, old -> new, with who and when, for the audit log. The login is
-- copied so the log still names the person after their user row is gone.
CREATE TABLE settings_audit (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  old_value jsonb NULL,
  new_value jsonb NULL,
  changed_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  changed_by_login text NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settings_audit_changed_at_idx ON settings_audit (changed_at DESC, id DESC);
