-- The owner's content (docs/decisions/061-owner-content-and-publishing.md): a draft per
-- topic, every published version, and every change in an audit log. Logins are copied so
-- the history still names the person after their user row is gone.

-- One draft per topic ('business' today), saved as the owner types; its revision is
-- updated_at, so a save made from a page opened before another one is refused.
CREATE TABLE content_drafts (
  topic text PRIMARY KEY CHECK (topic ~ '^[a-z][a-z0-9_]{0,39}$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  updated_by_login text NULL
);

-- Every published version: the whole of the owner's content, never edited afterwards.
-- The newest row is what the site serves; every server polls its stamp.
CREATE TABLE content_versions (
  id bigserial PRIMARY KEY,
  stamp text NOT NULL UNIQUE CHECK (stamp ~ '^[a-z0-9-]{8,64}$'),
  content jsonb NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  restored_from bigint NULL REFERENCES content_versions (id) ON DELETE SET NULL,
  published_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  published_by_login text NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);

-- Every change to the owner's content: drafts saved, publishes, failed publishes with
-- their reason, versions brought back.
CREATE TABLE content_audit (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  action text NOT NULL CHECK (action IN ('draft', 'discard', 'publish', 'publish_failed', 'restore', 'upload')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  version_id bigint NULL REFERENCES content_versions (id) ON DELETE SET NULL,
  changed_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  changed_by_login text NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_audit_changed_at_idx ON content_audit (changed_at DESC, id DESC);

-- Photos uploaded from the admin for the gallery, kept here (outside dist/) until a publish
-- puts them in the site: only what was made of them (AVIF and WebP at the site's widths,
-- without metadata), never the uploaded file.
CREATE TABLE gallery_photos (
  id bigserial PRIMARY KEY,
  alt text NOT NULL CHECK (length(alt) BETWEEN 5 AND 300),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  uploaded_by bigint NULL REFERENCES users (id) ON DELETE SET NULL,
  uploaded_by_login text NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gallery_photo_files (
  photo_id bigint NOT NULL REFERENCES gallery_photos (id) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('avif', 'webp')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  bytes bytea NOT NULL,
  PRIMARY KEY (photo_id, format, width)
);
