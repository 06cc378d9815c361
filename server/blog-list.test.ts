import { describe, expect, it } from 'vitest';
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

describe('the blog list filtered on the server (SPEC.md section 2, /blog?category=)', () => {
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
  });

  it('gives up on a page without the list', () => {
    expect(filterBlogList('<html><body><h1>Blog</h1></body></html>', 'storm-protection')).toBeNull();
  });
});
