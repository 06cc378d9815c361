import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute project folders, resolved once so nothing depends on the working directory. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PAGES_DIR = path.join(ROOT, 'pages');
export const CONTENT_DIR = path.join(ROOT, 'content');
export const CLIENT_DIR = path.join(ROOT, 'client');
export const PUBLIC_DIR = path.join(ROOT, 'public');
export const CACHE_DIR = path.join(ROOT, '.cache');
export const DIST_DIR = path.resolve(process.env.DIST_DIR ?? path.join(ROOT, 'dist'));

/** The installed version of a package in node_modules/, for cache keys that must change with it. */
export function installedVersion(pkg: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;
}
