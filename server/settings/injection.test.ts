import { writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DATA_FILE } from '../../lib/server-data.ts';
import { fixtureServerData, makeTempDist } from '../../tests/dist-fixture.ts';
import { PUBLIC_PAGE_FILES } from '../../tests/admin-app.ts';
import { CONTENT_SECURITY_POLICY, ENTRY_LOADER_SOURCE } from '../http/security.ts';
import { injectHtml } from '../site/page-injection.ts';
import { loadSiteFiles } from '../site/site-files.ts';
import { buildInjection } from './injection.ts';
import { DEFAULT_SETTINGS, type SiteSettings } from './store.ts';

const HOSTS = ['app.searchatlas.com'];
const site = fixtureServerData();
const render = async () => ({ renderSiteNotice: (p: { text: string }) => `<div data-notice-expires="x">${p.text}</div>` });
const context = { site, render, pixelHosts: HOSTS, now: new Date('2026-09-01T12:00:00Z') };
const ON: SiteSettings = {
  containerId: 'GTM-AB12CD3',
  pixel: { enabled: true, snippet: '<script src="https://app.searchatlas.com/p.js"></script>' },
  notice: { text: 'Tarping today', link: null, expiresAt: '2026-09-02T12:00:00Z' },
  scriptHosts: [],
  placeId: null,
};

describe('injectHtml', () => {
  const injection = { head: '<HEAD-PART>', body: '<BODY-PART>' };

  it('puts the head part before the first </head> and the body part right after the opening <body> tag', () => {
    const html = '<!DOCTYPE html><html><head><title>x</title></head><body class="a" data-phone="1"><main></main></body></html>';
    expect(injectHtml(html, injection)).toBe(
      '<!DOCTYPE html><html><head><title>x</title><HEAD-PART></head><body class="a" data-phone="1"><BODY-PART><main></main></body></html>',
    );
  });

  it('finds the places whatever the head holds (inlined CSS, JSON-LD) and in any case', () => {
    const html =
      '<html><head><style>body>main{color:red}</style><script type="application/ld+json">{"a":"\\u003cbody>"}</script></HEAD >\n<BODY>x</BODY></html>';
    expect(injectHtml(html, injection)).toBe(
      '<html><head><style>body>main{color:red}</style><script type="application/ld+json">{"a":"\\u003cbody>"}</script><HEAD-PART></HEAD >\n<BODY><BODY-PART>x</BODY></html>',
    );
  });

  it('leaves a page without a head or a body alone', () => {
    expect(injectHtml('<p>fragment</p>', injection)).toBeNull();
    expect(injectHtml('<head></head><p>no body tag</p>', injection)).toBeNull();
  });
});

describe('buildInjection', () => {
  it('is null when nothing is on, so pages are served exactly as built', async () => {
    expect(await buildInjection(DEFAULT_SETTINGS, context)).toBeNull();
    expect(
      await buildInjection({ ...DEFAULT_SETTINGS, pixel: { enabled: false, snippet: ON.pixel.snippet } }, context),
    ).toBeNull();
    // Extra hosts do nothing without a container.
    expect(await buildInjection({ ...DEFAULT_SETTINGS, scriptHosts: ['ads.example.com'] }, context)).toBeNull();
  });

  it('re-checks what the database holds: an id that fails the rule and a pixel that is no longer allowed are not injected', async () => {
    const injection = await buildInjection(
      { ...ON, containerId: 'gtm-lower', pixel: { enabled: true, snippet: '<script src="https://evil.test/x.js"></script>' } },
      context,
    );
    expect(injection?.head).not.toContain('data-container');
    expect(injection?.head).not.toContain('evil.test');
    expect(injection?.policy).not.toContain('googletagmanager');
  });

  it('inlines the notice’s stylesheet in the head only while a notice shows, before its script', async () => {
    const style = `<style>${site.settingsStyles.siteNotice}</style>`;
    const notice = await buildInjection({ ...DEFAULT_SETTINGS, notice: ON.notice }, context);
    expect(notice!.head).toBe(`${style}<script src="${site.settingsScripts.siteNotice}" defer></script>`);
    const container = await buildInjection({ ...DEFAULT_SETTINGS, containerId: ON.containerId }, context);
    expect(container!.head).not.toContain('<style>');
  });

  it('leaves out a notice past its expiry', async () => {
    const injection = await buildInjection(
      { ...DEFAULT_SETTINGS, notice: { ...ON.notice!, expiresAt: '2026-09-01T11:59:59Z' } },
      context,
    );
    expect(injection).toBeNull();
  });

  it('adds the pixel hosts to the policy only while the pixel is on, and never unsafe-inline', async () => {
    const on = await buildInjection({ ...DEFAULT_SETTINGS, pixel: ON.pixel }, context);
    expect(on!.policy).toContain(`script-src 'self' ${ENTRY_LOADER_SOURCE} https://app.searchatlas.com;`);
    expect(on!.policy).not.toContain('googletagmanager');
    const all = await buildInjection(ON, context);
    expect(all!.policy.split('; ').find((d) => d.startsWith('script-src'))).not.toContain('unsafe');
  });
});

describe('the store with an injection', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('keeps the settings in the pages across a reload, with the new build’s script paths', async () => {
    const dist = await makeTempDist(PUBLIC_PAGE_FILES);
    cleanups.push(dist.cleanup);
    const store = await loadSiteFiles(dist.dir);
    await store.setInjection(({ site: built, render: r }) =>
      buildInjection(ON, { site: built, render: r, pixelHosts: HOSTS, now: context.now }),
    );
    const before = new TextDecoder().decode(store.lookup('GET', '/', undefined, undefined)!.body!);
    expect(before).toContain('<script src="/assets/tag-manager-test.js" data-container="GTM-AB12CD3" async>');
    expect(before).toContain('Tarping today');

    await writeFile(
      path.join(dist.dir, SERVER_DATA_FILE),
      JSON.stringify(
        fixtureServerData({
          settingsScripts: { tagManager: '/assets/tag-manager-NEW.js', siteNotice: '/assets/site-notice-NEW.js' },
        }),
      ),
    );
    await store.reload();
    const after = new TextDecoder().decode(store.lookup('GET', '/', undefined, undefined)!.body!);
    expect(after).toContain('<script src="/assets/tag-manager-NEW.js" data-container="GTM-AB12CD3" async>');
    expect(store.publicPolicy()).not.toBe(CONTENT_SECURITY_POLICY);

    await store.setInjection(null);
    expect(new TextDecoder().decode(store.lookup('GET', '/', undefined, undefined)!.body!)).toBe(PUBLIC_PAGE_FILES['index.html']);
    expect(store.publicPolicy()).toBe(CONTENT_SECURITY_POLICY);
  });

  it('injects a page re-read alone by reloadFiles, and keeps the other pages as served', async () => {
    const dist = await makeTempDist(PUBLIC_PAGE_FILES);
    cleanups.push(dist.cleanup);
    const store = await loadSiteFiles(dist.dir);
    await store.setInjection(({ site: built, render: r }) =>
      buildInjection(ON, { site: built, render: r, pixelHosts: HOSTS, now: context.now }),
    );
    const homeBefore = store.lookup('GET', '/', undefined, undefined)!;
    await writeFile(
      path.join(dist.dir, 'about.html'),
      PUBLIC_PAGE_FILES['about.html']!.replace('<h1>About</h1>', '<h1>About us</h1>'),
    );
    await store.reloadFiles(['about.html']);
    const about = new TextDecoder().decode(store.lookup('GET', '/about', undefined, undefined)!.body!);
    expect(about).toContain('<h1>About us</h1>');
    expect(about).toContain('data-container="GTM-AB12CD3"');
    expect(store.lookup('GET', '/', undefined, undefined)).toBe(homeBefore);
  });

  it('makes each page with the change when it is first asked for, in every encoding, the 404 page included', async () => {
    const dist = await makeTempDist(PUBLIC_PAGE_FILES);
    cleanups.push(dist.cleanup);
    const store = await loadSiteFiles(dist.dir);
    await store.setInjection(({ site: built, render: r }) =>
      buildInjection(ON, { site: built, render: r, pixelHosts: HOSTS, now: context.now }),
    );
    const gzip = store.lookup('GET', '/about', 'gzip', undefined)!;
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body!).toString()).toContain('data-container="GTM-AB12CD3"');
    expect(brotliDecompressSync(store.lookup('GET', '/about', 'br', undefined)!.body!).toString()).toContain('Tarping today');
    // Made once: the next request gets the same answer.
    expect(store.lookup('GET', '/about', 'gzip', undefined)).toBe(gzip);
    const notFound = store.notFound('GET', 'br');
    expect(brotliDecompressSync(notFound.body!).toString()).toContain('data-container="GTM-AB12CD3"');
  });

  it('serves a change at once, then the same pages compressed harder in the background (brotli 11)', async () => {
    const big = {
      ...PUBLIC_PAGE_FILES,
      'about.html': PUBLIC_PAGE_FILES['about.html']!.replace(
        '<h1>About</h1>',
        `<h1>About</h1>${'<p>Roofing in Savannah since 2023, storm work and repairs.</p>'.repeat(300)}`,
      ),
    };
    const dist = await makeTempDist(big);
    cleanups.push(dist.cleanup);
    const store = await loadSiteFiles(dist.dir);
    await store.setInjection(({ site: built, render: r }) =>
      buildInjection(ON, { site: built, render: r, pixelHosts: HOSTS, now: context.now }),
    );
    const fast = store.lookup('GET', '/about', 'br', undefined)!;
    const identity = store.lookup('GET', '/about', undefined, undefined)!.body!;
    expect(brotliDecompressSync(fast.body!)).toEqual(Buffer.from(identity));
    await store.settled();
    const best = store.lookup('GET', '/about', 'br', undefined)!;
    const quality11 = brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength },
    });
    expect(Buffer.from(best.body!).equals(quality11)).toBe(true);
    expect(best.body!.byteLength).toBeLessThan(fast.body!.byteLength);
    expect(best.headers.etag).not.toBe(fast.headers.etag);
    // The identity bytes are untouched by the second pass.
    expect(store.lookup('GET', '/about', undefined, undefined)!.body).toEqual(identity);
  });

  it('answers every request from the old pages until the new ones are ready, then from the new ones', async () => {
    const dist = await makeTempDist(PUBLIC_PAGE_FILES);
    cleanups.push(dist.cleanup);
    const store = await loadSiteFiles(dist.dir);
    const built = store.lookup('GET', '/about', 'br', undefined);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const applying = store.setInjection(async (b) => {
      await gate;
      return buildInjection(ON, { ...context, site: b.site });
    });
    expect(store.lookup('GET', '/about', 'br', undefined)).toBe(built);
    release();
    await applying;
    expect(store.lookup('GET', '/about', 'br', undefined)!.headers.etag).not.toBe(built!.headers.etag);
  });
});
