/**
 * `npm run content -- export [folder]`: writes the newest version the owner
 * published from the admin as the overlay's files (business.json, stamp.json), so a
 * developer can read them and fold them into content/ by hand
 * (docs/decisions/061-owner-content-and-publishing.md). Reads the database the
 * environment selects; the embedded one only while the server is stopped.
 */
import path from 'node:path';
import { loadEnvOrReport } from '../config/env.ts';
import { openDbFromEnv } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { widestWebp } from '../gallery/store.ts';
import { writeOverlay } from './publisher.ts';
import { latestVersion } from './store.ts';

const USAGE = `Usage:
  npm run content -- export [folder]   write the owner's newest published content as files (default: content-export/)`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, folder = 'content-export', ...extra] = argv;
  if (command !== 'export' || extra.length > 0) {
    console.error(USAGE);
    return command === 'help' || command === '--help' ? 0 : 1;
  }
  const env = loadEnvOrReport();
  if (!env) return 1;
  const db = await openDbFromEnv(env);
  try {
    await migrate(db);
    const version = await latestVersion(db);
    if (!version) {
      console.log('Nothing was published from the admin yet: content/ holds everything.');
      return 0;
    }
    const target = path.resolve(folder);
    await writeOverlay(target, version.content, version.stamp, (id) => widestWebp(db, id));
    console.log(
      `Wrote version ${version.id} (${version.stamp}, published ${version.at.toISOString()}${version.by ? ` by @${version.by}` : ''}) to ${target}.`,
    );
    console.log(
      'business.json holds the business facts in the shape of lib/business-facts.ts: copy each value into content/site.ts.',
    );
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
});
