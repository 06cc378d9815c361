import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteApp } from '../../tests/site-app.ts';
import { siteFacts } from '../../content/site.ts';
import { resultsHtml, SEARCHES_PER_MINUTE } from './search-page.ts';

const page = (id: string, title: string, words = 'about roofs in Savannah') => ({
  id,
  url: `/${id}`,
  title,
  content: `${title}. Gutters ${words}.`,
});
const pages = Array.from({ length: 20 }, (_, i) => page(`p${String(i).padStart(2, '0')}`, `Page ${String(i).padStart(2, '0')}`));
const index = {
  pages: [page('blog', 'Blog'), page('category', 'Blog category'), ...pages],
  similar: { blog: ['category'], category: ['blog'] },
};
const items = (html: string) => [...html.matchAll(/<li id="result-(\d+)"><a href="([^"]+)">/g)].map((m) => m[2]);

describe('the search results without JavaScript (/sitemap?q=)', () => {
  it('lists the first 8 results, a near-duplicate folded under the one it resembles, with the body words marked', () => {
    const html = resultsHtml(index, 'gutters', 8, '/sitemap');
    expect(items(html)).toEqual(['/blog', '/p00', '/p01', '/p02', '/p03', '/p04', '/p05', '/p06']);
    expect(html).toContain(
      '<details><summary>and 1 similar page</summary><ul><li><a href="/category">Blog category</a></li></ul></details>',
    );
    expect(html).toContain('<p><mark>Gutters</mark> about roofs in Savannah.</p>');
    expect(html).toContain('22 pages match “gutters”, as 21 results with similar pages together. The best 8 are listed.');
    expect(html).toContain(
      '<a class="btn btn-outline site-search-more" href="/sitemap?q=gutters&amp;shown=16#result-9">Show 8 more</a>',
    );
  });

  it('lists more on the next page, landing on the first new one, and offers no more once all are listed', () => {
    const html = resultsHtml(index, 'gutters', 16, '/sitemap');
    expect(items(html)).toHaveLength(16);
    expect(html).toContain('href="/sitemap?q=gutters&amp;shown=24#result-17">Show 5 more</a>');
    expect(resultsHtml(index, 'gutters', 24, '/sitemap')).not.toContain('site-search-more');
  });

  it('escapes the query everywhere it appears, and says when nothing matches', () => {
    const html = resultsHtml(index, '<img src=x onerror=alert(1)> "x"', 8, '/sitemap');
    expect(html).not.toContain('<img');
    expect(html).toContain('value="&#60;img src=x onerror=alert(1)&#62; &#34;x&#34;"');
    expect(html).toContain(
      'Nothing matches “&#60;img src=x onerror=alert(1)&#62; &#34;x&#34;”. Try another word, or browse the site map.',
    );
    expect(html).not.toContain('<ol');
  });
});

describe('GET /sitemap?q= through the app', () => {
  let site: Awaited<ReturnType<typeof siteApp>>;
  let app: Awaited<ReturnType<typeof siteApp>>['app'];
  const fragment = { url: '/gutters', content: 'Gutters. Gutters in Savannah.', meta: { title: 'Gutters' } };

  beforeAll(async () => {
    site = await siteApp({
      'index.html': '<h1>Home</h1>',
      '404.html': '<h1>Not found</h1>',
      'sitemap.html': '<html><head><title>Site map</title></head><body><div data-slot="search-results"></div></body></html>',
      'pagefind/pagefind-entry.json': '{}',
      'pagefind/fragment/en_1.pf_fragment': gzipSync(`pagefind_dc${JSON.stringify(fragment)}`),
    });
    app = site.app;
  });

  afterAll(() => site?.close());

  it('answers a client over the limit with the page, the search box, when to try again and the phone, not the results', async () => {
    for (let i = 0; i < SEARCHES_PER_MINUTE; i++) {
      const ok = await app.request('/sitemap?q=gutters');
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('1 page matches “gutters”');
    }
    const over = await app.request('/sitemap?q=gutters');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await over.text();
    expect(page).not.toContain('site-search-results');
    expect(page).toContain('<input id="results-search-input" type="search" name="q" value="gutters"');
    expect(page).toMatch(/Please search again in (a second|\d+ seconds), or call us at <a href="tel:/);
    expect(page).toContain(siteFacts().phone);
    // The site map itself is still served.
    expect((await app.request('/sitemap')).status).toBe(200);
  });
});
