import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_WINDOW_BYTES, precompress } from '../build/compress.ts';
import { phaseTimes, renderingSeconds } from './builds.ts';
import { compressSite } from './peers/same-work.mjs';
import { syntheticArticle } from './synthetic.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-same-work-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `bytes` characters of hex digits that look random: brotli brings them to about half. */
const hexText = (bytes: number, seed: string) => {
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += crypto.createHash('sha256').update(`${seed}${i}`).digest('hex');
  return out.slice(0, bytes);
};

describe('the same work given to the floor and the peers', () => {
  it('writes the same .br and .gz bytes as our build, for every kind of file it compresses', async () => {
    const files: Record<string, string> = {
      'blog/page.html': `<!doctype html><html><body>${'<p>Roof repair in Savannah, flashing and gutters.</p>'.repeat(200)}</body></html>`,
      // Pages whose quality-6 brotli lands just over the first round trip: our build tries quality 10 on them,
      // which brings the first under it, and then 11 on the second.
      'blog/near-window.html': `<!doctype html><p>${hexText(Math.round(FIRST_WINDOW_BYTES * 1.9), 'near')}</p>`,
      'blog/over-window.html': `<!doctype html><p>${hexText(Math.round(FIRST_WINDOW_BYTES * 2), 'near')}</p>`,
      'assets/site.css': 'body{margin:0;color:#111}'.repeat(40),
      'assets/site.js.map': JSON.stringify({ sourcesContent: [syntheticArticle(1).text, syntheticArticle(2).text] }),
      'small.txt': 'too small to compress',
      'picture.png': 'not a text type'.repeat(40),
    };
    const ours = tempDir();
    const theirs = tempDir();
    for (const dir of [ours, theirs]) {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
    }
    await precompress(ours, { cacheDir: tempDir() });
    await compressSite(theirs);
    for (const name of Object.keys(files)) {
      for (const ext of ['br', 'gz']) {
        const [a, b] = [ours, theirs].map((dir) => path.join(dir, `${name}.${ext}`));
        expect(fs.existsSync(b), `${name}.${ext}`).toBe(fs.existsSync(a!));
        if (fs.existsSync(a!)) expect(fs.readFileSync(b!).equals(fs.readFileSync(a!)), `${name}.${ext}`).toBe(true);
      }
    }
    expect(fs.existsSync(path.join(theirs, 'blog/page.html.br'))).toBe(true);
  });
});

describe("our page rendering alone, from the build's log", () => {
  const log = [
    'Building http://localhost into /tmp/dist',
    '  content          100 blog, 30 services (120 ms)',
    '  images           68 images (68 processed, 0 from cache) (900 ms)',
    "  assets           12 files and the server's renderer (1500 ms)",
    '  pages            230 pages (2000 ms)',
    '  search index     210 pages (400 ms)',
    '  static files     sitemap with 200 URLs (50 ms)',
    '  service worker   40 precached files (300 ms)',
    '  compress         400 files as .br and .gz (200 compressed, 0 from cache; pages since they were written) (250 ms)',
    'Built 230 pages and 20 redirects, 9000 KiB, in 5.0 s',
  ].join('\n');

  it('reads every phase the build logs, with names of one or two words', () => {
    expect(phaseTimes(log).get('images')).toBe(900);
    expect(phaseTimes(log).get('search index')).toBe(400);
    expect(phaseTimes(log).size).toBe(8);
  });

  it('takes from the wall time the longer of images and bundles, the search index, the service worker and the compression at the end', () => {
    expect(renderingSeconds(6, log)).toBeCloseTo(6 - 1.5 - 0.4 - 0.3 - 0.25);
  });

  it('fails when the build no longer logs a phase it needs', () => {
    expect(() => renderingSeconds(6, log.replace(/ {2}service worker.*\n/, ''))).toThrow(/service worker/);
  });
});
