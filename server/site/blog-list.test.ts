import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteApp } from '../../tests/site-app.ts';
import { filterBlogList } from './blog-list.ts';

/** The blog list's parts as the build writes them (components/BlogIndex.tsx). */
const html = [
  '<html><head><title>Blog</title></head><body>',
  '<nav aria-label="Blog topics"><ul class="pill-list">',
  '<li><a href="/blog" aria-current="page">All (3)</a></li>',
  '<li><a href="/blog/category/storm-protection">Storm Protection (2)</a></li>',
  '<li><a href="/blog/category/cost-and-planning">Cost &amp; Planning (1)</a></li>',
  '</ul></nav>',
  '<p id="blog-filter-status" role="status" class="meta-line"></p>',
  '<ul class="card-grid" id="articles" data-filterable="">',
  '<li class="card" data-category="Storm Protection"><h2>A</h2></li>',
  '<li class="card" data-category="Cost &amp; Planning"><h2>B</h2></li>',
  '<li class="card" data-category="Storm Protection"><h2>C</h2></li>',
  '</ul></body></html>',
].join('');

const hidden = (page: string) => [...page.matchAll(/<li class="card"[^>]*>/g)].map((m) => m[0].includes(' hidden=""'));
const status = (page: string) => /<p id="blog-filter-status"[^>]*>([^<]*)<\/p>/.exec(page)![1];
const current = (page: string) => [...page.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((m) => m[1]);

describe('the blog list filtered on the server (/blog?category=)', () => {
  it('hides the other categories, by name or by slug, fills the status line and marks the chip', () => {
    for (const param of ['Cost & Planning', 'cost-and-planning']) {
      const page = filterBlogList(html, param)!;
      expect(hidden(page), param).toEqual([true, false, true]);
      expect(status(page), param).toBe('Showing 1 article in Cost &#38; Planning.');
      expect(current(page), param).toEqual(['/blog/category/cost-and-planning']);
    }
    expect(hidden(filterBlogList(html, 'storm-protection')!)).toEqual([false, true, false]);
  });

  it('keeps every article for an unknown category and says so, escaped', () => {
    const page = filterBlogList(html, '<b>roofs</b>')!;
    expect(hidden(page)).toEqual([false, false, false]);
    expect(status(page)).toBe('There is no category called “&#60;b&#62;roofs&#60;/b&#62;”; showing all articles.');
    expect(current(page)).toEqual(['/blog']);
    // A long one is cut short, by the server and the browser alike (lib/blog-filter.ts).
    expect(status(filterBlogList(html, 'x'.repeat(5000))!)).toBe(
      `There is no category called “${'x'.repeat(60)}…”; showing all articles.`,
    );
  });

  it('gives up on a page without the list', () => {
    expect(filterBlogList('<html><body><h1>Blog</h1></body></html>', 'storm-protection')).toBeNull();
  });
});

describe('GET /blog?category= through the app', () => {
  let site: Awaited<ReturnType<typeof siteApp>>;
  let app: Awaited<ReturnType<typeof siteApp>>['app'];

  beforeAll(async () => {
    site = await siteApp({ 'index.html': '<h1>Home</h1>', 'blog.html': html, '404.html': '<h1>Not found</h1>' });
    app = site.app;
  });

  afterAll(() => site?.close());

  it('answers compressed as the browser asks, with an ETag it honours, like the static pages', async () => {
    const url = '/blog?category=storm-protection';
    const br = await app.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const page = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(hidden(page)).toEqual([false, true, false]);

    const gzip = await app.request(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);

    const plain = await app.request(url);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);

    const etag = br.headers.get('etag')!;
    expect(etag).not.toBe(gzip.headers.get('etag'));
    const again = await app.request(url, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
