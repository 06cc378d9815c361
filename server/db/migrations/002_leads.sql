-- Consultation and inspection requests (docs/product.md,
-- docs/decisions/006-leads-never-lost.md). A lead is stored before the visitor is answered; the
-- office is told through lead_notifications (003), never directly.
CREATE TABLE leads (
  id bigserial PRIMARY KEY,
  -- Shown to the visitor and quoted on the phone; random, never the sequential id.
  reference text NOT NULL UNIQUE,
  -- Guards /appointment-scheduled?ref=… and the .ics file: 128 random bits.
  access_token text NOT NULL UNIQUE,
  -- From the form (one per submission), or derived from the content for posts without JavaScript.
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('consultation', 'inspection')),
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'scheduled', 'won', 'lost', 'spam')),
  -- Set when the spam checks caught the submission: it is kept (a person may have
  -- been caught) but nobody is notified and it holds no booking place.
  spam_reason text NULL CHECK (spam_reason IN ('honeypot', 'too_fast')),
  name text NOT NULL,
  phone text NOT NULL,
  email text NULL,
  zip text NOT NULL,
  street_address text NULL,
  preferred_date date NULL,
  preferred_window text NULL CHECK (preferred_window IN ('morning', 'afternoon')),
  service text NULL,
  property_type text NULL,
  urgency text NULL,
  insurance_claim text NULL,
  message text NULL,
  preferred_contact text NULL,
  sms_consent boolean NOT NULL DEFAULT false,
  -- Miles from the office ZIP (31405) by ZIP centroids; NULL when the ZIP is not in the data set.
  distance_miles double precision NULL,
  outside_service_area boolean NOT NULL DEFAULT false,
  landing_page text NULL,
  referrer text NULL,
  page_url text NULL,
  utm_source text NULL,
  utm_medium text NULL,
  utm_campaign text NULL,
  utm_term text NULL,
  utm_content text NULL,
  gclid text NULL,
  user_agent text NULL,
  -- Milliseconds from the form's start to its submission, when the browser said.
  fill_ms integer NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'inspection' OR (street_address IS NOT NULL AND preferred_date IS NOT NULL AND preferred_window IS NOT NULL))
);

CREATE INDEX leads_created_at_idx ON leads (created_at DESC);
CREATE INDEX leads_booking_idx ON leads (preferred_date, preferred_window) WHERE kind = 'inspection';
