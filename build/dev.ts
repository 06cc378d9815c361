/**
 * `npm run dev`: builds, serves on PORT (4321), watches the sources, rebuilds
 * after a change and reloads the open pages.
 *
 * Each rebuild runs in a child process so every page and component module is
 * imported fresh. Unchanged images come from the content-hash cache and dev
 * builds skip compression and the service worker, so a rebuild redoes only the
 * pages and bundles.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../server/env.ts';
import { startServer } from '../server/index.ts';
import { ROOT } from './paths.ts';

const WATCHED = ['pages', 'components', 'content', 'client', 'build', 'public'];
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function build(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(tsx, ['build/index.ts'], { cwd: ROOT, env: { ...process.env, BUILD_MODE: 'dev' }, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
  });
}

if (!(await build())) console.error('The first build failed; fix the error and save again.');
const running = await startServer(loadEnv());
console.log(`Dev server on ${running.url} (watching ${WATCHED.join(', ')})`);

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
    await running.store.reload();
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
  process.once(signal, () => void running.shutdown().then(() => process.exit(0)));
}
