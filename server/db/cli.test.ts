import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../tests/server-process.ts';
import { insertErrorLog } from './error-log.ts';
import { createDb } from './index.ts';
import { migrate } from './migrate.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'roof-db-cli-'));
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Runs `npm run db -- <args>` as npm would (tsx server/db/cli.ts), with only the given database settings. */
function runCli(args: string[], env: Record<string, string>): ReturnType<typeof runScript> {
  return runScript('server/db/cli.ts', args, { INIT_CWD: root, ...env });
}

async function embeddedDatabaseWithOneReport(dataDir: string): Promise<void> {
  const db = await createDb({ dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrate(db);
    await insertErrorLog(db, { kind: 'visitor', message: 'The map does not load.' });
  } finally {
    await db.close();
  }
}

describe('npm run db', () => {
  it('backs up the embedded database and restores it into another, one sentence each', { timeout: 60_000 }, async () => {
    const source = path.join(root, 'source');
    const target = path.join(root, 'target');
    await embeddedDatabaseWithOneReport(source);

    // A relative file name is taken from the folder the command was typed in (INIT_CWD), not the project's.
    const backup = await runCli(['backup', 'nightly.sql'], { DATA_DIR: source });
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up the embedded database in ${path.join(source, 'pglite')} at migration \\d+ to ${path.join(root, 'nightly.sql')}: \\d+ rows in \\d+ tables \\(.*error_log 1,.*\\), [\\d.]+ kB\\.$`,
      ),
    );

    const restore = await runCli(['restore', path.join(root, 'nightly.sql')], { DATA_DIR: target });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(
      new RegExp(
        `^Restored ${path.join(root, 'nightly.sql')} into the embedded database in ${path.join(target, 'pglite')}, now at migration \\d+, with these rows per table: .*error_log 1, .*\\.$`,
      ),
    );
    const restored = await createDb({ dataDir: path.join(target, 'pglite') });
    try {
      expect(await restored.query('SELECT kind, message FROM error_log')).toEqual([
        { kind: 'visitor', message: 'The map does not load.' },
      ]);
    } finally {
      await restored.close();
    }

    const again = await runCli(['restore', path.join(root, 'nightly.sql')], { DATA_DIR: target });
    expect(again).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'The target database already holds data (error_log: 1 row). Restore only loads into an empty database, so nothing was changed.',
    });
  });

  it('refuses the embedded database while a server has it open', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'busy');
    await embeddedDatabaseWithOneReport(dataDir);
    const server = await createDb({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const result = await runCli(['backup', path.join(root, 'busy.sql')], { DATA_DIR: dataDir });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `Backup failed. The embedded database in ${path.join(dataDir, 'pglite')} is in use by process ${process.pid}. Stop the server first.`,
      });
    } finally {
      await server.close();
    }
  });

  it('says there is nothing to back up where DATA_DIR holds no database, and creates none', { timeout: 30_000 }, async () => {
    const empty = path.join(root, 'nothing-here');
    const result = await runCli(['backup', path.join(root, 'nothing.sql')], { DATA_DIR: empty });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `There is no embedded database in ${path.join(empty, 'pglite')} (check DATA_DIR), so there is nothing to back up.`,
    });
    expect(existsSync(empty)).toBe(false);
  });

  it('prints its usage for missing or unknown arguments, and explains a bad setting', { timeout: 30_000 }, async () => {
    for (const args of [[], ['backup'], ['export', 'x.sql'], ['restore', 'a.sql', 'b.sql']]) {
      const result = await runCli(args, {});
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toMatch(/^Usage:\n {2}npm run db -- backup <file>/);
    }
    const help = await runCli(['--help'], {});
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage:/);

    const badUrl = await runCli(['backup', 'x.sql'], { DATABASE_URL: 'mysql://somewhere/db' });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toBe(
      'Invalid environment:\n  - DATABASE_URL: must be a postgres:// or postgresql:// connection URL (leave it unset to use the embedded database)',
    );
  });
});
