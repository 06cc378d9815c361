/**
 * Keeps the pages this instance serves in step with the saved settings: applies
 * them at start and after each save, removes the notice when it expires, and on
 * PostgreSQL hears of saves made by other instances: each save sends a notification that
 * every instance listens for, and a poll catches any that a dropped connection missed
 * (docs/decisions/076-settings-saves-announced-by-notify.md).
 */
import type { Db } from '../db/index.ts';
import type { SiteFiles } from '../site/site-files.ts';
import { buildInjection, liveNotice } from './injection.ts';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSetting,
  type Changer,
  type Revisions,
  type SaveResult,
  type SettingKey,
  type SettingValue,
  type SiteSettings,
} from './store.ts';

/** How often an instance on PostgreSQL checks for settings saved by another one, notified or not. */
export const SETTINGS_POLL_MS = 2_000;

/** The PostgreSQL channel a save is announced on; the payload is the schema, so tests on one database keep apart. */
export const SETTINGS_CHANNEL = 'site_settings';

// setTimeout takes at most 2^31-1 ms (about 24.8 days); a later expiry re-arms.
const MAX_TIMER_MS = 2_147_483_647;

export interface SettingsService {
  /** The settings this instance serves now. */
  current(): SiteSettings;
  /** The revision of each setting `current()` holds, for the forms to carry. */
  revisions(): Revisions;
  /**
   * Saves one setting as `by`, and resolves once this instance serves pages with it.
   * With `expected`, a setting changed since that revision is not overwritten.
   */
  save<K extends SettingKey>(key: K, value: SettingValue<K> | null, by: Changer, expected?: string): Promise<SaveResult>;
  /** Reads the settings and applies them when they changed (the poll calls it; tests may too). */
  refresh(): Promise<void>;
  /** Loads and applies the settings, then listens and polls for other instances' saves (PostgreSQL only). Resolves once pages carry them. */
  start(): Promise<void>;
  stop(): void;
}

export interface SettingsServiceOptions {
  db: Db;
  files: SiteFiles;
  pixelHosts: readonly string[];
  /** Poll interval; defaults to SETTINGS_POLL_MS on PostgreSQL and no polling on PGlite (one process). */
  pollMs?: number | null;
  now?: () => Date;
}

/** Calls `refresh` `ms` after the previous call settled, until the returned function is called. */
function pollEvery(ms: number, refresh: () => Promise<void>): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      refresh()
        .catch((error: unknown) => {
          // The database may be restarting; the next poll tries again.
          console.error('Could not read the site settings:', error instanceof Error ? error.message : error);
        })
        .finally(tick);
    }, ms);
    timer.unref();
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Tells the other instances that the settings changed: they read them again at once rather than at their next poll. */
function announceSave(db: Db): Promise<void> {
  return db.query('SELECT pg_notify($1, $2)', [SETTINGS_CHANNEL, db.schema]).then(
    () => {},
    (error: unknown) => console.error('Could not announce a settings save:', error instanceof Error ? error.message : error),
  );
}

/** Calls `reread` whenever another instance announces a save; resolves to what stops listening (nothing to stop without it). */
async function listenForSaves(db: Db, reread: () => void, stopped: () => boolean): Promise<() => Promise<void>> {
  if (!db.listen) return async () => {};
  try {
    // A null payload: the connection came back, and a save may have been missed meanwhile.
    const stop = await db.listen(SETTINGS_CHANNEL, (schema) => {
      if (schema === null || schema === db.schema) reread();
    });
    if (!stopped()) return stop;
    await stop();
  } catch (error) {
    console.error('Could not listen for settings saves; polling only:', error instanceof Error ? error.message : error);
  }
  return async () => {};
}

export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { db, files } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs === undefined ? (db.kind === 'postgres' ? SETTINGS_POLL_MS : null) : options.pollMs;
  let settings: SiteSettings = DEFAULT_SETTINGS;
  let revisions: Revisions = { tag_manager: '', seo_pixel: '', site_notice: '', csp_script_hosts: '', google_place: '' };
  let version: string | null = null;
  let stopPolling = () => {};
  let stopListening = async () => {};
  let expiry: NodeJS.Timeout | undefined;
  let stopped = false;
  let refreshing: Promise<void> | undefined;

  const armExpiry = () => {
    clearTimeout(expiry);
    const notice = liveNotice(settings.notice, now());
    if (!notice || stopped) return;
    const wait = Date.parse(notice.expiresAt) - now().getTime();
    expiry = setTimeout(() => void apply().catch(report), Math.min(Math.max(wait, 0) + 5, MAX_TIMER_MS));
    expiry.unref();
  };

  const apply = async () => {
    const snapshot = settings;
    await files.setInjection(({ site, render }) =>
      buildInjection(snapshot, { site, render, pixelHosts: options.pixelHosts, now: now() }),
    );
    armExpiry();
  };

  const report = (error: unknown) =>
    console.error('Could not apply the site settings:', error instanceof Error ? error.message : error);

  const load = async () => {
    const loaded = await loadSettings(db);
    if (loaded.version === version) return;
    version = loaded.version;
    settings = loaded.settings;
    revisions = loaded.revisions;
    await apply();
  };

  const refresh = () => {
    // One read at a time; a poll that finds one running waits for it instead of starting another.
    refreshing ??= load().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  return {
    current: () => settings,
    revisions: () => revisions,
    async save(key, value, by, expected) {
      const result = await saveSetting(db, key, value, by, expected);
      // A read that began before the save may have missed it: let it finish, then read again.
      await refreshing?.catch(() => {});
      await refresh();
      if (db.kind === 'postgres' && result.changed) await announceSave(db);
      return result;
    },
    refresh,
    async start() {
      await refresh();
      if (pollMs === null || stopped) return;
      stopPolling = pollEvery(pollMs, refresh);
      stopListening = await listenForSaves(
        db,
        () => void refresh().catch(report),
        () => stopped,
      );
    },
    stop() {
      stopped = true;
      stopPolling();
      void stopListening();
      clearTimeout(expiry);
    },
  };
}
