import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { loadEnv, type Env } from './env.ts';

export const FIXTURE_404_HTML = '<!doctype html><title>Roof Not Found</title><h1>Looks like this page slipped a shingle.</h1>';

/** A small build in the shape the real one writes (see the build/server interface). */
export const FIXTURE_FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Home</title><h1>Home</h1>${'<p>Roofing in Savannah.</p>'.repeat(200)}`,
  'about.html': '<!doctype html><title>About</title><h1>About</h1>',
  'offline.html': '<!doctype html><title>Offline</title><h1>You are offline</h1>',
  '404.html': FIXTURE_404_HTML,
  'blog/atlas-vs-gaf.html': '<!doctype html><title>Atlas vs GAF</title><h1>Atlas vs GAF</h1>',
  'assets/app-3f9a1c.js': `console.log(${JSON.stringify('island '.repeat(100))});`,
  'assets/app-3f9a1c.css': `body{color:#111}${'.a{margin:0}'.repeat(100)}`,
  'img/roof-480.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  'sw.js': `self.addEventListener('install', () => {});${' '.repeat(300)}`,
  'robots.txt': 'User-agent: *\nDisallow: /admin\n',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
  'locations/pooler.html': '<!doctype html><title>Stale page the redirect replaces</title>',
  '_redirects.json': JSON.stringify([
    { from: '/locations/pooler', to: '/locations/pooler-roofing' },
    { from: '/locations/ardlesly-park-roofing', to: '/locations/ardsley-park-roofing' },
  ]),
  '_headers.txt': 'never served',
  '_private/secret.txt': 'never served either',
};

/** Files written without .br/.gz, as the build does for tiny files. */
const UNCOMPRESSED = new Set(['about.html', 'img/roof-480.svg', 'robots.txt', 'sitemap.xml', 'locations/pooler.html']);
const TEXT = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;

/**
 * Writes a throw-away dist/ folder (with .br/.gz beside text files) and returns
 * its path and a cleanup. Each test file makes its own, so none shares leftovers.
 */
export async function makeTempDist(
  files: Record<string, string | Uint8Array> = FIXTURE_FILES,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'roofing-dist-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    if (TEXT.test(name) && !name.startsWith('_') && !UNCOMPRESSED.has(name)) {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      await writeFile(`${file}.br`, brotliCompressSync(bytes));
      await writeFile(`${file}.gz`, gzipSync(bytes));
    }
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A valid environment for tests, with overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', ...overrides });
}
