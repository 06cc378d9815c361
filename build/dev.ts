/**
 * `npm run dev`: builds, serves on PORT (4321), watches the sources, rebuilds
 * after a change and reloads the open pages. Admin sign-in goes through a local
 * GitHub stand-in unless a real OAuth app is configured (README "Admin sign-in").
 *
 * The build runs in its own process (build/dev-builder.ts), which keeps its
 * modules between edits:
 * - an edited content Markdown file renders only its own pages, the server
 *   re-reads just those files (SIGUSR2) and the open pages reload (in
 *   under 300 ms); the other pages follow in the background (SIGHUP when done);
 * - any other change starts a fresh builder, so every page and component
 *   module is imported afresh; unchanged images come from the content-hash
 *   cache, and dev builds skip compression and the service worker.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BuilderMessage, ContentEdit } from './dev-builder.ts';
import { ROOT } from './paths.ts';

const WATCHED = ['pages', 'components', 'content', 'client', 'build', 'lib', 'public'];
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
/** Editors save in bursts (write, rename, chmod): one rebuild per burst. */
const SETTLE_MS = 15;

let builder: ChildProcess | undefined;
let onBuilt: ((ok: boolean) => void) | undefined;
let server: ChildProcess | undefined;
let editStarted = 0;

/** Starts a fresh builder (ending the one before), which builds everything; resolves when it has. */
function startBuilder(): Promise<boolean> {
  builder?.removeAllListeners('exit');
  builder?.kill('SIGTERM');
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'build/dev-builder.ts'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_MODE: 'dev' },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  builder = child;
  const built = new Promise<boolean>((resolve) => (onBuilt = resolve));
  child.on('message', (message: BuilderMessage) => {
    if (message.type === 'built') {
      console.log(`Built in ${(message.ms / 1000).toFixed(1)} s; pages reload.`);
      server?.kill('SIGHUP');
      onBuilt?.(true);
    } else if (message.type === 'quick') {
      server?.kill('SIGUSR2');
      const since = editStarted ? ` (${Math.round(performance.now() - editStarted)} ms after the save)` : '';
      console.log(`Rendered ${message.paths.join(', ')} in ${message.ms} ms${since}; the page reloads.`);
    } else if (message.type === 'settled') {
      server?.kill('SIGHUP');
    } else if (message.type === 'failed') {
      console.error('The build failed; fix the error and save again.');
      onBuilt?.(false);
    }
  });
  child.on('exit', (code) => {
    if (builder === child) builder = undefined;
    if (code) console.error(`The builder stopped (exit code ${code}); it starts again with the next change.`);
    onBuilt?.(false);
  });
  return built;
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

await startBuilder();
const signIn = startSignIn();
// The server runs as its own process (the build never imports server/); SIGHUP makes it re-read dist/.
server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { cwd: ROOT, env: signIn.env, stdio: 'inherit' });
server.once('exit', (code) => {
  console.error(`The server stopped (exit code ${code}).`);
  signIn.standIn?.kill('SIGTERM');
  builder?.kill('SIGTERM');
  process.exit(code ?? 1);
});
console.log(`Watching ${WATCHED.join(', ')}`);

let timer: NodeJS.Timeout | undefined;
const changed = new Set<string>();
/** An editor's temporary file (sed's sedXXXXXX, vim's 4913), gone by the time the burst settles. */
const SOURCE_FILE = /\.(md|tsx?|css|json|svg|png|jpe?g|webp|woff2|js|html|txt|xml)$/i;
const isLeftover = (file: string) => !SOURCE_FILE.test(file) && !fs.existsSync(path.join(ROOT, file));

const rebuild = () => {
  const files = [...changed].filter((file) => !isLeftover(file));
  changed.clear();
  if (!files.length) return;
  const contentOnly = files.every((f) => /^content\/[a-z]+\/[^/]+\.md$/.test(f));
  if (contentOnly && builder?.connected) builder.send({ type: 'content', files } satisfies ContentEdit);
  else void startBuilder();
};

/**
 * Every folder is watched on its own, not with `recursive: true`: Node's recursive
 * watcher on Linux follows files, and loses one that an editor replaces by renaming
 * a new copy over it (sed -i, many editors' safe save). A folder added later is
 * watched from the next start.
 */
function watchFolder(abs: string): void {
  fs.watch(abs, (_event, name) => {
    const file = path
      .relative(ROOT, path.join(abs, String(name ?? '')))
      .split(path.sep)
      .join('/');
    if (!name || /(^|\/)\.|\.test\.tsx?$|routes\.snapshot\.txt$|~$/.test(file)) return;
    if (!changed.size) editStarted = performance.now();
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(rebuild, SETTLE_MS);
  });
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) watchFolder(path.join(abs, entry.name));
  }
}
for (const dir of WATCHED) if (fs.existsSync(path.join(ROOT, dir))) watchFolder(path.join(ROOT, dir));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server?.removeAllListeners('exit');
    server?.once('exit', () => process.exit(0));
    signIn.standIn?.kill(signal);
    builder?.kill(signal);
    server?.kill(signal);
  });
}
