import path from 'node:path';
import * as esbuild from 'esbuild';
import { getManifest } from 'workbox-build';
import { CLIENT_DIR, ROOT } from './paths.ts';

/**
 * Builds /sw.js from client/sw.ts with workbox's precache manifest of the
 * hashed assets and the offline page (DECISIONS.md "Service worker").
 */
export async function buildServiceWorker(distDir: string): Promise<{ precached: number; bytes: number }> {
  const { manifestEntries, warnings } = await getManifest({
    globDirectory: distDir,
    globPatterns: [
      'assets/entry-*.js',
      'assets/*.woff2',
      // Removes an expired storm notice from a page the worker kept (issue 9).
      'assets/site-notice-*.js',
      'offline.html',
      'favicon.svg',
      'image-unavailable.svg',
    ],
    dontCacheBustURLsMatching: /^assets\//,
  });
  if (warnings.length) throw new Error(`service worker: ${warnings.join('; ')}`);
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
  return { precached: manifestEntries?.length ?? 0, bytes };
}
