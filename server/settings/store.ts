/**
 * The site settings of /admin/settings (migration 013): one row per setting, and
 * an audit row for every change, old -> new, with who and when.
 */
import { z } from 'zod';
import type { Db, Queryable } from '../db/index.ts';
import { PLACE_ID_PATTERN } from '../../lib/google-places-config.ts';

/** The settings' storage keys, as rows: `gtm_container_id`, `otto_seo_active` + `otto_seo_pixel`, and the notice. */
export const SETTING_KEYS = ['tag_manager', 'seo_pixel', 'site_notice', 'csp_script_hosts', 'google_place'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export interface SiteNotice {
  text: string;
  /** An https URL or a path on this site; null for none. */
  link: string | null;
  /** ISO 8601 instant; the notice disappears by itself then. */
  expiresAt: string;
}

export interface PixelSetting {
  enabled: boolean;
  /** The snippet as cleaned when saved (server/settings/pixel.ts); cleaned again before every injection. */
  snippet: string;
}

export interface SiteSettings {
  containerId: string | null;
  pixel: PixelSetting;
  notice: SiteNotice | null;
  /** Further script hosts a super_admin allowed for the container's tags (bare host names). */
  scriptHosts: string[];
  /** The business's Google Place ID, for its reviews and the write-a-review link; wins over GOOGLE_PLACE_ID. */
  placeId: string | null;
}

export const DEFAULT_SETTINGS: SiteSettings = Object.freeze({
  containerId: null,
  pixel: Object.freeze({ enabled: false, snippet: '' }),
  notice: null,
  scriptHosts: Object.freeze([]) as unknown as string[],
  placeId: null,
});

/** The JSON each key holds; a row that does not match (written by another version) counts as unset. */
const VALUE_SCHEMAS = {
  tag_manager: z.object({ containerId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }),
  seo_pixel: z.object({ enabled: z.boolean(), snippet: z.string().max(10_000) }),
  site_notice: z.object({
    text: z.string().min(1).max(1000),
    link: z.string().max(2048).nullable(),
    expiresAt: z.iso.datetime(),
  }),
  csp_script_hosts: z.object({ hosts: z.array(z.string().max(253)).max(50) }),
  google_place: z.object({ placeId: z.string().regex(PLACE_ID_PATTERN) }),
} satisfies Record<SettingKey, z.ZodType>;

export type SettingValue<K extends SettingKey> = z.infer<(typeof VALUE_SCHEMAS)[K]>;

interface SettingRow {
  key: string;
  value: unknown;
  revision: string;
}

/**
 * Which save a setting's value came from: its row's `updated_at` in microseconds,
 * '' while unset. A form carries the revision it was served with, so a save made
 * meanwhile elsewhere (another tab, another admin) is not overwritten unseen.
 */
export type Revisions = Record<SettingKey, string>;

/** A row's revision in SQL: microseconds since 1970 as text, whatever the connection's time zone. */
const REVISION = '(extract(epoch from updated_at) * 1000000)::bigint::text AS revision';

export interface LoadedSettings {
  settings: SiteSettings;
  revisions: Revisions;
  /** Changes whenever any setting does: instances compare it to notice a save made elsewhere. */
  version: string;
}

function parsed<K extends SettingKey>(key: K, value: unknown): SettingValue<K> | null {
  const result = VALUE_SCHEMAS[key].safeParse(value);
  if (!result.success) {
    console.error(`Setting "${key}" in the database is not in the expected shape; it is ignored until saved again.`);
    return null;
  }
  return result.data as SettingValue<K>;
}

/** Every setting, defaults for the unset ones. */
export async function loadSettings(db: Queryable): Promise<LoadedSettings> {
  const rows = await db.query<SettingRow>(`SELECT key, value, ${REVISION} FROM site_settings ORDER BY key`);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const value = <K extends SettingKey>(key: K) => (byKey.has(key) ? parsed(key, byKey.get(key)) : null);
  const settings: SiteSettings = {
    containerId: value('tag_manager')?.containerId ?? null,
    pixel: value('seo_pixel') ?? DEFAULT_SETTINGS.pixel,
    notice: value('site_notice'),
    scriptHosts: value('csp_script_hosts')?.hosts ?? [],
    placeId: value('google_place')?.placeId ?? null,
  };
  const revisions = Object.fromEntries(SETTING_KEYS.map((key) => [key, ''])) as Revisions;
  for (const row of rows) if (row.key in revisions) revisions[row.key as SettingKey] = row.revision;
  const version = canonical(rows.map((row) => [row.key, row.revision, row.value]));
  return { settings, revisions, version };
}

/** JSON with object keys sorted: jsonb gives keys back in its own order, so plain JSON.stringify would see changes that are not. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export interface Changer {
  id: number;
  login: string;
}

/** What a save did: changed or not, and the setting's revision now. */
export type SaveResult =
  | { changed: boolean; revision: string }
  /** Not saved: the setting was changed since `expected`, by `by` (login) at `at`. */
  | { changed: false; moved: { revision: string; by: string | null; at: Date } };

/**
 * Sets one setting (null clears it) and records the change in the audit log, in
 * one transaction. Saving the value already stored changes nothing and logs nothing.
 * With `expected` (the revision the form was served with), a setting changed since
 * is left as it is and the answer says who changed it.
 */
export async function saveSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K> | null,
  by: Changer,
  expected?: string,
): Promise<SaveResult> {
  const next = value === null ? null : VALUE_SCHEMAS[key].parse(value);
  return db.transaction(async (tx) => {
    // FOR UPDATE locks no row while the setting is unset: two saves from the same unset revision
    // would both pass the check, the second overwriting the first. Saves are rare; take them in turn.
    await tx.query('LOCK TABLE site_settings IN SHARE ROW EXCLUSIVE MODE');
    const current = await tx.maybeOne<{ value: unknown; revision: string }>(
      `SELECT value, ${REVISION} FROM site_settings WHERE key = $1 FOR UPDATE`,
      [key],
    );
    const old = current?.value ?? null;
    const revision = current?.revision ?? '';
    if (canonical(old) === canonical(next)) return { changed: false, revision };
    if (expected !== undefined && expected !== revision) {
      const last = await tx.maybeOne<{ changed_by_login: string | null; changed_at: Date }>(
        'SELECT changed_by_login, changed_at FROM settings_audit WHERE key = $1 ORDER BY id DESC LIMIT 1',
        [key],
      );
      return { changed: false, moved: { revision, by: last?.changed_by_login ?? null, at: last?.changed_at ?? new Date() } };
    }
    let saved = '';
    if (next === null) {
      await tx.query('DELETE FROM site_settings WHERE key = $1', [key]);
    } else {
      const row = await tx.one<{ revision: string }>(
        `INSERT INTO site_settings (key, value, updated_at, updated_by) VALUES ($1, $2::jsonb, now(), $3)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by
         RETURNING ${REVISION}`,
        [key, JSON.stringify(next), by.id],
      );
      saved = row.revision;
    }
    await tx.query(
      `INSERT INTO settings_audit (key, old_value, new_value, changed_by, changed_by_login)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5)`,
      [key, old === null ? null : JSON.stringify(old), next === null ? null : JSON.stringify(next), by.id, by.login],
    );
    return { changed: true, revision: saved };
  });
}

export interface AuditEntry {
  id: number;
  key: SettingKey;
  oldValue: unknown;
  newValue: unknown;
  changedBy: string | null;
  changedAt: Date;
}

/** The latest changes, newest first. */
export async function listAudit(db: Queryable, limit = 50): Promise<AuditEntry[]> {
  const rows = await db.query<{
    id: number;
    key: SettingKey;
    old_value: unknown;
    new_value: unknown;
    changed_by_login: string | null;
    changed_at: Date;
  }>(
    `SELECT id, key, old_value, new_value, changed_by_login, changed_at FROM settings_audit
     ORDER BY changed_at DESC, id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    oldValue: row.old_value,
    newValue: row.new_value,
    changedBy: row.changed_by_login,
    changedAt: row.changed_at,
  }));
}
