import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from './paths.ts';
import { EXCLUDED, SearchIndexer, searchableHtml } from './search-index.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const tempDir = tempDirs('search');

const page = (title: string, words: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${words}</p></main></body></html>`;

/** Every file under dir with its bytes, by relative path. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, abs), fs.readFileSync(abs).toString('base64'));
  }
  return out;
}

async function index(cache: string, pages: [string, string][]) {
  const dist = tempDir();
  const indexer = new SearchIndexer(cache);
  for (const [url, html] of pages) indexer.add({ path: url, noIndex: false }, html);
  indexer.add({ path: '/thank-you', noIndex: true }, page('Thank you', 'not searchable'));
  indexer.add({ path: '/admin/leads', noIndex: false }, page('Leads', 'not searchable'));
  const result = await indexer.write(dist);
  return { result, files: files(path.join(dist, 'pagefind')) };
}

describe('the search index (cached by the pages it holds)', () => {
  const pages: [string, string][] = [
    ['/blog/hurricane-straps', page('Hurricane straps', 'Straps tie the roof to the walls.')],
    ['/services/roof-repairs', page('Roof repairs', 'Flashing, shingles and leaks.')],
  ];

  it('indexes the pages once, then copies the same files from the cache for the same pages', async () => {
    const cache = tempDir();
    const first = await index(cache, pages);
    expect(first.result).toEqual({ pages: 2, cached: false });
    expect([...first.files.keys()].some((f) => f.startsWith('fragment'))).toBe(true);
    expect([...first.files.keys()].some((f) => /pagefind-ui/.test(f))).toBe(false);
    expect(first.files.has('similar.json')).toBe(true);

    const second = await index(cache, pages);
    expect(second.result).toEqual({ pages: 2, cached: true });
    expect(second.files).toEqual(first.files);
  });

  it('keeps pages back while they are the last index’s, and sends them all from the first that differs', async () => {
    const cache = tempDir();
    await index(cache, pages);
    const indexer = new SearchIndexer(cache);
    indexer.add({ path: pages[0]![0], noIndex: false }, pages[0]![1]);
    expect(indexer.waiting).toBe(1);
    indexer.add({ path: '/services/roof-repairs', noIndex: false }, page('Roof repairs', 'Now with gutters.'));
    expect(indexer.waiting).toBe(0);
    expect(await indexer.write(tempDir())).toEqual({ pages: 2, cached: false });
  });

  it('indexes again when a page changes, and keeps only the newest few indexes', async () => {
    const cache = tempDir();
    await index(cache, pages);
    // The last index is cached, so the pages are held until the end: the changed one is still indexed.
    const changed = await index(cache, [pages[0]!, ['/services/roof-repairs', page('Roof repairs', 'Now with gutters.')]]);
    expect(changed.result).toEqual({ pages: 2, cached: false });
    expect([...changed.files.keys()].filter((f) => f.startsWith('fragment')).length).toBe(2);
    for (let i = 0; i < 5; i++) await index(cache, [['/x', page('X', `version ${i}`)]]);
    expect(fs.readdirSync(cache).filter((name) => name !== 'last').length).toBe(4);
  });
});

describe('what Pagefind is given of a page (its title and <main>, a quarter of the bytes)', () => {
  /** Each page's fragment (its words, anchors and meta), decoded, by URL. */
  async function fragments(pages: { url: string; content: string }[]): Promise<Map<string, { anchors: { id: string }[] }>> {
    const { index } = await pagefind.createIndex({ excludeSelectors: EXCLUDED, forceLanguage: 'en' });
    try {
      for (const p of pages) await index!.addHTMLFile(p);
      const { files } = await index!.getFiles();
      const out = new Map<string, { anchors: { id: string }[] }>();
      for (const f of files.filter((f) => f.path.startsWith('fragment/'))) {
        const text = zlib.gunzipSync(f.content).toString('utf8');
        const fragment = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; anchors: { id: string }[] };
        out.set(fragment.url, fragment);
      }
      return out;
    } finally {
      await index!.deleteIndex();
    }
  }

  afterAll(() => pagefind.close());

  it('indexes every kind of built page exactly as the whole page, but for the header’s blank anchor', async () => {
    const urls = [
      '/',
      '/services/roof-repairs',
      '/locations/pooler-roofing',
      '/blog/atlas-vs-gaf',
      '/contact',
      '/gallery',
      '/faq',
    ];
    const built = urls.map((url) => {
      const file = path.join(DIST_DIR, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build (npm test does it first)`);
      return { url, content: fs.readFileSync(file, 'utf8') };
    });
    const given = built.map((p) => ({ url: p.url, content: searchableHtml(p.content) }));
    expect(given.every((p, i) => p.content.length < built[i]!.content.length / 2)).toBe(true);

    const whole = await fragments(built);
    const trimmed = await fragments(given);
    expect([...trimmed.keys()].sort()).toEqual([...urls].sort());
    for (const url of urls) {
      const expected = whole.get(url)!;
      expect(trimmed.get(url), url).toEqual({ ...expected, anchors: expected.anchors.filter((a) => a.id !== 'site-header') });
    }
  });

  it('cuts at the body’s <main>, not at a mention of it in the head', () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head><title>Gutters</title><style>/* <main> is styled below */ main{margin:0}</style></head>' +
      '<body><header class="site-header">Menu</header><main id="main"><h1>Gutters</h1></main></body></html>';
    expect(searchableHtml(html)).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>Gutters</title></head><body><main id="main"><h1>Gutters</h1></main></body></html>',
    );
  });

  it('gives a page without <main> whole', () => {
    const html = '<!DOCTYPE html><html lang="en"><head><title>Offline</title></head><body><p>No connection.</p></body></html>';
    expect(searchableHtml(html)).toBe(html);
    expect(searchableHtml(page('Roof repairs', 'Leaks.'))).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>Roof repairs</title></head><body><main><h1>Roof repairs</h1><p>Leaks.</p></main></body></html>',
    );
  });
});
