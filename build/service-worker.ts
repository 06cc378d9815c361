import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { CLIENT_DIR, ROOT } from './paths.ts';

/**
 * What the worker precaches, as dist-relative patterns: the entry, the font, the
 * storm-notice script (it removes an expired notice from a page the worker kept,
 * issue 9), the offline page and the two images it shows.
 */
const PRECACHE = [
  /^assets\/entry-[^/]+\.js$/,
  /^assets\/[^/]+\.woff2$/,
  /^assets\/site-notice-[^/]+\.js$/,
  /^offline\.html$/,
  /^favicon\.svg$/,
  /^image-unavailable\.svg$/,
];

/**
 * The precache manifest in workbox's format: hashed assets need no revision; other
 * files get the MD5 of their bytes, as workbox-build's getManifest writes it. Made
 * here because loading workbox-build (for this one call) cost more than the rest of a
 * warm build (issue 11).
 */
export function precacheManifest(distDir: string): { url: string; revision: string | null }[] {
  const files = fs
    .readdirSync(distDir, { recursive: true, withFileTypes: false })
    .map((f) => String(f).split(path.sep).join('/'))
    .filter((f) => PRECACHE.some((p) => p.test(f)))
    .sort();
  for (const pattern of PRECACHE) {
    if (!files.some((f) => pattern.test(f))) throw new Error(`service worker: nothing in dist/ matches ${pattern}`);
  }
  return files.map((url) => ({
    url,
    revision: url.startsWith('assets/')
      ? null
      : crypto
          .createHash('md5')
          .update(fs.readFileSync(path.join(distDir, url)))
          .digest('hex'),
  }));
}

/**
 * Builds /sw.js from client/sw.ts with the precache manifest of the hashed assets
 * and the offline page (DECISIONS.md "Service worker").
 */
export async function buildServiceWorker(distDir: string): Promise<{ precached: number; bytes: number }> {
  const manifestEntries = precacheManifest(distDir);
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
