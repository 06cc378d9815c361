/**
 * What the admin screens are given: the database, the settings, the environment and
 * what they read from the build's output. Only this module knows where the build's
 * output is held on the server; the screens see it through `AdminBuilt`.
 */
import type { ServerData } from '../../../lib/server-data.ts';
import type { Db } from '../../db/index.ts';
import type { Env } from '../../config/env.ts';
import type { Publisher } from '../../publish/publisher.ts';
import type { SettingsService } from '../../settings/service.ts';
import type { SiteFiles } from '../../site/site-files.ts';

/** What the admin reads from the build: the site data and each admin page's built shell. */
export interface AdminBuilt {
  readonly site: Pick<
    ServerData,
    'facts' | 'pages' | 'placeholders' | 'business' | 'contentStamp' | 'galleryChoices' | 'articles'
  >;
  /** The built shell of the admin page at this path, or undefined when the build has none. */
  adminPage(path: string): string | undefined;
}

export interface AdminPageDeps {
  env: Env;
  db: Db;
  built: AdminBuilt;
  settings: SettingsService;
  publisher: Publisher;
}

/** The admin's view of the server's copy of the build. */
export function adminBuilt(files: SiteFiles): AdminBuilt {
  return {
    get site() {
      return files.site;
    },
    adminPage: (path) => files.adminPage(path),
  };
}
