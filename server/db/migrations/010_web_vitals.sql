-- Field measurements of LCP, INP, CLS, FCP and TTFB beaconed to POST /api/vitals;
-- the admin dashboard shows their p75 per page.
-- One row per metric instance: web-vitals may report the same id again with a
-- larger value (CLS, INP grow while the page is open), which updates the row.
CREATE TABLE web_vitals (
  id bigserial PRIMARY KEY,
  page text NOT NULL,
  metric text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
  -- Milliseconds, except CLS, which is a unitless score.
  value double precision NOT NULL CHECK (value >= 0),
  rating text NULL CHECK (rating IN ('good', 'needs-improvement', 'poor')),
  metric_id text NOT NULL,
  navigation_type text NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (metric, metric_id)
);

CREATE INDEX web_vitals_created_at_idx ON web_vitals (created_at);
