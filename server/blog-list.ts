import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { blogFilterStatus, findCategory } from '../lib/blog-filter.ts';
import { blogCategoryUrl } from '../lib/urls.ts';
import { builtPage } from './leads/pages.ts';
import { decodeHtmlAttribute, findElement, replaceRange } from './leads/page-slots.ts';
import { acceptedEncodings, etagMatches, type StaticStore } from './static.ts';

const CARD = /<li class="card" data-category="([^"]*)"/g;

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The built blog list filtered by `?category=` (a name or a slug), as the browser's
 * filter (client/behaviours/blog-filter.ts) leaves it: the other categories' cards
 * hidden, the status line filled and the category's chip current. An unknown
 * category keeps every card and says so. Null when the page has no list to filter.
 */
export function filterBlogList(html: string, param: string): string | null {
  const status = findElement(html, 'id="blog-filter-status"');
  const nav = findElement(html, 'aria-label="Blog topics"');
  if (!status || !nav) return null;
  const categories = [...new Set([...html.matchAll(CARD)].map((m) => decodeHtmlAttribute(m[1]!)))];
  const wanted = findCategory(categories, param);
  let shown = 0;
  const cards = html.replace(CARD, (card, category: string) => {
    if (!wanted || decodeHtmlAttribute(category) === wanted) {
      shown++;
      return card;
    }
    return `${card} hidden=""`;
  });
  const text = escapeText(blogFilterStatus(param, wanted, shown, false));
  // The status line comes after the chips: fill it first, so the chips' indexes still hold.
  const statusAfter = findElement(cards, 'id="blog-filter-status"')!;
  let page = replaceRange(cards, statusAfter.openEnd, statusAfter.closeStart, text);
  if (wanted) {
    const chips = findElement(page, 'aria-label="Blog topics"')!;
    const current = page
      .slice(chips.openEnd, chips.closeStart)
      .replace(' aria-current="page"', '')
      .replace(`href="${blogCategoryUrl(wanted)}"`, (href) => `${href} aria-current="page"`);
    page = replaceRange(page, chips.openEnd, chips.closeStart, current);
  }
  return page;
}

/**
 * GET /blog?category=…: SPEC.md section 2's query parameter, answered on the
 * server, so the list is filtered without JavaScript and nothing moves when the
 * browser's filter runs after the first paint. Without the parameter the static
 * page answers as usual. Mounted before the static middleware.
 */
export function blogListPage({ store }: { store: StaticStore }): Hono {
  const pages = new Hono();
  pages.get('*', async (c, next) => {
    const path = store.site.pages['blog-list'];
    const param = c.req.query('category');
    if (c.req.path !== path || !param) return next();
    const html = builtPage(store, path);
    const filtered = html && filterBlogList(html, param);
    if (!filtered) return next();
    // A public list, shared and reloaded: compressed and revalidated like the static pages.
    const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0];
    const etag = `"${createHash('sha256').update(filtered).digest('base64url').slice(0, 27)}${encoding ? `-${encoding}` : ''}"`;
    const headers = { 'cache-control': 'no-cache', vary: 'Accept-Encoding', etag };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return c.body(null, 304, headers);
    const body =
      encoding === 'br'
        ? brotliCompressSync(filtered, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : encoding === 'gzip'
          ? gzipSync(filtered)
          : filtered;
    return c.body(body, 200, {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
  });
  return pages;
}
