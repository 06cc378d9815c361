-- The leads search also finds a phone number by its local seven digits ("555-0123",
-- as a caller often gives it, without the area code): the same words as migration
-- 014 plus right(digits, 7). A generated column cannot be altered, so it is made again.
ALTER TABLE leads DROP COLUMN search;
ALTER TABLE leads ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple',
    coalesce(name, '') || ' ' || coalesce(email, '') || ' ' ||
    regexp_replace(phone, '\D', '', 'g') || ' ' ||
    right(regexp_replace(phone, '\D', '', 'g'), 10) || ' ' ||
    right(regexp_replace(phone, '\D', '', 'g'), 7) || ' ' ||
    right(regexp_replace(phone, '\D', '', 'g'), 4) || ' ' ||
    zip)
) STORED;
CREATE INDEX leads_search_idx ON leads USING gin (search);
