import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, PROJECT_ROOT, siteIsHttps } from './env.ts';

describe('loadEnv', () => {
  it('uses the documented defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toEqual({
      PORT: 4321,
      HOST: '127.0.0.1',
      SITE_URL: 'http://localhost:4321',
      DATA_DIR: path.join(PROJECT_ROOT, 'data'),
      DIST_DIR: path.join(PROJECT_ROOT, 'dist'),
      DATABASE_URL: undefined,
      TRUST_PROXY: false,
      TRUST_PROXY_HOPS: 1,
      WEB_CONCURRENCY: 1,
      ERROR_RETENTION_DAYS: 90,
      NODE_ENV: 'development',
      // Lead pipeline (server/config/leads.ts): SMTP and the webhook are off until set.
      SMTP_PORT: 587,
      LEAD_RATE_LIMIT: 5,
      OUTBOX_RETRY_BASE_SECONDS: 30,
      OUTBOX_LEASE_SECONDS: 120,
      // Admin sign-in (server/config/auth.ts): GitHub is off until its OAuth app is set.
      GITHUB_OAUTH_BASE_URL: 'https://github.com',
      GITHUB_API_BASE_URL: 'https://api.github.com',
      GITHUB_TIMEOUT_SECONDS: 10,
      SESSION_IDLE_MINUTES: 480,
      PASSKEY_RATE_LIMIT: 30,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
      SESSION_MAX_HOURS: 168,
      PIXEL_SCRIPT_HOSTS: ['app.searchatlas.com', 'api.searchatlas.com', 'www.googletagmanager.com', 'www.google-analytics.com'],
    });
  });

  it('needs the GitHub client ID and secret together, and refuses a bad script host', () => {
    expect(() => loadEnv({ GITHUB_CLIENT_ID: 'Iv1.abc' })).toThrow(
      /GITHUB_CLIENT_SECRET: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set together/,
    );
    expect(() => loadEnv({ GITHUB_CLIENT_SECRET: 'secret' })).toThrow(/GITHUB_CLIENT_ID:/);
    expect(loadEnv({ GITHUB_CLIENT_ID: 'Iv1.abc', GITHUB_CLIENT_SECRET: 'secret' }).GITHUB_CLIENT_ID).toBe('Iv1.abc');
    expect(() => loadEnv({ PIXEL_SCRIPT_HOSTS: 'https://app.searchatlas.com' })).toThrow(/PIXEL_SCRIPT_HOSTS/);
    expect(loadEnv({ PIXEL_SCRIPT_HOSTS: ' App.SearchAtlas.com , cdn.example.com' }).PIXEL_SCRIPT_HOSTS).toEqual([
      'app.searchatlas.com',
      'cdn.example.com',
    ]);
  });

  it('resolves relative folders against the project root, not the working directory', () => {
    const env = loadEnv({ DIST_DIR: 'build-output', DATA_DIR: '/var/lib/roofing' });
    expect(env.DIST_DIR).toBe(path.join(PROJECT_ROOT, 'build-output'));
    expect(env.DATA_DIR).toBe('/var/lib/roofing');
  });

  it('treats empty variables as unset', () => {
    const env = loadEnv({ PORT: '', DATABASE_URL: '', TRUST_PROXY: '' });
    expect(env.PORT).toBe(4321);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('reads TRUST_PROXY words as booleans', () => {
    for (const word of ['true', '1', 'yes', 'ON']) expect(loadEnv({ TRUST_PROXY: word }).TRUST_PROXY).toBe(true);
    for (const word of ['false', '0', 'no', 'off']) expect(loadEnv({ TRUST_PROXY: word }).TRUST_PROXY).toBe(false);
  });

  it('accepts a PostgreSQL URL and strips a trailing slash from SITE_URL', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://app@db:5432/roofing', SITE_URL: 'https://roof.example.com/' });
    expect(env.DATABASE_URL).toBe('postgres://app@db:5432/roofing');
    expect(env.SITE_URL).toBe('https://roof.example.com');
    expect(siteIsHttps(env)).toBe(true);
  });

  it('lists every bad variable with what is wrong, in one readable error', () => {
    let error: unknown;
    try {
      loadEnv({
        PORT: 'eighty',
        SITE_URL: 'roof.example.com',
        DATABASE_URL: 'mysql://root:hunter2@db/roofing',
        TRUST_PROXY: 'maybe',
        NODE_ENV: 'staging',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message.split('\n')).toEqual([
      'Invalid environment:',
      '  - PORT: must be a whole number from 0 to 65535',
      '  - SITE_URL: must be an absolute http:// or https:// URL, for example https://www.example.com',
      '  - DATABASE_URL: must be a postgres:// or postgresql:// connection URL (leave it unset to use the embedded database)',
      '  - TRUST_PROXY: must be true or false (also accepted: 1/0, yes/no, on/off)',
      '  - NODE_ENV: must be one of development, production or test',
    ]);
  });

  it('never echoes a value, so a database password cannot leak into logs', () => {
    expect(() => loadEnv({ DATABASE_URL: 'mysql://root:hunter2@db/roofing' })).toThrow(EnvError);
    try {
      loadEnv({ DATABASE_URL: 'mysql://root:hunter2@db/roofing' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('refuses to run in production without the public address, which sign-in and HSTS need', () => {
    for (const local of [undefined, 'http://localhost:4321', 'http://127.0.0.1:8080', 'http://[::1]:4321']) {
      expect(() => loadEnv({ NODE_ENV: 'production', ...(local ? { SITE_URL: local } : {}) })).toThrow(
        /SITE_URL: must be the site's public address, such as https:\/\/www\.example\.com, when NODE_ENV is production/,
      );
    }
    expect(loadEnv({ NODE_ENV: 'production', SITE_URL: 'https://www.savannahroofing.com' }).SITE_URL).toBe(
      'https://www.savannahroofing.com',
    );
    expect(loadEnv({ NODE_ENV: 'development' }).SITE_URL).toBe('http://localhost:4321');
  });

  it('rejects a port above 65535', () => {
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT: must be a whole number/);
  });

  it('runs several server processes only on PostgreSQL, since the embedded database belongs to one process', () => {
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL: the embedded database serves one process only',
    );
    expect(loadEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://app@db/roofing' }).WEB_CONCURRENCY).toBe(2);
    expect(() => loadEnv({ WEB_CONCURRENCY: '0' })).toThrow(
      'WEB_CONCURRENCY: must be a whole number from 1 to 64 (server processes sharing the port)',
    );
  });

  it('takes the VAPID key pair together or not at all', () => {
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: 'BPublicKeyOnly' })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/,
    );
    expect(() => loadEnv({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
