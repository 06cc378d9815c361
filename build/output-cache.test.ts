import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedOutput, outputKey, storeOutput } from './output-cache.ts';

const temp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-output-'));
  temp.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

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

describe("a whole build's output, kept by what it is made from (issue 11)", () => {
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
