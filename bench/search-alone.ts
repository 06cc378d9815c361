/**
 * The search index on its own (section `builds`): the build's SearchIndexer
 * (Pagefind, docs/decisions/014-blog-reading-aids-and-site-search.md) given every page a build of ours wrote, as the
 * build gives them, with an empty cache. It prints the seconds from the first page handed
 * over to the index written, leaving out Node's start and the reading of the pages: the
 * least that writing the search index adds to a cold build, on one core or two.
 *
 * Usage: node --import tsx/esm bench/search-alone.ts <dist of a build> <output dir>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SearchIndexer } from '../build/search-index.ts';

const [dist, out] = process.argv.slice(2);
if (!dist || !out) throw new Error('usage: node --import tsx/esm bench/search-alone.ts <dist of a build> <output dir>');

const routes = JSON.parse(fs.readFileSync(path.join(dist, '_routes.json'), 'utf8')) as { path: string; noIndex: boolean }[];
const pages = routes.map((route) => ({
  route,
  html: fs.readFileSync(path.join(dist, route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`), 'utf8'),
}));
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-search-cache-'));
try {
  const started = performance.now();
  const search = new SearchIndexer(cache);
  for (const { route, html } of pages) search.add(route, html);
  const { pages: indexed } = await search.write(out);
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, pages: indexed }));
} finally {
  fs.rmSync(cache, { recursive: true, force: true });
}
