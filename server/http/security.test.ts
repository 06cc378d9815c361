import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENTRY_LOADER } from '../../lib/entry-loader.ts';
import {
  carriesSearch,
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  ENTRY_LOADER_SOURCE,
  requestIsHttps,
  securityHeaders,
  withWebAssembly,
} from './security.ts';

describe('security headers', () => {
  it('never allow inline scripts and forbid framing', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('allow one inline script, the entry loader, by the hash of its text', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))!;
    const hash = createHash('sha256').update(ENTRY_LOADER).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(ENTRY_LOADER_SOURCE).toBe(`'sha256-${hash}'`);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('allow inline styles, because every public page carries its stylesheet inline', () => {
    const styleSrc = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('style-src'))!;
    expect(styleSrc.split(' ')).toContain("'unsafe-inline'");
  });

  it('include the fixed set, and HSTS only for https', () => {
    expect(Object.keys(securityHeaders(false)).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'referrer-policy',
      'x-content-type-options',
    ]);
    expect(securityHeaders(false)['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    expect(securityHeaders(true)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('requestIsHttps', () => {
  const http = { SITE_URL: 'http://localhost:4321', TRUST_PROXY: false };

  it('is true for an https site whatever the request says', () => {
    expect(requestIsHttps({ ...http, SITE_URL: 'https://roof.example.com' }, undefined)).toBe(true);
  });

  it('believes X-Forwarded-Proto only behind a trusted proxy', () => {
    expect(requestIsHttps(http, 'https')).toBe(false);
    expect(requestIsHttps({ ...http, TRUST_PROXY: true }, 'https')).toBe(true);
    expect(requestIsHttps({ ...http, TRUST_PROXY: true }, 'HTTPS, http')).toBe(true);
    expect(requestIsHttps({ ...http, TRUST_PROXY: true }, 'http')).toBe(false);
    expect(requestIsHttps({ ...http, TRUST_PROXY: true }, undefined)).toBe(false);
  });
});

describe('the search pages policy', () => {
  it("adds 'wasm-unsafe-eval' to script-src only, keeping every other source", () => {
    const policy = withWebAssembly(
      contentSecurityPolicy({ script: ['https://www.googletagmanager.com'], connect: [], img: [], frame: [] }),
    );
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src'))!;
    expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${ENTRY_LOADER_SOURCE} https://www.googletagmanager.com`);
    expect(policy.replace(" 'wasm-unsafe-eval'", '')).toBe(
      contentSecurityPolicy({ script: ['https://www.googletagmanager.com'], connect: [], img: [], frame: [] }),
    );
    expect(withWebAssembly(policy)).toBe(policy);
  });

  it('goes on the pages with the search box, the 404 page and the search worker, not on others', () => {
    expect(carriesSearch('/blog', 200, true)).toBe(true);
    expect(carriesSearch('/roofing-expertise-center', 200, true)).toBe(true);
    expect(carriesSearch('/no-such-page', 404, true)).toBe(true);
    expect(carriesSearch('/pagefind/pagefind-worker.js', 200, false)).toBe(true);
    expect(carriesSearch('/about', 200, true)).toBe(false);
    expect(carriesSearch('/blog/atlas-vs-gaf', 200, true)).toBe(false);
    expect(carriesSearch('/pagefind/pagefind.js', 200, false)).toBe(false);
    expect(carriesSearch('/blog', 200, false)).toBe(false);
  });
});
