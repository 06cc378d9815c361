import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cachedBundles } from './assets-cache.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const tempDir = tempDirs('assets');

describe('the bundles cached by what they are made from', () => {
  it('bundles once, then places the same files and returns the same result without bundling', async () => {
    const cache = tempDir();
    const bundle = vi.fn(async (dist: string) => {
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'assets', 'entry-ABC.js'), 'console.log(1)');
      return { entry: '/assets/entry-ABC.js' };
    });
    const first = tempDir();
    fs.writeFileSync(path.join(first, 'kept.txt'), 'written before');
    expect(await cachedBundles(first, false, () => bundle(first), cache)).toEqual({
      result: { entry: '/assets/entry-ABC.js' },
      cached: false,
    });
    const second = tempDir();
    expect(await cachedBundles(second, false, () => bundle(second), cache)).toEqual({
      result: { entry: '/assets/entry-ABC.js' },
      cached: true,
    });
    expect(bundle).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(path.join(second, 'assets', 'entry-ABC.js'), 'utf8')).toBe('console.log(1)');
    // Only what the bundling wrote is kept, not what was in the folder before.
    expect(fs.existsSync(path.join(second, 'kept.txt'))).toBe(false);
  });

  it('keeps dev and production bundles apart', async () => {
    const cache = tempDir();
    const bundle = vi.fn(async () => ({ ok: true }));
    await cachedBundles(tempDir(), false, bundle, cache);
    expect((await cachedBundles(tempDir(), true, bundle, cache)).cached).toBe(false);
    expect(bundle).toHaveBeenCalledTimes(2);
  });
});
