-- What the super admins are told about sign-in (docs/decisions/055-totp-second-factor.md):
-- an account locked out by wrong codes, for now. Shown on the dashboard for a day;
-- the login is copied so the notice still names the person after their row is gone.
CREATE TABLE sign_in_notices (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('lockout')),
  user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_notices_created_idx ON sign_in_notices (created_at DESC, id DESC);

