/**
 * What the first paint needs arrives in one TCP round trip
 * (14 KB, the initial congestion window of ten segments), checked on the built dist/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../build/paths.ts';
import { walk } from '../build/compress.ts';
import { isAdminPath } from '../lib/admin-paths.ts';
import { ENTRY_LOADER } from '../lib/entry-loader.ts';
import { loadServerRender } from '../server/built/render.ts';
import { readServerData } from '../server/built/server-data.ts';
import { buildInjection } from '../server/settings/injection.ts';
import { DEFAULT_SETTINGS } from '../server/settings/store.ts';
import { injectHtml } from '../server/site/page-injection.ts';

export const ABOVE_THE_FOLD_GZIP = 14 * 1024;

/**
 * Lighthouse's simulation sends the whole document in the initial congestion window (10 × 1460
 * bytes, response headers included) or adds a round trip: about 150 ms of FCP on slow 4G
 * (docs/decisions/017-first-paint-lantern.md). Our headers take about 820 bytes, most of it the CSP.
 */
export const FIRST_ROUND_TRIP = 10 * 1460;
const RESPONSE_HEADERS_ALLOWANCE = 900;
/** A notice as long as the owner's usually are. */
const STORM_TEXT = 'Tropical storm warning: our crews are tarping roofs until Friday. Call before noon for a same-day tarp.';

/** One page of each type the issue names. */
const PAGE_TYPES = {
  home: '/',
  service: '/services/roof-repairs',
  location: '/locations/pooler-roofing',
  article: '/blog/atlas-vs-gaf',
  contact: '/contact',
  gallery: '/gallery',
  'blog index': '/blog',
} as const;

const fileOf = (urlPath: string) => path.join(DIST_DIR, urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`);
const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The part of a page the first paint draws: the document from its start (head and
 * inline stylesheet, header) to the end of the first element in <main> (the hero or
 * page header with the h1), and on to the page's eager (LCP) image if one follows.
 */
export function aboveTheFold(html: string): string {
  const main = html.indexOf('<main');
  if (main === -1) throw new Error('page has no <main>');
  const start = html.indexOf('>', main) + 1;
  let depth = 0;
  let end = -1;
  for (const tag of html.slice(start).matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    if (tag[1]) depth--;
    else if (!VOID.has(tag[2]!.toLowerCase()) && !tag[3]) depth++;
    if (depth === 0) {
      end = start + tag.index + tag[0].length;
      break;
    }
  }
  if (end === -1) throw new Error('<main> has no complete first element');
  const eager = html.indexOf('loading="eager"', start);
  if (eager !== -1) end = Math.max(end, html.indexOf('>', eager) + 1);
  return html.slice(0, end);
}

const publicPages = () =>
  walk(DIST_DIR)
    .filter((f) => f.endsWith('.html'))
    .map((f) => ({
      file: f,
      urlPath: `/${path
        .relative(DIST_DIR, f)
        .replace(/\.html$/, '')
        .replace(/^index$/, '')}`,
    }))
    .filter((p) => !isAdminPath(p.urlPath) && fs.readFileSync(p.file, 'utf8').includes('<main'));

beforeAll(() => {
  if (!fs.existsSync(fileOf('/'))) throw new Error('dist/ is missing: run npm run build (npm test does it first)');
});

describe('first paint', () => {
  it('needs only the HTML: no stylesheet link, no font preload, no classic script in the head, and the LCP illustration inline or first in line', () => {
    for (const [type, urlPath] of Object.entries(PAGE_TYPES)) {
      const head = fs.readFileSync(fileOf(urlPath), 'utf8').split('</head>', 1)[0]!;
      expect(head, type).not.toMatch(/<link[^>]+rel="(stylesheet|preload)"/);
      // Module scripts are deferred; a classic script in the head would block parsing.
      for (const script of head.matchAll(/<script(?![^>]*type="(module|application\/ld\+json)")[^>]*>/g))
        expect.fail(`${type}: render-blocking ${script[0]}`);
      expect(head, type).toMatch(/<style>[^<]{1000,}<\/style>/);
    }
    for (const urlPath of ['/services/roof-repairs', '/blog/atlas-vs-gaf']) {
      const fold = aboveTheFold(fs.readFileSync(fileOf(urlPath), 'utf8'));
      expect(fold, urlPath).toMatch(/<img [^>]*src="data:image\/svg\+xml,[^"]+"[^>]*loading="eager"/);
    }
    // The home hero is a file (docs/decisions/017-first-paint-lantern.md): eager, at high priority.
    const home = aboveTheFold(fs.readFileSync(fileOf('/'), 'utf8'));
    expect(home).toMatch(/<img [^>]*src="\/img\/[^"]+\.svg"[^>]*loading="eager" fetchPriority="high"/i);
  });

  it('fetches no script and no font before the first paint: the inline entry loader is the only script', () => {
    for (const [type, urlPath] of Object.entries(PAGE_TYPES)) {
      const html = fs.readFileSync(fileOf(urlPath), 'utf8');
      const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>([^<]*)<\/script>/g)];
      expect(
        scripts.map((s) => s[2]),
        type,
      ).toEqual([ENTRY_LOADER]);
      const entry = /data-entry="([^"]+)"/.exec(scripts.at(-1)![1]!)?.[1];
      expect(entry && fs.existsSync(path.join(DIST_DIR, entry)), `${type}: entry ${entry}`).toBe(true);
      expect(html, type).not.toMatch(/<link[^>]+rel="modulepreload"|url\([^)]*\.woff2/);
    }
  });

  it('fits the above-the-fold HTML and CSS of every page type in 14 KB gzip', () => {
    const sizes = Object.entries(PAGE_TYPES).map(([type, urlPath]) => ({
      type,
      bytes: gzip(aboveTheFold(fs.readFileSync(fileOf(urlPath), 'utf8'))),
    }));
    for (const { type, bytes } of sizes) expect(bytes, `${type}: ${bytes} B gzip`).toBeLessThanOrEqual(ABOVE_THE_FOLD_GZIP);
  });

  it('sends each page type the bench measures, whole and as served (Brotli), in the first round trip', () => {
    for (const [type, urlPath] of Object.entries(PAGE_TYPES)) {
      if (type === 'blog index') continue;
      const bytes = fs.statSync(`${fileOf(urlPath)}.br`).size;
      expect(bytes, `${type}: ${bytes} B brotli`).toBeLessThanOrEqual(FIRST_ROUND_TRIP - RESPONSE_HEADERS_ALLOWANCE);
    }
  });

  it('sends the home page with a storm notice on, as the server compresses it, in the first round trip too', async () => {
    const site = await readServerData(DIST_DIR);
    const settings = { ...DEFAULT_SETTINGS, notice: { text: STORM_TEXT, link: '/contact', expiresAt: '2099-01-01T00:00:00Z' } };
    const injection = await buildInjection(settings, {
      site,
      render: () => loadServerRender(DIST_DIR),
      pixelHosts: [],
      now: new Date('2026-09-01T12:00:00Z'),
    });
    const page = injectHtml(fs.readFileSync(fileOf('/'), 'utf8'), injection!)!;
    expect(page).toContain(STORM_TEXT);
    // The quality the server settles on once a save has been served (server/site/page-injection.ts).
    const bytes = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(bytes, `home with a notice: ${bytes} B brotli`).toBeLessThanOrEqual(FIRST_ROUND_TRIP - RESPONSE_HEADERS_ALLOWANCE);
  });

  it('fits the above-the-fold HTML and CSS of every public page in 14 KB gzip', () => {
    const over = publicPages()
      .map(({ file, urlPath }) => ({ urlPath, bytes: gzip(aboveTheFold(fs.readFileSync(file, 'utf8'))) }))
      .filter((p) => p.bytes > ABOVE_THE_FOLD_GZIP)
      .map((p) => `${p.urlPath}: ${p.bytes} B`);
    expect(over).toEqual([]);
  });

  it('inlines the gallery and estimator sheets only into the pages that render them', () => {
    const style = (urlPath: string) => fs.readFileSync(fileOf(urlPath), 'utf8').match(/<style>([^<]*)<\/style>/)![1]!;
    for (const urlPath of ['/gallery', '/', '/locations/midtown-savannah-roofing'])
      expect(style(urlPath), urlPath).toContain('.work-card');
    for (const urlPath of ['/savannah-roof-cost', '/financing']) expect(style(urlPath), urlPath).toContain('.estimator-table');
    for (const urlPath of ['/services/roof-repairs', '/blog/atlas-vs-gaf', '/contact']) {
      expect(style(urlPath), urlPath).not.toContain('.work-card');
      expect(style(urlPath), urlPath).not.toContain('.estimator-table');
      expect(style(urlPath), urlPath).not.toContain('page-sheets');
    }
  });

  it('inlines the home, reviews, article, search and forms sheets only where they render, and names the forms and overlays files elsewhere', () => {
    const html = (urlPath: string) => fs.readFileSync(fileOf(urlPath), 'utf8');
    const style = (urlPath: string) => html(urlPath).match(/<style>([^<]*)<\/style>/)![1]!;
    const deferred = (page: string) => {
      const loader = /<script data-entry="[^"]+"([^>]*)>/.exec(page)?.[1] ?? '';
      return [...loader.matchAll(/ data-sheet-(?:forms|overlays)="([^"]+)"/g)].map((m) => m[1]!);
    };
    expect(style('/')).toContain('.hero-inner');
    expect(style('/')).toContain('.reviews-body');
    expect(style('/blog/atlas-vs-gaf')).toContain('.toc{');
    expect(style('/blog')).toContain('.site-search{');
    for (const urlPath of ['/services/roof-repairs', '/blog/atlas-vs-gaf', '/contact', '/gallery']) {
      expect(style(urlPath), urlPath).not.toContain('.hero-inner');
      expect(style(urlPath), urlPath).not.toContain('.reviews-body');
      expect(style(urlPath), urlPath).not.toContain('.site-search{');
      expect(style(urlPath), urlPath).not.toContain('.appointment-dialog{');
    }
    for (const urlPath of ['/', '/services/roof-repairs', '/contact', '/gallery'])
      expect(style(urlPath), urlPath).not.toContain('.toc{');
    // Every page whose HTML has a form's markup carries the forms sheet inline; the others load its file.
    for (const { file, urlPath } of publicPages()) {
      const page = fs.readFileSync(file, 'utf8');
      const hasForm = /class="[^"]*\b(field|form-grid|lead-form)\b|data-slot="lead-details"/.test(page);
      const inline = page.match(/<style>([^<]*)<\/style>/)![1]!.includes('.form-grid{');
      expect(inline, urlPath).toBe(hasForm);
      const files = deferred(page);
      expect(
        files.some((f) => /^\/assets\/forms-[^/]+\.css$/.test(f)),
        urlPath,
      ).toBe(!hasForm);
      expect(
        files.some((f) => /^\/assets\/overlays-[^/]+\.css$/.test(f)),
        urlPath,
      ).toBe(true);
    }
    const [forms, overlays] = deferred(html('/'));
    expect(fs.readFileSync(path.join(DIST_DIR, forms!), 'utf8')).toContain('.form-grid{');
    expect(fs.readFileSync(path.join(DIST_DIR, overlays!), 'utf8')).toContain('.appointment-dialog{');
  });

  it("inlines the inner pages' sheet into every page that renders its parts, and not into the home page", () => {
    const parts = /class="(?:[^"]* )?(?:page-header|breadcrumbs|with-aside|aside-box|page-figure|location-map|source-list)[ "]/;
    for (const { file, urlPath } of publicPages()) {
      const [head, body] = fs.readFileSync(file, 'utf8').split('</head>', 2) as [string, string];
      expect(head.includes('.page-header{'), urlPath).toBe(parts.test(body));
    }
    expect(fs.readFileSync(fileOf('/'), 'utf8')).not.toContain('.page-header{');
  });

  it('measures the fold from the start of the document to the end of the first element in <main>', () => {
    const html =
      '<html><head><style>a{}</style></head><body><header>h</header><main id="m"><div class="x"><h1>T</h1><br><img src="a" alt=""></div>' +
      '<section><img loading="eager" src="b" alt=""><p>after</p></section><p>below</p></main></body></html>';
    expect(aboveTheFold(html)).toBe(html.slice(0, html.indexOf('<p>after')));
    const noEager = html.replace('loading="eager" ', '');
    expect(aboveTheFold(noEager)).toBe(noEager.slice(0, noEager.indexOf('<section>')));
  });
});
