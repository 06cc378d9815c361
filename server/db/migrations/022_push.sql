-- Push notifications to the admins' phones (docs/decisions/060-installable-admin-and-push.md).

-- One row per person and device that asked to be notified: the push service's
-- endpoint and the keys the payload is encrypted to (RFC 8291).
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE CHECK (endpoint ~ '^https?://' AND length(endpoint) <= 2000),
  p256dh text NOT NULL CHECK (p256dh ~ '^[A-Za-z0-9_-]+$' AND length(p256dh) <= 200),
  auth text NOT NULL CHECK (auth ~ '^[A-Za-z0-9_-]+$' AND length(auth) <= 100),
  device_name text NOT NULL CHECK (length(device_name) BETWEEN 1 AND 80),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz NULL,
  failures integer NOT NULL DEFAULT 0
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- The VAPID key pair made at first start when the environment gives none.
CREATE TABLE push_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A new lead is also pushed, through the same durable outbox as its email.
ALTER TABLE lead_notifications DROP CONSTRAINT lead_notifications_channel_check;
ALTER TABLE lead_notifications ADD CONSTRAINT lead_notifications_channel_check CHECK (channel IN ('email', 'webhook', 'push'));
