-- Administrators sign in with GitHub (docs/decisions/035-admin-sign-in-with-github.md).
-- A user row can exist before the person's first sign-in: `npm run admin -- grant`
-- keeps the GitHub login, and the first sign-in with that login fills github_id.
CREATE TABLE users (
  id bigserial PRIMARY KEY,
  github_id bigint NULL UNIQUE,
  github_login text NOT NULL CHECK (github_login ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$'),
  name text NULL,
  avatar_url text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz NULL
);
-- A grant waiting for its first sign-in is found by login; at most one per login.
CREATE UNIQUE INDEX users_pending_login_idx ON users (lower(github_login)) WHERE github_id IS NULL;
CREATE INDEX users_login_idx ON users (lower(github_login));

-- One role per user, admin or super_admin; no row means no access.
CREATE TABLE user_roles (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'super_admin')),
  granted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_roles_role_idx ON user_roles (role);

-- The cookie holds a random 256-bit token; only its SHA-256 (hex) is stored, so a
-- copy of this table signs nobody in. expires_at moves forward while the session is
-- used (the idle limit) and never past absolute_expires_at.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  absolute_expires_at timestamptz NOT NULL,
  CHECK (expires_at <= absolute_expires_at)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- One row per sign-in started: the state's SHA-256, the PKCE verifier and where to
-- go afterwards. Single use (used_at) and valid for 10 minutes; a used row is kept
-- until it expires so a replay can be told from a forgery.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  code_verifier text NOT NULL,
  next_path text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz NULL
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);
