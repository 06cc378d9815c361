/**
 * What the bench compares us with and the project does not depend on (bench/peers/package.json):
 * Eleventy, Astro, astro-pagefind, Pagefind for the peers' same-work builds, and Lighthouse 12
 * (as `lighthouse12`). Installed into bench/peers/node_modules by `npm install` on first use.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';

export const PEERS = path.join(ROOT, 'bench', 'peers');
/** The module the floor and the peers run for the same work as our build. */
export const SAME_WORK = path.join(PEERS, 'same-work.mjs');

/** Installs the peers into bench/peers/node_modules when missing or older than their package files. */
export function ensurePeers(): void {
  const marker = path.join(PEERS, 'node_modules', '.package-lock.json');
  const newest = Math.max(...['package.json', 'package-lock.json'].map((f) => fs.statSync(path.join(PEERS, f)).mtimeMs));
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < newest) {
    console.log('Installing the peers into bench/peers/node_modules (npm install) ...');
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: PEERS, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm install in bench/peers failed');
  }
}

/** The installed version of `pkg`, from bench/peers/node_modules or, with `root`, from the project's own. */
export function installedVersion(pkg: string, root = PEERS): string {
  const file = path.join(root, 'node_modules', pkg, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
