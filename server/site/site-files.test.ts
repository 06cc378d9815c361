import { getEventListeners } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, STRICT_TRANSPORT_SECURITY } from '../http/security.ts';
import { urlPathForFile } from './dist-reader.ts';
import { acceptedEncodings, etagMatches } from './negotiation.ts';
import { IMMUTABLE, REVALIDATE, SHORT_CACHE } from './responses.ts';
import { loadSiteFiles, type SiteFiles } from './site-files.ts';
import { FIXTURE_404_HTML, FIXTURE_FILES, makeTempDist } from '../../tests/dist-fixture.ts';

let dist: Awaited<ReturnType<typeof makeTempDist>>;
let store: SiteFiles;

beforeAll(async () => {
  dist = await makeTempDist();
  store = await loadSiteFiles(dist.dir);
});

afterAll(async () => {
  await dist?.cleanup();
});

const text = (body: Uint8Array | null | undefined) => new TextDecoder().decode(body ?? new Uint8Array());

describe('which files the store serves', () => {
  it('maps HTML files to slashless routes', () => {
    expect(text(store.lookup('GET', '/', undefined, undefined)?.body)).toBe(FIXTURE_FILES['index.html']);
    expect(text(store.lookup('GET', '/about', undefined, undefined)?.body)).toBe(FIXTURE_FILES['about.html']);
    expect(text(store.lookup('GET', '/blog/atlas-vs-gaf', undefined, undefined)?.body)).toBe(
      FIXTURE_FILES['blog/atlas-vs-gaf.html'],
    );
    expect(store.lookup('GET', '/offline', undefined, undefined)?.status).toBe(200);
  });

  it('does not answer .html URLs itself, so the app can redirect them', () => {
    expect(store.lookup('GET', '/about.html', undefined, undefined)).toBeUndefined();
    expect(store.lookup('GET', '/index.html', undefined, undefined)).toBeUndefined();
  });

  it('never serves files starting with _ or the 404 page as a route', () => {
    expect(store.lookup('GET', '/_redirects.json', undefined, undefined)).toBeUndefined();
    expect(store.lookup('GET', '/_headers.txt', undefined, undefined)).toBeUndefined();
    expect(store.lookup('GET', '/_private/secret.txt', undefined, undefined)).toBeUndefined();
    expect(store.lookup('GET', '/404', undefined, undefined)).toBeUndefined();
    expect(store.paths().filter((p) => p.includes('_') || p.includes('404'))).toEqual([]);
  });

  it('does not serve precompressed files as URLs of their own', () => {
    expect(store.lookup('GET', '/assets/app-3f9a1c.js.br', undefined, undefined)).toBeUndefined();
    expect(store.lookup('GET', '/assets/app-3f9a1c.js.gz', undefined, undefined)).toBeUndefined();
  });

  it('leaves a path listed in _redirects.json to the redirect even if a file exists for it', () => {
    expect(store.lookup('GET', '/locations/pooler', undefined, undefined)).toBeUndefined();
    expect(store.redirectFor('/locations/pooler')).toBe('/locations/pooler-roofing');
    expect(store.redirectFor('/locations/savannah')).toBeUndefined();
  });

  it('answers GET and HEAD only', () => {
    expect(store.lookup('POST', '/', undefined, undefined)).toBeUndefined();
    expect(store.lookup('DELETE', '/', undefined, undefined)).toBeUndefined();
  });

  it('ignores the query string and decodes percent-escapes', () => {
    expect(store.lookup('GET', '/about?utm_source=flyer', undefined, undefined)?.status).toBe(200);
    expect(store.lookup('GET', '/%61bout', undefined, undefined)?.status).toBe(200);
    expect(store.lookup('GET', '/%E0%A4%A', undefined, undefined)).toBeUndefined();
  });

  it('maps file names to URLs by the build interface', () => {
    expect(urlPathForFile('index.html')).toBe('/');
    expect(urlPathForFile('blog/index.html')).toBe('/blog');
    expect(urlPathForFile('services/roof-repairs.html')).toBe('/services/roof-repairs');
    expect(urlPathForFile('site.webmanifest')).toBe('/site.webmanifest');
    expect(urlPathForFile('404.html')).toBeNull();
    expect(urlPathForFile('img/_draft/x.webp')).toBeNull();
    expect(urlPathForFile('.DS_Store')).toBeNull();
    expect(urlPathForFile('api/leads.json')).toBeNull();
  });
});

describe('content negotiation', () => {
  const encodingOf = (acceptEncoding: string | undefined, urlPath = '/') =>
    store.lookup('GET', urlPath, acceptEncoding, undefined)?.headers['content-encoding'] ?? 'identity';

  it('prefers br, then gzip, then identity', () => {
    expect(encodingOf('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingOf('gzip, deflate')).toBe('gzip');
    expect(encodingOf('deflate')).toBe('identity');
    expect(encodingOf(undefined)).toBe('identity');
    expect(encodingOf('')).toBe('identity');
  });

  it('honours q=0 and q values', () => {
    expect(encodingOf('br;q=0, gzip')).toBe('gzip');
    expect(encodingOf('gzip;q=0, br;q=0')).toBe('identity');
    expect(encodingOf('*;q=0')).toBe('identity');
    expect(encodingOf('*')).toBe('br');
    expect(encodingOf('*, br;q=0')).toBe('gzip');
    expect(encodingOf('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(encodingOf('GZIP; Q=0.8, BR;q=0.9')).toBe('br');
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip']);
  });

  it('sends bytes that decode to the original file', () => {
    const br = store.lookup('GET', '/', 'br', undefined)!;
    const gzip = store.lookup('GET', '/', 'gzip', undefined)!;
    expect(brotliDecompressSync(br.body!).toString()).toBe(FIXTURE_FILES['index.html']);
    expect(gunzipSync(gzip.body!).toString()).toBe(FIXTURE_FILES['index.html']);
    expect(br.headers['content-length']).toBe(String(br.body!.byteLength));
  });

  it('serves identity with no Vary when a file has no compressed variants', () => {
    const hit = store.lookup('GET', '/about', 'br, gzip', undefined)!;
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(hit.headers.vary).toBeUndefined();
    expect(store.lookup('GET', '/', undefined, undefined)!.headers.vary).toBe('Accept-Encoding');
  });
});

describe('ETags and conditional requests', () => {
  it('gives each variant its own strong ETag', () => {
    const tags = ['br', 'gzip', undefined].map((ae) => store.lookup('GET', '/', ae, undefined)!.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('answers 304 with no body when If-None-Match names the variant', () => {
    const etag = store.lookup('GET', '/', 'br', undefined)!.headers.etag!;
    const hit = store.lookup('GET', '/', 'br', etag)!;
    expect(hit.status).toBe(304);
    expect(hit.body).toBeNull();
    expect(hit.headers.etag).toBe(etag);
    expect(hit.headers['cache-control']).toBe(REVALIDATE);
    expect(hit.headers.vary).toBe('Accept-Encoding');
    expect(hit.headers['content-length']).toBeUndefined();
  });

  it('compares weakly and accepts lists and *', () => {
    const etag = store.lookup('GET', '/', 'gzip', undefined)!.headers.etag!;
    expect(store.lookup('GET', '/', 'gzip', `W/${etag}`)!.status).toBe(304);
    expect(store.lookup('GET', '/', 'gzip', `"old", ${etag}`)!.status).toBe(304);
    expect(store.lookup('GET', '/', 'gzip', '*')!.status).toBe(304);
    expect(store.lookup('GET', '/', 'gzip', '"old"')!.status).toBe(200);
    expect(etagMatches('W/"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });

  it('does not match another encoding’s ETag', () => {
    const gzipTag = store.lookup('GET', '/', 'gzip', undefined)!.headers.etag!;
    expect(store.lookup('GET', '/', 'br', gzipTag)!.status).toBe(200);
  });
});

describe('HEAD', () => {
  it('has the GET headers, including the length, and no body', () => {
    const get = store.lookup('GET', '/', 'br', undefined)!;
    const head = store.lookup('HEAD', '/', 'br', undefined)!;
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers).toEqual(get.headers);
  });
});

describe('response headers', () => {
  const headersOf = (urlPath: string) => store.lookup('GET', urlPath, undefined, undefined)!.headers;

  it('makes hashed assets and images immutable for a year', () => {
    expect(headersOf('/assets/app-3f9a1c.js')['cache-control']).toBe(IMMUTABLE);
    expect(headersOf('/assets/app-3f9a1c.css')['cache-control']).toBe(IMMUTABLE);
    expect(headersOf('/img/roof-480.svg')['cache-control']).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('makes pages and the service worker revalidate, and robots/sitemap cache for an hour', () => {
    expect(headersOf('/')['cache-control']).toBe('no-cache');
    expect(headersOf('/about')['cache-control']).toBe('no-cache');
    expect(headersOf('/sw.js')['cache-control']).toBe('no-cache');
    expect(headersOf('/robots.txt')['cache-control']).toBe(SHORT_CACHE);
    expect(headersOf('/sitemap.xml')['cache-control']).toBe(SHORT_CACHE);
  });

  it('labels content types', () => {
    expect(headersOf('/')['content-type']).toBe('text/html; charset=utf-8');
    expect(headersOf('/assets/app-3f9a1c.js')['content-type']).toBe('text/javascript; charset=utf-8');
    expect(headersOf('/assets/app-3f9a1c.css')['content-type']).toBe('text/css; charset=utf-8');
    expect(headersOf('/img/roof-480.svg')['content-type']).toBe('image/svg+xml');
    expect(headersOf('/robots.txt')['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('includes the security headers, and HSTS only when asked for https', () => {
    const plain = store.lookup('GET', '/', undefined, undefined)!.headers;
    expect(plain['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['strict-transport-security']).toBeUndefined();
    const secure = store.lookup('GET', '/', undefined, undefined, true)!.headers;
    expect(secure['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(store.lookup('GET', '/', undefined, '*', true)!.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('hands out frozen headers so no caller can change them for the next request', () => {
    const headers = store.lookup('GET', '/', undefined, undefined)!.headers as Record<string, string>;
    expect(() => {
      headers['x-extra'] = '1';
    }).toThrow();
  });
});

describe('the 404 page', () => {
  it('is dist/404.html, negotiated, with noindex and no ETag', () => {
    const page = store.notFound('GET', 'br');
    expect(page.status).toBe(404);
    expect(brotliDecompressSync(page.body!).toString()).toBe(FIXTURE_404_HTML);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers.etag).toBeUndefined();
    expect(text(store.notFound('GET', undefined).body)).toBe(FIXTURE_404_HTML);
    expect(store.notFound('HEAD', undefined).body).toBeNull();
  });

  it('falls back to a minimal page when the build has no 404.html', async () => {
    const bare = await makeTempDist({ 'index.html': '<h1>Home</h1>' });
    try {
      const page = (await loadSiteFiles(bare.dir)).notFound('GET', 'br');
      expect(page.status).toBe(404);
      expect(text(page.body)).toContain('Page not found');
    } finally {
      await bare.cleanup();
    }
  });
});

describe('loading', () => {
  it('explains how to fix a missing dist folder', async () => {
    await expect(loadSiteFiles('/nonexistent/dist')).rejects.toThrow(
      'No build output at /nonexistent/dist. Run `npm run build` first',
    );
  });

  it('names _redirects.json when it is malformed', async () => {
    const broken = await makeTempDist({ 'index.html': 'x', '_redirects.json': '[{"from":"pooler"}]' });
    try {
      await expect(loadSiteFiles(broken.dir)).rejects.toThrow(/_redirects\.json is not a list of \{ from, to \} redirects/);
    } finally {
      await broken.cleanup();
    }
  });

  it('picks up a new build on reload without a restart', async () => {
    const site = await makeTempDist({ 'index.html': 'old' });
    try {
      const live = await loadSiteFiles(site.dir);
      const oldTag = live.lookup('GET', '/', undefined, undefined)!.headers.etag;
      await writeFile(path.join(site.dir, 'index.html'), 'new');
      await writeFile(path.join(site.dir, 'faq.html'), 'faq');
      expect(text(live.lookup('GET', '/', undefined, undefined)!.body)).toBe('old');
      await live.reload();
      const hit = live.lookup('GET', '/', undefined, undefined)!;
      expect(text(hit.body)).toBe('new');
      expect(hit.headers.etag).not.toBe(oldTag);
      expect(live.lookup('GET', '/faq', undefined, undefined)?.status).toBe(200);
      await rm(path.join(site.dir, 'faq.html'));
      await live.reload();
      expect(live.lookup('GET', '/faq', undefined, undefined)).toBeUndefined();
    } finally {
      await site.cleanup();
    }
  });

  it('tells whoever waits on changed() of every reload and reloadFiles', async () => {
    const site = await makeTempDist({ 'index.html': 'home' });
    try {
      const live = await loadSiteFiles(site.dir);
      let heard = 0;
      const listen = () => void live.changed().then(() => heard++);
      listen();
      await live.reloadFiles(['index.html']);
      await Promise.resolve();
      expect(heard).toBe(1);
      listen();
      await live.reload();
      await Promise.resolve();
      expect(heard).toBe(2);
    } finally {
      await site.cleanup();
    }
  });

  it('lets a waiter on changed() leave with its signal, and takes its listener off after a change', async () => {
    const site = await makeTempDist({ 'index.html': 'home' });
    try {
      const live = await loadSiteFiles(site.dir);
      const leaving = new AbortController();
      const left = live.changed(leaving.signal);
      leaving.abort();
      await left;
      const staying = new AbortController();
      const heard = live.changed(staying.signal);
      await live.reload();
      await heard;
      expect(getEventListeners(staying.signal, 'abort')).toHaveLength(0);
    } finally {
      await site.cleanup();
    }
  });

  it('re-reads only the files reloadFiles names: changed, added and removed', async () => {
    const site = await makeTempDist({ 'index.html': 'home', 'faq.html': 'faq', 'about.html': 'about' });
    try {
      const live = await loadSiteFiles(site.dir);
      await writeFile(path.join(site.dir, 'faq.html'), 'faq, edited');
      await writeFile(path.join(site.dir, 'index.html'), 'home, edited but not listed');
      await writeFile(path.join(site.dir, 'blog.html'), 'blog');
      await rm(path.join(site.dir, 'about.html'));
      await live.reloadFiles(['faq.html', 'blog.html', 'about.html']);
      expect(text(live.lookup('GET', '/faq', undefined, undefined)!.body)).toBe('faq, edited');
      expect(text(live.lookup('GET', '/blog', undefined, undefined)!.body)).toBe('blog');
      expect(live.lookup('GET', '/about', undefined, undefined)).toBeUndefined();
      expect(text(live.lookup('GET', '/', undefined, undefined)!.body)).toBe('home');
      await expect(live.reloadFiles(['../outside.html'])).rejects.toThrow(/is not inside/);
    } finally {
      await site.cleanup();
    }
  });
});
