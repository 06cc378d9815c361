import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedOutput, outputKey, storeOutput } from './output-cache.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const tempDir = tempDirs('output');

/** A project with one file in each kind of source folder (no git: the key says so). */
function project(): string {
  const root = tempDir();
  for (const [file, text] of Object.entries({
    'pages/index.tsx': 'export default () => null;',
    'content/blog/a.md': '---\ntitle: A\n---\nBody',
    'components/Card.tsx': 'export default () => null;',
    'package-lock.json': '{}',
  })) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  fs.writeFileSync(path.join(root, 'package.json'), '{}');
  fs.writeFileSync(path.join(root, 'tsconfig.json'), '{}');
  return root;
}

const day = new Date('2026-11-28T12:00:00Z');
const options = (root: string) => ({ siteUrl: 'https://roof.example.com', precompress: true, env: {}, today: day, root });

describe("a whole build's output, kept by what it is made from", () => {
  it('gives the same key to the same sources, and another when a source, the origin, precompression or the day changes', () => {
    const root = project();
    const key = outputKey(options(root));
    expect(outputKey(options(root))).toBe(key);
    expect(outputKey({ ...options(root), siteUrl: 'https://www.roof.example.com' })).not.toBe(key);
    expect(outputKey({ ...options(root), precompress: false })).not.toBe(key);
    expect(outputKey({ ...options(root), today: new Date('2026-11-29T00:00:01Z') })).not.toBe(key);
    fs.writeFileSync(path.join(root, 'content', 'blog', 'a.md'), '---\ntitle: A\n---\nBody, edited');
    expect(outputKey(options(root))).not.toBe(key);
  });

  it('sees a source file added or renamed, not only one edited', () => {
    const root = project();
    const key = outputKey(options(root));
    fs.renameSync(path.join(root, 'content', 'blog', 'a.md'), path.join(root, 'content', 'blog', 'b.md'));
    const renamed = outputKey(options(root));
    expect(renamed).not.toBe(key);
    fs.mkdirSync(path.join(root, 'public'));
    fs.writeFileSync(path.join(root, 'public', 'robots-extra.txt'), 'x');
    expect(outputKey(options(root))).not.toBe(renamed);
  });

  it("sees what the build reads besides the sources: the installed packages, the reviews file's time, the local year", () => {
    const root = project();
    const key = outputKey(options(root));
    // A lockfile pulled before `npm ci`: the build imports what is installed, not what is locked.
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.writeFileSync(
      path.join(root, 'node_modules', '.package-lock.json'),
      '{"packages":{"node_modules/marked":{"version":"18.0.0"}}}',
    );
    const installed = outputKey(options(root));
    expect(installed).not.toBe(key);
    fs.writeFileSync(
      path.join(root, 'node_modules', '.package-lock.json'),
      '{"packages":{"node_modules/marked":{"version":"18.2.1"}}}',
    );
    expect(outputKey(options(root))).not.toBe(installed);

    // build/reviews.ts gives the curated reviews the file's mtime as their fetchedAt.
    fs.writeFileSync(path.join(root, 'content', 'reviews.json'), '{}');
    fs.utimesSync(path.join(root, 'content', 'reviews.json'), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    const reviews = outputKey(options(root));
    fs.utimesSync(path.join(root, 'content', 'reviews.json'), new Date('2026-11-02T00:00:00Z'), new Date('2026-11-02T00:00:00Z'));
    expect(outputKey(options(root))).not.toBe(reviews);

    // The footer prints new Date().getFullYear(), in the build's time zone.
    const zone = process.env.TZ;
    try {
      const newYearsEve = { ...options(root), today: new Date('2026-12-31T20:00:00Z') };
      process.env.TZ = 'UTC';
      const inUtc = outputKey(newYearsEve);
      process.env.TZ = 'Pacific/Kiritimati';
      expect(new Date('2026-12-31T20:00:00Z').getFullYear()).toBe(2027);
      expect(outputKey(newYearsEve)).not.toBe(inUtc);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('has no key when a Places setting is malformed, so the build reports it as it always did', () => {
    expect(outputKey({ ...options(project()), env: { GOOGLE_PLACE_ID: 'not a place id!' } })).toBeNull();
  });

  it('has no key when the build would fetch Google reviews, or warn about half their settings', () => {
    const root = project();
    const places = { GOOGLE_PLACES_API_KEY: 'key', GOOGLE_PLACE_ID: 'ChIJN1t_tDeuEmsRUsoyG83frY4' };
    expect(outputKey({ ...options(root), env: places })).toBeNull();
    expect(outputKey({ ...options(root), env: { GOOGLE_PLACES_API_KEY: 'key' } })).toBeNull();
    expect(outputKey({ ...options(root), env: { GOOGLE_PLACES_API_KEY: ' ' } })).not.toBeNull();
  });

  it('places the same files a kept build wrote, with what it reported', () => {
    const cache = tempDir();
    const built = tempDir();
    fs.mkdirSync(path.join(built, 'blog'));
    fs.writeFileSync(path.join(built, 'index.html'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(built, 'blog', 'a.html'), '<h1>A</h1>');
    expect(cachedOutput('k1', cache)).toBeNull();
    storeOutput('k1', built, { pages: 2 }, cache);
    const again = tempDir();
    const kept = cachedOutput<{ pages: number }>('k1', cache)!;
    expect(kept.report).toEqual({ pages: 2 });
    kept.place(again);
    expect(fs.readFileSync(path.join(again, 'index.html'), 'utf8')).toBe('<h1>Home</h1>');
    expect(fs.readFileSync(path.join(again, 'blog', 'a.html'), 'utf8')).toBe('<h1>A</h1>');
    expect(cachedOutput('another key', cache)).toBeNull();
  });

  it('never uses an entry that was not finished', () => {
    const cache = tempDir();
    const built = tempDir();
    fs.writeFileSync(path.join(built, 'index.html'), '<h1>Home</h1>');
    storeOutput('k1', built, { pages: 1 }, cache);
    fs.rmSync(path.join(cache, 'k1', '.complete'));
    expect(cachedOutput('k1', cache)).toBeNull();
  });
});
