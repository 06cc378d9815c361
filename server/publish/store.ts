/**
 * The owner's content in the database (migration 023): the drafts, the published
 * versions and the audit log (docs/decisions/061-owner-content-and-publishing.md).
 */
import { audit, type AuditAction, type Changer } from '../db/content-audit.ts';
import type { Db, Queryable } from '../db/index.ts';

export { audit, type AuditAction, type Changer };

export const CONTENT_TOPICS = ['business', 'gallery'] as const;
/** One draft per article being written or edited (server/admin/articles/), so two articles never collide. */
export type ArticleTopic = `article_${string}`;
export type ContentTopic = (typeof CONTENT_TOPICS)[number] | ArticleTopic;

/** A gallery project as the owner publishes it: its photos are uploaded ones (server/gallery/store.ts), by id. */
export interface OwnerProject {
  slug: string;
  title: string;
  service: string;
  location: string;
  /** YYYY-MM-DD. */
  date: string;
  story: string;
  before: { photo: number; alt: string };
  after: { photo: number; alt: string };
}

/** An article as the owner publishes it: the blog's front matter (dates as YYYY-MM-DD) and its Markdown body. */
export interface OwnerArticle {
  slug: string;
  data: Record<string, unknown>;
  body: string;
}

/** An uploaded photo in place of one page's illustration; `page` is `<collection>/<slug>` (services, landings, brands). */
export interface OwnerPagePhoto {
  page: string;
  photo: number;
  alt: string;
}

/** The whole of the owner's content, as one published version holds it. */
export interface OwnerContent {
  business?: unknown;
  gallery?: OwnerProject[];
  articles?: OwnerArticle[];
  pagePhotos?: OwnerPagePhoto[];
}

/** A row's revision in SQL: microseconds since 1970 as text (as server/settings/store.ts does). */
const REVISION = '(extract(epoch from updated_at) * 1000000)::bigint::text AS revision';

export interface Draft {
  value: unknown;
  revision: string;
  by: string | null;
  at: Date;
}

export async function loadDraft(db: Queryable, topic: ContentTopic): Promise<Draft | null> {
  const row = await db.maybeOne<{ value: unknown; revision: string; updated_by_login: string | null; updated_at: Date }>(
    `SELECT value, ${REVISION}, updated_by_login, updated_at FROM content_drafts WHERE topic = $1`,
    [topic],
  );
  return row && { value: row.value, revision: row.revision, by: row.updated_by_login, at: row.updated_at };
}

export type DraftSave =
  | { saved: true; revision: string }
  /** Refused: the draft was saved by `by` at `at` after the revision the page held. */
  | { saved: false; by: string | null; at: Date; revision: string };

/**
 * Saves a topic's draft unless it was saved since `expected` ('' when the page saw
 * none): the later of two people's saves is refused, naming the earlier one.
 */
export async function saveDraft(db: Db, topic: ContentTopic, value: unknown, by: Changer, expected: string): Promise<DraftSave> {
  return db.transaction(async (tx) => {
    // A draft that does not exist yet has no row to lock: take saves of drafts in turn.
    await tx.query('LOCK TABLE content_drafts IN SHARE ROW EXCLUSIVE MODE');
    const current = await tx.maybeOne<{ revision: string; updated_by_login: string | null; updated_at: Date }>(
      `SELECT ${REVISION}, updated_by_login, updated_at FROM content_drafts WHERE topic = $1 FOR UPDATE`,
      [topic],
    );
    if ((current?.revision ?? '') !== expected) {
      return {
        saved: false,
        by: current?.updated_by_login ?? null,
        at: current?.updated_at ?? new Date(),
        revision: current?.revision ?? '',
      };
    }
    const row = await tx.one<{ revision: string }>(
      `INSERT INTO content_drafts (topic, value, updated_at, updated_by, updated_by_login) VALUES ($1, $2::jsonb, clock_timestamp(), $3, $4)
       ON CONFLICT (topic) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at,
         updated_by = EXCLUDED.updated_by, updated_by_login = EXCLUDED.updated_by_login
       RETURNING ${REVISION}`,
      [topic, JSON.stringify(value), by.id, by.login],
    );
    await audit(tx, topic, 'draft', by, { value });
    return { saved: true, revision: row.revision };
  });
}

/** Every draft whose topic starts with `prefix` (the articles' drafts), newest first. */
export async function listDrafts(db: Queryable, prefix: string): Promise<(Draft & { topic: ContentTopic })[]> {
  const rows = await db.query<{
    topic: ContentTopic;
    value: unknown;
    revision: string;
    updated_by_login: string | null;
    updated_at: Date;
  }>(
    `SELECT topic, value, ${REVISION}, updated_by_login, updated_at FROM content_drafts WHERE starts_with(topic, $1) ORDER BY updated_at DESC`,
    [prefix],
  );
  return rows.map((row) => ({
    topic: row.topic,
    value: row.value,
    revision: row.revision,
    by: row.updated_by_login,
    at: row.updated_at,
  }));
}

/** Drops a topic's draft (after it was published, or when the owner throws it away). */
export async function dropDraft(tx: Queryable, topic: ContentTopic): Promise<void> {
  await tx.query('DELETE FROM content_drafts WHERE topic = $1', [topic]);
}

export interface Version {
  id: number;
  stamp: string;
  content: OwnerContent;
  changes: string[];
  restoredFrom: number | null;
  by: string | null;
  at: Date;
}

interface VersionRow {
  id: number;
  stamp: string;
  content: OwnerContent;
  changes: string[];
  restored_from: number | null;
  published_by_login: string | null;
  published_at: Date;
}

const VERSION_COLUMNS = 'id, stamp, content, changes, restored_from, published_by_login, published_at';

const versionOf = (row: VersionRow): Version => ({
  id: row.id,
  stamp: row.stamp,
  content: row.content,
  changes: row.changes,
  restoredFrom: row.restored_from,
  by: row.published_by_login,
  at: row.published_at,
});

/** The version the site should serve: the newest. */
export async function latestVersion(db: Queryable): Promise<Version | null> {
  const row = await db.maybeOne<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM content_versions ORDER BY id DESC LIMIT 1`);
  return row && versionOf(row);
}

/** Only the newest version's stamp: what every server polls. */
export async function latestStamp(db: Queryable): Promise<string | null> {
  const row = await db.maybeOne<{ stamp: string }>('SELECT stamp FROM content_versions ORDER BY id DESC LIMIT 1');
  return row?.stamp ?? null;
}

export async function getVersion(db: Queryable, id: number): Promise<Version | null> {
  const row = await db.maybeOne<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM content_versions WHERE id = $1`, [id]);
  return row && versionOf(row);
}

export async function listVersions(db: Queryable, limit = 30): Promise<Version[]> {
  const rows = await db.query<VersionRow>(`SELECT ${VERSION_COLUMNS} FROM content_versions ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map(versionOf);
}

export async function insertVersion(
  tx: Queryable,
  version: { stamp: string; content: OwnerContent; changes: string[]; restoredFrom: number | null },
  /** Null for the version the site was built with, which nobody published. */
  by: Changer | null,
): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `INSERT INTO content_versions (stamp, content, changes, restored_from, published_by, published_by_login)
     VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6) RETURNING id`,
    [
      version.stamp,
      JSON.stringify(version.content),
      JSON.stringify(version.changes),
      version.restoredFrom,
      by?.id ?? null,
      by?.login ?? null,
    ],
  );
  return row.id;
}

export interface AuditRow {
  id: number;
  topic: string;
  action: AuditAction;
  detail: Record<string, unknown>;
  versionId: number | null;
  by: string | null;
  at: Date;
}

export async function listContentAudit(db: Queryable, limit = 50): Promise<AuditRow[]> {
  const rows = await db.query<{
    id: number;
    topic: string;
    action: AuditAction;
    detail: Record<string, unknown>;
    version_id: number | null;
    changed_by_login: string | null;
    changed_at: Date;
  }>(
    `SELECT id, topic, action, detail, version_id, changed_by_login, changed_at FROM content_audit ORDER BY changed_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    topic: r.topic,
    action: r.action,
    detail: r.detail,
    versionId: r.version_id,
    by: r.changed_by_login,
    at: r.changed_at,
  }));
}
