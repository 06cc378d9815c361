import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { isAdminPath } from '../lib/admin-paths.ts';
import { SEARCH_INDEX_DIR } from '../lib/urls.ts';
import { placeCachedDir, pruneCache } from './cache-files.ts';
import { writeNearDuplicates } from './search-similar.ts';
import { CACHE_DIR, installedVersion } from './paths.ts';

/**
 * What search results leave out: the parts every page repeats (header, menus,
 * footer, asides, calls to action) and the search box itself, so a hit is on the
 * page's own words.
 */
export const EXCLUDED = [
  '.skip-link',
  '.site-header',
  '.site-footer',
  '.mobile-bar',
  'nav',
  'aside',
  '.cta-band',
  '.article-next',
  '.site-search',
  'form',
  'dialog',
  '.toaster',
];

/**
 * What Pagefind is given of a page: its `<html>` tag (the language), its `<title>`
 * and its `<main>`. Everything components/Document.tsx puts around `<main>` (skip
 * link, header, footer, mobile bar, dialog, toaster, scripts) is EXCLUDED or has no
 * text, and the head's inline stylesheet is most of a page's bytes. Left out, the
 * index is the same, less a blank anchor for the header, and Pagefind reads a
 * quarter of the bytes (the 1,084 pages of the bench's 1,000-article build
 * took Pagefind 2.7–3.3 s instead of 3.8–4.4 s, and the whole cold build 0.96 times
 * as long). A page without `<main>` is given whole.
 */
export function searchableHtml(html: string): string {
  const start = html.indexOf('<main', html.indexOf('<body'));
  const end = html.lastIndexOf('</main>');
  const root = /<html\b[^>]*>/.exec(html);
  const title = /<title>[^<]*<\/title>/.exec(html);
  if (start < 0 || end < start || !root || !title) return html;
  return `<!DOCTYPE html>${root[0]}<head>${title[0]}</head><body>${html.slice(start, end + '</main>'.length)}</body></html>`;
}

export interface IndexablePage {
  path: string;
  noIndex: boolean;
}

const PAGEFIND_VERSION = installedVersion('pagefind');
const OPTIONS = { excludeSelectors: EXCLUDED, forceLanguage: 'en' };
/** Part of the cache key: a cached index made before the near-duplicates file existed lacks it. */
const OUTPUT_VERSION = 'near-duplicates 1';
/** Beside a cached index: its pages' hashes, one a line, in the order they were given. */
const PAGES_FILE = '.pages';
/** How many finished indexes .cache/search keeps: the newest, so an edit and its undo both hit. */
const KEEP = 4;

/**
 * A Pagefind index (https://pagefind.app/docs/node-api/)
 * over every public, indexable page as built, written to dist/pagefind/. Pages
 * marked noindex and the admin area are left out, as they are from the sitemap.
 *
 * The finished index is cached by a hash of every page given and
 * Pagefind's version and options; when that hash was indexed before, the cached
 * files are placed and Pagefind does nothing. While the pages given are the same,
 * in the same order, as those of the last build's index (a rebuild, most likely of
 * unchanged pages), they are kept until the hash is known. From the first page that
 * differs (a publish: a business detail changes every page, an article its own),
 * they go to Pagefind as they are rendered, so that it (its own process) indexes
 * them on the other core while the build renders the next.
 */
export class SearchIndexer {
  private readonly hash = crypto
    .createHash('sha256')
    .update(`pagefind ${PAGEFIND_VERSION} ${JSON.stringify(OPTIONS)} ${OUTPUT_VERSION}`);
  private index: Promise<pagefind.PagefindIndex> | undefined;
  private readonly added: Promise<void>[] = [];
  private readonly held: { url: string; content: string }[] = [];
  /** Each page's hash, in the order given: kept with the index, so the next build can tell when it differs. */
  private readonly digests: string[] = [];
  /** The last build's index's page hashes; null once a page differed (or there is none), and pages go to Pagefind as given. */
  private last: string[] | null;

  constructor(private readonly cacheDir = path.join(CACHE_DIR, 'search')) {
    this.last = this.lastPages();
  }

  private get pages(): number {
    return this.digests.length;
  }

  /** How many pages are kept until the hash is known (none once Pagefind has started). */
  get waiting(): number {
    return this.held.length;
  }

  /** Hands one rendered page to the index, unless it is noindex or admin. */
  add(page: IndexablePage, html: string): void {
    if (page.noIndex || isAdminPath(page.path)) return;
    const content = searchableHtml(html);
    const digest = crypto.createHash('sha256').update(`${page.path}\0${content}`).digest('hex');
    this.hash.update(`${digest}\0`);
    if (this.last && this.last[this.digests.length] !== digest) {
      // This page is not the last index's: the index will be made, so Pagefind starts now.
      this.last = null;
      for (const file of this.held.splice(0)) this.send(file);
    }
    this.digests.push(digest);
    if (this.last) this.held.push({ url: page.path, content });
    else this.send({ url: page.path, content });
  }

  private open(): Promise<pagefind.PagefindIndex> {
    this.index ??= pagefind.createIndex(OPTIONS).then(({ index, errors }) => {
      if (!index) throw new Error(`search index: ${errors.join('; ')}`);
      return index;
    });
    return this.index;
  }

  private send(file: { url: string; content: string }): void {
    const added = this.open()
      .then((index) => index.addHTMLFile(file))
      .then((result) => {
        if (result.errors.length) throw new Error(`search index: ${file.url}: ${result.errors.join('; ')}`);
      });
    // Failures are reported by write(); until then a rejection must not end the process.
    added.catch(() => {});
    this.added.push(added);
  }

  /** The page hashes of the last build's index, if it is in the cache (null otherwise). */
  private lastPages(): string[] | null {
    try {
      const entry = path.join(this.cacheDir, fs.readFileSync(path.join(this.cacheDir, 'last'), 'utf8').trim());
      if (!fs.existsSync(path.join(entry, '.complete'))) return null;
      return fs.readFileSync(path.join(entry, PAGES_FILE), 'utf8').split('\n');
    } catch {
      return null;
    }
  }

  /** Writes the index into distDir (from the cache when these pages were indexed before) and stops Pagefind. */
  async write(distDir: string): Promise<{ pages: number; cached: boolean }> {
    const outputPath = path.join(distDir, SEARCH_INDEX_DIR.slice(1));
    const key = this.hash.digest('hex');
    const cached = path.join(this.cacheDir, key);
    try {
      if (fs.existsSync(path.join(cached, '.complete'))) {
        fs.mkdirSync(outputPath, { recursive: true });
        placeCachedDir(cached, outputPath, (name) => name === '.complete' || name === PAGES_FILE);
        fs.utimesSync(cached, new Date(), new Date());
        fs.writeFileSync(path.join(this.cacheDir, 'last'), key);
        return { pages: this.pages, cached: true };
      }
      for (const file of this.held.splice(0)) this.send(file);
      const index = await this.open();
      await Promise.all(this.added);
      const written = await index.writeFiles({ outputPath });
      if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
      // Pagefind also writes its ready-made interfaces; the site has its own box, so they would only be dead weight.
      for (const file of fs.readdirSync(outputPath)) {
        if (/^pagefind-(ui|component-ui|modular-ui|highlight)\./.test(file)) fs.rmSync(path.join(outputPath, file));
      }
      writeNearDuplicates(outputPath);
      this.store(outputPath, cached);
      return { pages: this.pages, cached: false };
    } finally {
      // Stops the backend, also when the cache made its work unnecessary.
      await pagefind.close();
    }
  }

  private store(outputPath: string, cached: string): void {
    fs.rmSync(cached, { recursive: true, force: true });
    fs.mkdirSync(cached, { recursive: true });
    placeCachedDir(outputPath, cached);
    fs.writeFileSync(path.join(cached, PAGES_FILE), this.digests.join('\n'));
    // Written last: a cache entry without it is incomplete and never used.
    fs.writeFileSync(path.join(cached, '.complete'), '');
    fs.writeFileSync(path.join(this.cacheDir, 'last'), path.basename(cached));
    pruneCache(this.cacheDir, KEEP);
  }
}
