-- Each admin's private calendar subscription for the booked inspections (docs/decisions/058-calendar-feed.md):
-- the address carries a secret token, stored only as its SHA-256, replaced or revoked by its owner.
CREATE TABLE calendar_feeds (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
