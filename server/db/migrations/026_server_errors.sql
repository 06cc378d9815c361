-- A request that failed on the server (an exception in a route, answered 5xx) is logged
-- beside the browsers' errors, the 404s and the visitors' reports, and can be resolved like them.
ALTER TABLE error_log DROP CONSTRAINT error_log_kind_check;
ALTER TABLE error_log ADD CONSTRAINT error_log_kind_check CHECK (kind IN ('render', 'not_found', 'visitor', 'server'));
ALTER TABLE error_resolutions DROP CONSTRAINT error_resolutions_kind_check;
ALTER TABLE error_resolutions ADD CONSTRAINT error_resolutions_kind_check CHECK (kind IN ('render', 'not_found', 'visitor', 'server'));
