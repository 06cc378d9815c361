/**
 * `npm run dev`: builds, serves on PORT (4321), watches the sources, rebuilds
 * after a change and reloads the open pages. Admin sign-in goes through a local
 * GitHub stand-in unless a real OAuth app is configured (README "Admin sign-in").
 *
 * Each rebuild runs in a child process so every page and component module is
 * imported fresh. Unchanged images come from the content-hash cache and dev
 * builds skip compression and the service worker, so a rebuild redoes only the
 * pages and bundles.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.ts';

const WATCHED = ['pages', 'components', 'content', 'client', 'build', 'public'];
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function build(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['build/index.ts'], { cwd: ROOT, env: { ...process.env, BUILD_MODE: 'dev' }, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * Admin sign-in without a GitHub OAuth app: the GitHub stand-in (tests/github-stand-in.ts)
 * signs everyone in as DEV_GITHUB_LOGIN, made super_admin here. With GITHUB_CLIENT_ID
 * set, the real GitHub is used and nothing is granted.
 */
function startSignIn(): { env: NodeJS.ProcessEnv; standIn?: ChildProcess } {
  if (process.env.GITHUB_CLIENT_ID) return { env: process.env };
  const login = process.env.DEV_GITHUB_LOGIN || 'dev-owner';
  const port = process.env.DEV_GITHUB_PORT || '4399';
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    // GitHub sends the browser back to SITE_URL; in development that is this server, whatever its port.
    SITE_URL: process.env.SITE_URL || `http://localhost:${process.env.PORT || 4321}`,
    GITHUB_CLIENT_ID: 'stand-in-client-id',
    GITHUB_CLIENT_SECRET: 'stand-in-client-secret',
    GITHUB_OAUTH_BASE_URL: base,
    GITHUB_API_BASE_URL: base,
  };
  const standIn = spawn(tsx, ['tests/github-stand-in.ts', '--port', port, '--login', login], { cwd: ROOT, stdio: 'inherit' });
  // Before the server starts: it holds the embedded database while it runs.
  spawnSync(tsx, ['server/auth/cli.ts', 'grant', login, 'super_admin'], { cwd: ROOT, env, stdio: 'inherit' });
  return { env, standIn };
}

if (!(await build())) console.error('The first build failed; fix the error and save again.');
const signIn = startSignIn();
// The server runs as its own process (the build never imports server/); SIGHUP makes it re-read dist/.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env: signIn.env, stdio: 'inherit' });
server.once('exit', (code) => {
  console.error(`The server stopped (exit code ${code}).`);
  signIn.standIn?.kill('SIGTERM');
  process.exit(code ?? 1);
});
console.log(`Watching ${WATCHED.join(', ')}`);

let timer: NodeJS.Timeout | undefined;
let building = false;
let again = false;
const rebuild = async () => {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = performance.now();
  const ok = await build();
  if (ok) {
    server.kill('SIGHUP');
    console.log(`Rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s; pages reload.`);
  }
  building = false;
  if (again) {
    again = false;
    void rebuild();
  }
};

for (const dir of WATCHED) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) continue;
  fs.watch(abs, { recursive: true }, (_event, file) => {
    if (file && /(^|\/)\.|\.test\.tsx?$|routes\.snapshot\.txt$/.test(String(file))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 150);
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.removeAllListeners('exit');
    server.once('exit', () => process.exit(0));
    signIn.standIn?.kill(signal);
    server.kill(signal);
  });
}
