import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HtmlValidate } from 'html-validate';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../build/paths.ts';
import { MIN_BYTES, walk } from '../build/compress.ts';
import { isAdminPath } from '../lib/admin-paths.ts';
import { analyzeHtml } from '../build/seo.ts';
import { galleryFilters } from '../content/layer/gallery.ts';
import { SOURCES_HEADING_ID } from '../components/SourceList.tsx';
import { locationUrl, serviceUrl } from '../lib/urls.ts';
import { buildInjection } from '../server/settings/injection.ts';
import { loadSiteFiles } from '../server/site/site-files.ts';

/** Checks on the built site; `npm test` builds it first. */
const htmlFiles = () => walk(DIST_DIR).filter((f) => f.endsWith('.html'));
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** The text of a page's <style> elements: the site stylesheet is inlined (docs/decisions/031-first-paint-in-one-response.md). */
const inlineStyles = (html: string) => [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]).join('');

/** Byte budgets (deterministic, so they may be tests; npm run bench reports them too). */
export const BUDGETS = { htmlGzip: 30 * 1024, cssGzip: 14 * 1024, entryGzip: 12 * 1024 };

beforeAll(() => {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html')))
    throw new Error('dist/ is missing: run npm run build (npm test does it first)');
});

const validator = () =>
  new HtmlValidate({
    // "standard": conformance and accessibility rules, without the stylistic ones of "recommended".
    extends: ['html-validate:standard'],
    rules: {
      // React writes the charSet attribute in camel case; attribute names are case-insensitive in HTML.
      'attr-case': 'off',
      'long-title': 'off',
    },
  });

describe('built site', () => {
  it('every page is valid HTML', async () => {
    const problems: string[] = [];
    const html = validator();
    for (const file of htmlFiles()) {
      const report = await html.validateFile(file);
      for (const result of report.results) {
        for (const m of result.messages)
          problems.push(`${path.relative(DIST_DIR, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
    }
    expect(problems.slice(0, 30)).toEqual([]);
  });

  it('stays valid HTML with every setting injected (tag manager, pixel and notice), and admin pages are never injected', async () => {
    const store = await loadSiteFiles(DIST_DIR);
    await store.setInjection(({ site, render }) =>
      buildInjection(
        {
          containerId: 'GTM-AB12CD3',
          pixel: { enabled: true, snippet: '<script src="https://app.searchatlas.com/p.js" data-uuid="x" async></script>' },
          notice: {
            text: 'Tarping today; call us.',
            link: '/contact',
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          },
          scriptHosts: [],
          placeId: null,
        },
        { site, render, pixelHosts: ['app.searchatlas.com'], now: new Date() },
      ),
    );
    const problems: string[] = [];
    const html = validator();
    for (const page of ['/', '/services/roof-repairs', '/blog/atlas-vs-gaf', '/contact']) {
      const text = new TextDecoder().decode(store.lookup('GET', page, undefined, undefined)!.body!);
      expect(text, page).toContain('data-container="GTM-AB12CD3"');
      expect(text, page).toContain('Tarping today; call us.');
      const report = await html.validateString(text, page);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
    expect(problems).toEqual([]);
    expect(
      store
        .paths()
        .filter(isAdminPath)
        .every((p) => store.lookup('GET', p, undefined, undefined) === undefined),
    ).toBe(true);
  });

  it('every internal link resolves to a route, a redirect or a file', () => {
    const routes = new Set(
      (JSON.parse(fs.readFileSync(path.join(DIST_DIR, '_routes.json'), 'utf8')) as { path: string }[]).map((r) => r.path),
    );
    const redirects = new Set(
      (JSON.parse(fs.readFileSync(path.join(DIST_DIR, '_redirects.json'), 'utf8')) as { from: string }[]).map((r) => r.from),
    );
    const broken: string[] = [];
    for (const file of htmlFiles()) {
      const html = fs.readFileSync(file, 'utf8');
      for (const m of html.matchAll(/\s(?:href|src)="(\/[^"#?]*)[^"]*"/g)) {
        const target = m[1];
        if (target.startsWith('//')) continue;
        const ok =
          routes.has(target) || redirects.has(target) || fs.existsSync(path.join(DIST_DIR, target)) || target.startsWith('/api/');
        if (!ok) broken.push(`${path.relative(DIST_DIR, file)} → ${target}`);
      }
    }
    expect([...new Set(broken)]).toEqual([]);
  });

  it('writes text assets precompressed as .br and .gz', () => {
    for (const file of ['index.html', 'sitemap.xml', 'sw.js']) {
      expect(fs.existsSync(path.join(DIST_DIR, `${file}.br`)), file).toBe(true);
      expect(fs.existsSync(path.join(DIST_DIR, `${file}.gz`)), file).toBe(true);
    }
    const assets = fs
      .readdirSync(path.join(DIST_DIR, 'assets'))
      .filter((f) => /\.(js|css)$/.test(f) && fs.statSync(path.join(DIST_DIR, 'assets', f)).size >= MIN_BYTES);
    for (const a of assets) expect(fs.existsSync(path.join(DIST_DIR, 'assets', `${a}.br`)), a).toBe(true);
  });

  it('keeps every page, the stylesheet and the entry script within their gzip byte budgets', () => {
    const over: string[] = [];
    for (const file of htmlFiles()) {
      const size = gzipSize(file);
      if (size > BUDGETS.htmlGzip) over.push(`${path.relative(DIST_DIR, file)}: ${size} B`);
    }
    const assets = fs.readdirSync(path.join(DIST_DIR, 'assets'));
    const css = inlineStyles(fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8'));
    const entry = assets.find((f) => /^entry-.*\.js$/.test(f))!;
    expect(css.length).toBeGreaterThan(0);
    expect(zlib.gzipSync(css, { level: 9 }).length).toBeLessThanOrEqual(BUDGETS.cssGzip);
    expect(gzipSize(path.join(DIST_DIR, 'assets', entry))).toBeLessThanOrEqual(BUDGETS.entryGzip);
    expect(over).toEqual([]);
  });

  it('builds the entry as one module: it imports no other file until a lazy import() runs', () => {
    const assets = fs.readdirSync(path.join(DIST_DIR, 'assets'));
    const entry = fs.readFileSync(
      path.join(
        DIST_DIR,
        'assets',
        assets.find((f) => /^entry-.*\.js$/.test(f))!,
      ),
      'utf8',
    );
    expect(entry).toContain('import("./chunks/');
    // A static import, minified: `import"./x.js"`, `import{a as b}from"./x.js"` or `import*as b from"./x.js"`.
    expect(entry.match(/\bimport\s*["'{*]/g) ?? []).toEqual([]);
  });

  it('gives every image its intrinsic width and height', () => {
    const missing: string[] = [];
    for (const file of htmlFiles()) {
      const html = fs.readFileSync(file, 'utf8');
      for (const m of html.matchAll(/<img\s[^>]*>/g)) {
        if (!/\swidth="\d+"/.test(m[0]) || !/\sheight="\d+"/.test(m[0]))
          missing.push(`${path.relative(DIST_DIR, file)}: ${m[0].slice(0, 80)}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('links every service and area that has gallery projects to its gallery page', () => {
    const unlinked = (['service', 'location'] as const).flatMap((kind) =>
      galleryFilters(kind).flatMap((filter) => {
        const page = kind === 'service' ? serviceUrl(filter.slug) : locationUrl(filter.slug);
        const html = fs.readFileSync(path.join(DIST_DIR, `${page.slice(1)}.html`), 'utf8');
        return html.includes(`href="${filter.path}"`) ? [] : [`${page} → ${filter.path}`];
      }),
    );
    expect(unlinked).toEqual([]);
  });

  it("links the home page's questions to the Sources list of /faq, where their sources are", () => {
    const home = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
    const faq = fs.readFileSync(path.join(DIST_DIR, 'faq.html'), 'utf8');
    expect(home).toContain(`href="/faq#${SOURCES_HEADING_ID}"`);
    expect(faq).toContain(`<h2 id="${SOURCES_HEADING_ID}">Sources</h2>`);
  });
});

describe('the SEO checks of /seo-monitoring', () => {
  it('find no problem on any indexable page', () => {
    const problems = htmlFiles()
      .map((file) => {
        const urlPath = `/${path
          .relative(DIST_DIR, file)
          .replace(/\.html$/, '')
          .replace(/^index$/, '')}`;
        return analyzeHtml(urlPath, fs.readFileSync(file, 'utf8'));
      })
      .filter((a) => !a.noIndex && a.problems.length)
      .map((a) => `${a.path}: ${a.problems.join('; ')}`);
    expect(problems).toEqual([]);
  });
});

describe('the admin on the home screen', () => {
  it('has a valid manifest scoped to /admin whose icons exist at their stated sizes, linked from every admin page, and its worker', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'admin.webmanifest'), 'utf8')) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/admin', scope: '/admin', display: 'standalone' });
    expect(manifest.name).toMatch(/ admin$/);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    const sharp = (await import('sharp')).default;
    for (const icon of manifest.icons) {
      const meta = await sharp(path.join(DIST_DIR, icon.src)).metadata();
      expect(`${meta.width}x${meta.height} ${meta.format}`, icon.src).toBe(`${icon.sizes} png`);
    }
    const adminPages = htmlFiles().filter((f) => isAdminPath('/' + path.relative(DIST_DIR, f).replace(/(\/index)?\.html$/, '')));
    expect(adminPages.length).toBeGreaterThan(5);
    for (const file of adminPages)
      expect(fs.readFileSync(file, 'utf8'), file).toContain('<link rel="manifest" href="/admin.webmanifest"/>');
    expect(fs.readFileSync(path.join(DIST_DIR, 'admin-sw.js'), 'utf8')).toContain("addEventListener('push'");
  });
});
