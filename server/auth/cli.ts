/**
 * `npm run admin -- grant <github-login> <role>`, `revoke <github-login>` and `list`:
 * who may enter the admin area, from the command line, before or after that
 * person's first sign-in. This is how a fresh install gets its first
 * super_admin. The database is the one the environment selects, as for the server.
 */
import { loadEnvOrReport } from '../config/env.ts';
import { openDbFromEnv, type Db } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { GITHUB_LOGIN, grantRole, listAdmins, revokeRole, ROLES, type Role } from './store.ts';

const USAGE = `Usage:
  npm run admin -- grant <github-login> <role>   give a GitHub account a role: ${ROLES.join(' or ')}
  npm run admin -- revoke <github-login>         take every role from the account and end its sessions
  npm run admin -- list                          everyone who has a role

A grant works before the person's first sign-in: it waits under their GitHub login.
The database is PostgreSQL when DATABASE_URL is set, otherwise the embedded one in DATA_DIR,
which one process opens at a time: stop the server (npm start, npm run dev) first.`;

const ROLE_NAMES: Record<Role, string> = { admin: 'admin', super_admin: 'super_admin' };

function isRole(value: string | undefined): value is Role {
  return (ROLES as readonly string[]).includes(value ?? '');
}

function date(value: Date | null): string {
  return value ? value.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'never';
}

async function run(db: Db, command: string, args: string[]): Promise<number> {
  if (command === 'grant') {
    const [login, role] = args;
    const result = await grantRole(db, login!, role as Role);
    const change =
      result.previous === null ? 'now has' : result.previous === role ? 'already had' : `changed from ${result.previous} to`;
    const when = result.signedInBefore ? '' : ' It applies from their first sign-in with GitHub.';
    console.log(`@${login} ${change} the ${ROLE_NAMES[result.role]} role.${when}`);
    if (result.previous === 'super_admin' && result.role !== 'super_admin') await warnWithoutSuperAdmin(db);
    return 0;
  }
  if (command === 'revoke') {
    const [login] = args;
    const removed = await revokeRole(db, login!);
    console.log(
      removed.length
        ? `@${login} no longer has the ${removed.join(' and ')} role, and every session of theirs has ended.`
        : `@${login} had no role, so nothing changed.`,
    );
    if (removed.includes('super_admin')) await warnWithoutSuperAdmin(db);
    return 0;
  }
  const admins = await listAdmins(db);
  if (admins.length === 0) {
    console.log('Nobody has a role yet. Give the owner one: npm run admin -- grant <github-login> super_admin');
    return 0;
  }
  for (const user of admins) {
    const seen = user.githubId === null ? 'has not signed in yet' : `last signed in ${date(user.lastSignInAt)}`;
    console.log(`@${user.login}  ${user.role}  ${seen}`);
  }
  return 0;
}

/**
 * The admin area refuses to take the role from the last super_admin; the command line
 * may (it is how a locked-out owner gets back in), but says what that leaves.
 */
async function warnWithoutSuperAdmin(db: Db): Promise<void> {
  if ((await listAdmins(db)).some((user) => user.role === 'super_admin')) return;
  console.log(
    'Nobody has the super_admin role now, so nobody can manage users in the admin area. ' +
      'Give it back with: npm run admin -- grant <github-login> super_admin',
  );
}

/** Checks the arguments; a problem is a sentence and the usage. */
function problemWith(command: string | undefined, args: string[]): string | null {
  if (command === 'list') return args.length ? 'list takes no arguments.' : null;
  if (command === 'grant') {
    if (args.length !== 2) return 'grant takes a GitHub login and a role.';
    if (!GITHUB_LOGIN.test(args[0]!)) return `"${args[0]}" is not a GitHub login (letters, digits and hyphens, no @).`;
    if (!isRole(args[1])) return `"${args[1]}" is not a role: use ${ROLES.join(' or ')}.`;
    return null;
  }
  if (command === 'revoke') {
    if (args.length !== 1) return 'revoke takes a GitHub login.';
    return GITHUB_LOGIN.test(args[0]!) ? null : `"${args[0]}" is not a GitHub login (letters, digits and hyphens, no @).`;
  }
  return command ? `Unknown command "${command}".` : null;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return 0;
  }
  // "@octocat" is how people write logins; GitHub's own login has no @.
  const args = rest.map((arg, i) => (i === 0 && arg.startsWith('@') ? arg.slice(1) : arg));
  const problem = command ? problemWith(command, args) : 'Say what to do.';
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return 1;
  }
  const env = loadEnvOrReport();
  if (!env) return 1;
  let db: Db | undefined;
  try {
    db = await openDbFromEnv(env);
    // A fresh install has no tables until the server first starts: make them, as the server would.
    await migrate(db);
    return await run(db, command!, args);
  } catch (error) {
    console.error(
      `Could not ${command} (${env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}). ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    await db?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
