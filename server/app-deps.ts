import type { Db } from './db/index.ts';
import type { Env } from './config/env.ts';
import type { ReviewsService } from './reviews/service.ts';
import type { Publisher } from './publish/publisher.ts';
import type { SettingsService } from './settings/service.ts';
import type { SiteFiles } from './site/site-files.ts';

/** What the app and every API module are built from. */
export interface AppDeps {
  env: Env;
  db: Db;
  files: SiteFiles;
  /** The reviews source; index.ts passes one whose refresh timer it runs. Made here (without a timer) when absent. */
  reviews?: ReviewsService;
  /** The site settings; index.ts passes one it has started (and that polls). Made here, not started, when absent. */
  settings?: SettingsService;
  /** Publishing the owner's content; index.ts passes one it has started (and that polls). Made here, not started, when absent. */
  publisher?: Publisher;
  /** Aborted when the server begins to shut down, so that requests held open (the dev page's wait) are answered at once. */
  closing?: AbortSignal;
}
