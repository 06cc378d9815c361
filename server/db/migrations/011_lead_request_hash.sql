-- The content of the request a lead was stored from, hashed:
-- an idempotency key sent again with other content is refused instead of being
-- answered with the first lead and its access token. NULL on older leads.
ALTER TABLE leads ADD COLUMN request_hash text NULL;
