import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../build/paths.ts';
import { readIndexedPages } from '../build/search-similar.ts';
import { listRoutes, loadPageModule, outputFor } from '../build/routes.ts';
import { isAdminPath } from '../lib/admin-paths.ts';
import { SEARCH_BOX_PATHS, SEARCH_INDEX_DIR, SEARCH_SIMILAR_FILE } from '../lib/urls.ts';

/** The site search (a Pagefind index), checked on the built dist/ (`npm test` builds first). */
const INDEX = path.join(DIST_DIR, SEARCH_INDEX_DIR.slice(1));
const SITE_URL = 'https://www.example.com';

/** The pages a Pagefind index holds: each fragment is gzip of "pagefind_dc" and the page's JSON. */
function indexedUrls(): string[] {
  const dir = path.join(INDEX, 'fragment');
  return fs.readdirSync(dir).map((file) => {
    const text = gunzipSync(fs.readFileSync(path.join(dir, file))).toString('utf8');
    return (JSON.parse(text.slice(text.indexOf('{'))) as { url: string }).url;
  });
}

/** Public, indexable routes by the routes module and each page's own meta. */
async function indexableRoutes(): Promise<string[]> {
  const out: string[] = [];
  for (const route of await listRoutes()) {
    if (isAdminPath(route.path)) continue;
    const meta = (await loadPageModule(route.file)).meta({ path: route.path, params: route.params, siteUrl: SITE_URL });
    if (!meta.noIndex) out.push(route.path);
  }
  return out.sort();
}

describe('the search index', () => {
  it('holds every public, indexable page and nothing else', async () => {
    const urls = indexedUrls().sort();
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(await indexableRoutes());
  });

  it('writes each page’s near-duplicates beside the index, by the ids its results carry', () => {
    const similar = JSON.parse(fs.readFileSync(path.join(INDEX, SEARCH_SIMILAR_FILE), 'utf8')) as Record<string, string[]>;
    const urlOf = new Map(readIndexedPages(INDEX).map((p) => [p.id, p.url]));
    const named = Object.entries(similar).map(([id, ids]) => [urlOf.get(id), ids.map((i) => urlOf.get(i))] as const);
    expect(named.every(([url, urls]) => url && urls.every(Boolean))).toBe(true);
    const near = new Map(named);
    expect(near.get('/blog/category/storm-protection')).toContain('/blog');
    expect(near.get('/blog/atlas-vs-gaf')).toContain('/blog/atlas-vs-gaf-who-wins');
    expect(near.get('/blog/hurricane-roof-preparation-checklist')).toBeUndefined();
  });

  it('leaves the header, menus and footer out of what it indexes', () => {
    const dir = path.join(INDEX, 'fragment');
    const about = fs
      .readdirSync(dir)
      .map((file) => gunzipSync(fs.readFileSync(path.join(dir, file))).toString('utf8'))
      .find((text) => text.includes('"url":"/about"'))!;
    expect(about).not.toContain('Skip to content');
    expect(about).not.toContain('Popular Services');
  });

  it('is searched from the pages that list the search box and the 404 page, and from no other page', async () => {
    const withBox: string[] = [];
    for (const route of await listRoutes()) {
      if (fs.readFileSync(path.join(DIST_DIR, outputFor(route.path)), 'utf8').includes('data-site-search'))
        withBox.push(route.path);
    }
    expect(withBox.sort()).toEqual([...SEARCH_BOX_PATHS].sort());
    expect(fs.readFileSync(path.join(DIST_DIR, '404.html'), 'utf8')).toContain('data-site-search');
  });
});
