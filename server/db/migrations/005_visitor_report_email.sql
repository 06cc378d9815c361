-- /report-issue lets a visitor leave an email address for a reply (kind 'visitor').
ALTER TABLE error_log ADD COLUMN contact_email text NULL;
