import fs from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { isAdminPath } from '../lib/admin-paths.ts';
import { SEARCH_INDEX_DIR } from '../lib/urls.ts';
import { outputFor } from './routes.ts';

/**
 * What search results leave out: the parts every page repeats (header, menus,
 * footer, asides, calls to action) and the search box itself, so a hit is on the
 * page's own words.
 */
const EXCLUDED = [
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

export interface IndexablePage {
  path: string;
  noIndex: boolean;
}

/**
 * Issue 13 "Site search": a Pagefind index (https://pagefind.app/docs/node-api/)
 * over every public, indexable page as built, written to dist/pagefind/. Pages
 * marked noindex and the admin area are left out, as they are from the sitemap.
 */
export async function buildSearchIndex(distDir: string, pages: readonly IndexablePage[]): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDED, forceLanguage: 'en' });
  try {
    if (!index) throw new Error(`search index: ${errors.join('; ')}`);
    const indexable = pages.filter((p) => !p.noIndex && !isAdminPath(p.path));
    for (const page of indexable) {
      const content = fs.readFileSync(path.join(distDir, outputFor(page.path)), 'utf8');
      const added = await index.addHTMLFile({ url: page.path, content });
      if (added.errors.length) throw new Error(`search index: ${page.path}: ${added.errors.join('; ')}`);
    }
    const outputPath = path.join(distDir, SEARCH_INDEX_DIR.slice(1));
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`search index: ${written.errors.join('; ')}`);
    // Pagefind also writes its ready-made interfaces; the site has its own box, so they would only be dead weight.
    for (const file of fs.readdirSync(outputPath)) {
      if (/^pagefind-(ui|component-ui|modular-ui|highlight)\./.test(file)) fs.rmSync(path.join(outputPath, file));
    }
    return { pages: indexable.length };
  } finally {
    await pagefind.close();
  }
}
