import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { FAVICON_URL } from '../lib/urls.ts';
import { CACHE_DIR, CLIENT_DIR, ROOT } from './paths.ts';

/**
 * What the worker precaches, as workbox-build glob patterns: the entry, the sheets a page
 * loads when its dialog, toasts or lightbox first need them (components/page-sheets.ts DEFERRED_SHEETS), the
 * storm-notice script (it removes an expired notice from a page the worker kept), the offline page and the two images it shows.
 */
const PRECACHE = [
  'assets/entry-*.js',
  'assets/forms-*.css',
  'assets/overlays-*.css',
  'assets/site-notice-*.js',
  'offline.html',
  FAVICON_URL.slice(1),
  'image-unavailable.svg',
];
const UNHASHED = ['offline.html', FAVICON_URL.slice(1), 'image-unavailable.svg'];
const MANIFEST_CACHE = path.join(CACHE_DIR, 'sw-manifest.json');

type ManifestEntry = { url: string; revision: string | null };

/**
 * workbox-build's precache manifest of dist/. Loading
 * workbox-build costs more than the rest of a warm build, so its answer is
 * kept under .cache/ and reused while the files it looks at are the same: the hashed
 * names in assets/ and the bytes of the unhashed files.
 */
export async function precacheManifest(distDir: string): Promise<ManifestEntry[]> {
  const hash = crypto.createHash('sha256').update(JSON.stringify(PRECACHE));
  hash.update(fs.readdirSync(path.join(distDir, 'assets')).sort().join('\n'));
  for (const file of UNHASHED) hash.update(fs.readFileSync(path.join(distDir, file)));
  const key = hash.digest('hex');
  try {
    const cached = JSON.parse(fs.readFileSync(MANIFEST_CACHE, 'utf8')) as { key: string; entries: ManifestEntry[] };
    if (cached.key === key) return cached.entries;
  } catch {
    // No cache yet, or an unreadable one: ask workbox-build.
  }
  // The module itself, not the package's index: the index also loads generateSW's Rollup and Babel (0.5 s against 1.4 s).
  const { getManifest } = await import('workbox-build/build/get-manifest.js');
  const { manifestEntries = [], warnings } = await getManifest({
    globDirectory: distDir,
    globPatterns: PRECACHE,
    dontCacheBustURLsMatching: /^assets\//,
  });
  if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`);
  const entries = manifestEntries.map(({ url, revision }) => ({ url, revision: revision ?? null }));
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(MANIFEST_CACHE, JSON.stringify({ key, entries }));
  return entries;
}

/**
 * Builds /sw.js from client/sw.ts with the precache manifest of the hashed assets
 * and the offline page.
 */
export async function buildServiceWorker(distDir: string): Promise<{ precached: number; bytes: number }> {
  const manifestEntries = await precacheManifest(distDir);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(CLIENT_DIR, 'sw.ts')],
    outfile: path.join(distDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    target: ['chrome100', 'safari15.4', 'firefox100'],
    define: {
      'process.env.NODE_ENV': '"production"',
      'self.__WB_MANIFEST': JSON.stringify(manifestEntries),
    },
    metafile: true,
    logLevel: 'silent',
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { precached: manifestEntries.length, bytes };
}
