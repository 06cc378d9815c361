-- Passkeys and invitations (docs/decisions/059-passkeys-and-invitations.md).

-- Someone invited by a link signs in with passkeys alone: their row has no GitHub
-- account, and their login (made from the name the invitation gave) is never taken
-- over by a GitHub sign-in with the same name.
ALTER TABLE users ADD COLUMN passkey_only boolean NOT NULL DEFAULT false;
DROP INDEX users_pending_login_idx;
CREATE UNIQUE INDEX users_pending_login_idx ON users (lower(github_login)) WHERE github_id IS NULL AND NOT passkey_only;
CREATE UNIQUE INDEX users_passkey_login_idx ON users (lower(github_login)) WHERE passkey_only;

-- One row per passkey: the credential id and public key (COSE, base64url) the
-- browser gave at creation, the signature counter, and the name of the device.
CREATE TABLE passkeys (
  credential_id text PRIMARY KEY CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1400),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text NULL,
  device_name text NOT NULL CHECK (length(device_name) BETWEEN 1 AND 80),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NULL
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- An invitation by link: only the token's SHA-256 is kept; single use, 72 hours,
-- and it carries the role the invitee gets.
CREATE TABLE invitations (
  id bigserial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  role text NOT NULL CHECK (role IN ('admin', 'super_admin')),
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz NULL,
  user_id bigint NULL REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX invitations_open_idx ON invitations (expires_at) WHERE used_at IS NULL;

-- The WebAuthn challenges handed out: their SHA-256, what they are for, single use
-- and five minutes long.
CREATE TABLE webauthn_challenges (
  challenge_hash text PRIMARY KEY CHECK (challenge_hash ~ '^[0-9a-f]{64}$'),
  purpose text NOT NULL CHECK (purpose IN ('sign-in', 'invitation', 'add')),
  user_id bigint NULL REFERENCES users (id) ON DELETE CASCADE,
  invitation_id bigint NULL REFERENCES invitations (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);

-- Every passkey sign-in, invitation and removal, append-only; logins are copied so
-- the record still names people after their rows are gone.
CREATE TABLE auth_audit (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('passkey-sign-in', 'passkey-refused', 'passkey-added', 'passkey-removed',
                                     'invitation-created', 'invitation-used')),
  actor_login text NULL,
  subject_login text NULL,
  detail text NULL CHECK (detail IS NULL OR length(detail) <= 300),
  address text NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_audit_created_idx ON auth_audit (created_at DESC, id DESC);
