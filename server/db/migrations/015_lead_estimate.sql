-- The /savannah-roof-cost estimate a visitor brought into the consultation form:
-- the inputs, the range shown and its basis, as validated by
-- lib/roof-estimate.ts. NULL when the visitor came without one.
ALTER TABLE leads ADD COLUMN estimate jsonb NULL
  CHECK (estimate IS NULL OR (jsonb_typeof(estimate) = 'object' AND length(estimate::text) <= 2000));
