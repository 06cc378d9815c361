import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { site } from '../content/site.ts';
import { ROOT } from './paths.ts';
import { resolveSiteOrigin } from './site-origin.ts';

describe('the public origin of the build', () => {
  it('takes SITE_URL, and falls back to the facts file url', () => {
    expect(resolveSiteOrigin({ SITE_URL: 'https://www.roofing.example/' })).toBe('https://www.roofing.example');
    expect(resolveSiteOrigin({})).toBe(new URL(site.url).origin);
  });

  it('lets a laptop build use a placeholder or localhost', () => {
    expect(resolveSiteOrigin({ SITE_URL: 'http://localhost:4321' })).toBe('http://localhost:4321');
    expect(resolveSiteOrigin({ NODE_ENV: 'development' })).toBe(new URL(site.url).origin);
  });

  it('fails a production build on localhost or the placeholder, in one sentence', () => {
    for (const local of ['http://localhost:4321', 'http://127.0.0.1', 'http://[::1]:8080', 'http://shop.localhost']) {
      expect(() => resolveSiteOrigin({ NODE_ENV: 'production', SITE_URL: local })).toThrow(
        /^A production build needs the public address[^\n]*\.$/,
      );
    }
    expect(() => resolveSiteOrigin({ NODE_ENV: 'production' })).toThrow(/placeholder/);
    expect(resolveSiteOrigin({ NODE_ENV: 'production', SITE_URL: 'https://www.savannahroofing.com' })).toBe(
      'https://www.savannahroofing.com',
    );
  });

  it('stops `npm run build` before writing anything when production has no public address', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx/esm', 'build/index.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SITE_URL: 'http://localhost:4321',
        DIST_DIR: path.join(ROOT, '.cache', 'never-written'),
      },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Build failed: A production build needs the public address, but SITE_URL is http:\/\/localhost:4321/,
    );
    expect(run.stdout).not.toContain('Building');
  });
});
