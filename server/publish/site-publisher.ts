/**
 * The publisher as a running server makes it: the gallery's photos from the database and
 * the Place ID from the settings, with the hook and data folder from the environment.
 */
import type { Env } from '../config/env.ts';
import type { Db } from '../db/index.ts';
import { widestWebp } from '../gallery/store.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SiteFiles } from '../site/site-files.ts';
import { createPublisher, type Publisher, type PublisherOptions } from './publisher.ts';

export function sitePublisher(
  { env, db, files, settings }: { env: Env; db: Db; files: SiteFiles; settings: SettingsService },
  pollMs?: PublisherOptions['pollMs'],
): Publisher {
  return createPublisher({
    db,
    files,
    dataDir: env.DATA_DIR,
    hook: env.PUBLISH_HOOK,
    photo: (id) => widestWebp(db, id),
    placeId: () => settings.current().placeId,
    ...(pollMs === undefined ? {} : { pollMs }),
  });
}
