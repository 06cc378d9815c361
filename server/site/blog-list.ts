import { Hono } from 'hono';
import { blogFilterStatus, findCategory } from '../../lib/blog-filter.ts';
import { blogCategoryUrl } from '../../lib/urls.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { builtPage } from '../leads/pages.ts';
import { decodeHtmlAttribute, findElement, replaceRange } from '../leads/page-slots.ts';
import { completedPage } from './dynamic-page.ts';
import type { SiteFiles } from './site-files.ts';

const CARD = /<li class="card" data-category="([^"]*)"/g;

/**
 * The built blog list filtered by `?category=` (a name or a slug), as the browser's
 * filter (client/behaviours/blog-filter.ts) leaves it: the other categories' cards
 * hidden, the status line filled and the category's chip current. An unknown
 * category keeps every card and says so. Null when the page has no list to filter.
 */
export function filterBlogList(html: string, param: string): string | null {
  const nav = findElement(html, 'aria-label="Blog topics"');
  const status = findElement(html, 'id="blog-filter-status"');
  if (!status || !nav) return null;
  const cards = [...html.matchAll(CARD)].map((m) => decodeHtmlAttribute(m[1]!));
  const wanted = findCategory([...new Set(cards)], param);
  const shown = wanted ? cards.filter((category) => category === wanted).length : cards.length;
  // The chips, the status line and the cards come in that order: changing them from the last
  // to the first leaves the earlier ones where findElement found them.
  let page = wanted
    ? html.replace(CARD, (card, category: string) => (decodeHtmlAttribute(category) === wanted ? card : `${card} hidden=""`))
    : html;
  page = replaceRange(page, status.openEnd, status.closeStart, escapeHtml(blogFilterStatus(param, wanted, shown, false)));
  if (wanted) {
    const current = page
      .slice(nav.openEnd, nav.closeStart)
      .replace(' aria-current="page"', '')
      .replace(`href="${blogCategoryUrl(wanted)}"`, (href) => `${href} aria-current="page"`);
    page = replaceRange(page, nav.openEnd, nav.closeStart, current);
  }
  return page;
}

/**
 * GET /blog?category=…: the category query parameter, answered on the
 * server, so the list is filtered without JavaScript and nothing moves when the
 * browser's filter runs after the first paint. Without the parameter the static
 * page answers as usual. Mounted before the static middleware.
 */
export function blogListPage({ files }: { files: SiteFiles }): Hono {
  const pages = new Hono();
  pages.get('*', async (c, next) => {
    const path = files.site.pages['blog-list'];
    const param = c.req.query('category');
    if (c.req.path !== path || !param) return next();
    const html = builtPage(files, path);
    const filtered = html && filterBlogList(html, param);
    if (!filtered) return next();
    // A public list, shared and reloaded: compressed and revalidated like the static pages.
    return completedPage(c, filtered);
  });
  return pages;
}
