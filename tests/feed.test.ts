import fs from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { loadCollection } from '../content/layer/content.ts';
import { DIST_DIR } from '../build/paths.ts';
import { blogUrl, categorySlug, FEED_URL } from '../lib/urls.ts';

/** The feed parses as XML and holds every article; `npm test` builds first. */
describe('the Atom feed', () => {
  const xml = () => fs.readFileSync(path.join(DIST_DIR, FEED_URL), 'utf8');

  it('parses as XML and holds every article once, with its published and updated dates', () => {
    expect(XMLValidator.validate(xml())).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml()).feed as {
      entry: { id: string; published: string; updated: string; title: string; category: Record<string, string> }[];
    };
    const articles = loadCollection('blog');
    expect(feed.entry).toHaveLength(articles.length);
    for (const article of articles) {
      const entry = feed.entry.find((e) => e.id.endsWith(blogUrl(article.slug)));
      expect(entry, article.slug).toBeDefined();
      expect(entry!.published.slice(0, 10)).toBe(article.data.date.toISOString().slice(0, 10));
      expect(entry!.updated.slice(0, 10)).toBe((article.data.updated ?? article.data.date).toISOString().slice(0, 10));
      // RFC 4287 section 4.2.2: a category must have a term; ours is the category page's slug.
      expect(entry!.category['@_term'], article.slug).toBe(categorySlug(article.data.category));
      expect(entry!.category['@_label'], article.slug).toBe(article.data.category);
      expect(entry!.category['@_scheme'], article.slug).toMatch(/\/blog\/category\/$/);
    }
  });

  it('is linked from every public page', () => {
    const routes = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '_routes.json'), 'utf8')) as { path: string }[];
    const unlinked = routes
      .filter((r) => !r.path.startsWith('/admin'))
      .filter((r) => {
        const html = fs.readFileSync(path.join(DIST_DIR, r.path === '/' ? 'index.html' : `${r.path.slice(1)}.html`), 'utf8');
        return !/<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="\/feed\.xml"\/>/.test(html);
      })
      .map((r) => r.path);
    expect(routes.length).toBeGreaterThan(150);
    expect(unlinked).toEqual([]);
  });
});
