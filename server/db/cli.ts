/**
 * `npm run db -- backup <file>` and `npm run db -- restore <file>`: plain SQL
 * backups of whichever database the environment selects (PostgreSQL when
 * DATABASE_URL is set, else the embedded database under DATA_DIR), so an owner
 * can keep copies and move to PostgreSQL without a developer. docs/operations.md
 * has the steps.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { loadEnvOrReport, type Env } from '../config/env.ts';
import { BackupError, backupDatabase, restoreDatabase, type TableRows } from './backup.ts';
import { openDbFromEnv, type Db } from './index.ts';

const USAGE = `Usage:
  npm run db -- backup <file>    write a plain SQL backup of the database to <file>
  npm run db -- restore <file>   load a backup into an empty database

The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded one in DATA_DIR.
Stop the server before using the embedded database. See docs/operations.md.`;

function describeDatabase(env: Env): string {
  // Never the URL itself: it may carry a password.
  return env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${embeddedDir(env)}`;
}

function embeddedDir(env: Env): string {
  return path.join(env.DATA_DIR, 'pglite');
}

function rowList(tables: readonly TableRows[]): string {
  return tables.map((t) => `${t.table} ${t.rows.toLocaleString('en-US')}`).join(', ');
}

function megabytes(bytes: number): string {
  return bytes < 100_000 ? `${(bytes / 1000).toFixed(1)} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, file, ...extra] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) {
    console.error(USAGE);
    return 1;
  }

  const env = loadEnvOrReport();
  if (!env) return 1;
  // npm runs scripts from the project folder; a relative path means the folder the owner typed the command in.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const where = describeDatabase(env);
  const verb = command === 'backup' ? 'Backup' : 'Restore';

  if (command === 'backup' && !env.DATABASE_URL) {
    // Opening a missing folder would create an empty database there, and back that up.
    const entries = await readdir(embeddedDir(env)).catch(() => []);
    if (entries.length === 0) {
      console.error(`There is no embedded database in ${embeddedDir(env)} (check DATA_DIR), so there is nothing to back up.`);
      return 1;
    }
  }

  let db: Db | undefined;
  try {
    db = await openDbFromEnv(env);
    if (command === 'backup') {
      const result = await backupDatabase(db, target);
      const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
      console.log(
        `Backed up ${where} at migration ${result.version} to ${result.file}: ${rows.toLocaleString('en-US')} rows in ${result.tables.length} tables (${rowList(result.tables)}), ${megabytes(result.bytes)}.`,
      );
    } else {
      const result = await restoreDatabase(db, target);
      const from = result.backupVersion === result.version ? '' : `, brought up from migration ${result.backupVersion}`;
      console.log(
        `Restored ${target} into ${where}, now at migration ${result.version}${from}, with these rows per table: ${rowList(result.tables)}.`,
      );
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // A BackupError is already a sentence for the owner; anything else (a connection refused, the lock) gets a lead-in.
    console.error(error instanceof BackupError ? message : `${verb} failed. ${message.replace(/\.?$/, '.')}`);
    return 1;
  } finally {
    await db?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
