import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../tests/server-process.ts';
import { openTestDb, reachableTestPostgres } from '../../tests/test-db.ts';
import { createDb, type Db } from '../db/index.ts';
import { roleOf, upsertGitHubUser } from './store.ts';

const postgresUrl = await reachableTestPostgres();
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'roof-admin-cli-'));
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const admin = (args: string[], env: Record<string, string>) => runScript('server/auth/cli.ts', args, env);

/** The first sign-in of `login` (GitHub id `githubId`), as the OAuth callback records it; the role it then has. */
async function firstSignIn(db: Db, login: string, githubId: number): Promise<string | null> {
  const user = await upsertGitHubUser(db, { id: githubId, login, name: null, avatarUrl: null });
  return roleOf(db, user.id);
}

/** grant before the first sign-in, list, the sign-in taking the grant over, revoke: the same on either database. */
async function lifecycle(env: Record<string, string>, open: () => Promise<Db>): Promise<void> {
  const grant = await admin(['grant', '@Octo-Owner', 'super_admin'], env);
  expect(grant).toEqual({
    code: 0,
    stdout: '@Octo-Owner now has the super_admin role. It applies from their first sign-in with GitHub.',
    stderr: '',
  });
  expect((await admin(['grant', 'office-helper', 'admin'], env)).code).toBe(0);
  const list = await admin(['list'], env);
  expect(list.stdout.split('\n')).toEqual([
    '@Octo-Owner  super_admin  has not signed in yet',
    '@office-helper  admin  has not signed in yet',
  ]);

  const db = await open();
  try {
    // Logins are case-insensitive on GitHub: the grant waiting under Octo-Owner is found by octo-owner.
    expect(await firstSignIn(db, 'octo-owner', 4242)).toBe('super_admin');
    expect(await firstSignIn(db, 'stranger', 4343)).toBeNull();
  } finally {
    await db.close();
  }

  // The command line may take the last super_admin's role (the admin area may not), and says so.
  expect((await admin(['grant', 'octo-owner', 'admin'], env)).stdout.split('\n')).toEqual([
    '@octo-owner changed from super_admin to the admin role.',
    'Nobody has the super_admin role now, so nobody can manage users in the admin area. ' +
      'Give it back with: npm run admin -- grant <github-login> super_admin',
  ]);
  expect((await admin(['revoke', 'office-helper'], env)).stdout).toBe(
    '@office-helper no longer has the admin role, and every session of theirs has ended.',
  );
  expect((await admin(['revoke', 'office-helper'], env)).stdout).toBe('@office-helper had no role, so nothing changed.');
  expect((await admin(['list'], env)).stdout).toMatch(/^@octo-owner {2}admin {2}last signed in never$/);
}

describe('npm run admin', () => {
  it(
    'grants, lists and revokes roles before and after the first sign-in, on the embedded database',
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(root, 'embedded');
      await lifecycle({ DATA_DIR: dataDir }, () => createDb({ dataDir: path.join(dataDir, 'pglite') }));
    },
  );

  it.skipIf(postgresUrl === null)('does the same on PostgreSQL', { timeout: 60_000 }, async () => {
    const schemaDb = await openTestDb(postgresUrl);
    try {
      const url = `${postgresUrl}${postgresUrl!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schemaDb.schema}`)}`;
      await lifecycle({ DATABASE_URL: url }, () => createDb({ url: postgresUrl!, schema: schemaDb.schema, poolSize: 1 }));
    } finally {
      await schemaDb.close();
    }
  });

  it('refuses bad arguments with one sentence and the usage', async () => {
    for (const [args, problem] of [
      [['grant', 'octo-owner'], 'grant takes a GitHub login and a role.'],
      [['grant', 'octo-owner', 'owner'], '"owner" is not a role: use admin or super_admin.'],
      [['grant', 'not a login', 'admin'], '"not a login" is not a GitHub login'],
      [['revoke'], 'revoke takes a GitHub login.'],
      [['promote', 'x'], 'Unknown command "promote".'],
      [[], 'Say what to do.'],
    ] as const) {
      const result = await admin([...args], { DATA_DIR: path.join(root, 'unused') });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(problem);
      expect(result.stderr).toContain('Usage:');
    }
  });
});
