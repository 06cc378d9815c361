import { categorySlug } from '../../lib/urls.ts';

/**
 * SPEC.md section 2 "/blog: optional query parameter category": filters the list
 * on the page. The category is matched by its name or its slug. Without
 * JavaScript the page lists every article and each category has its own page.
 */
export function filterBlog(): void {
  const list = document.querySelector<HTMLElement>('#articles[data-filterable]');
  const param = new URLSearchParams(location.search).get('category');
  if (!list || !param) return;
  const cards = [...list.querySelectorAll<HTMLElement>('[data-category]')];
  const categories = [...new Set(cards.map((c) => c.dataset.category ?? ''))];
  const wanted = categories.find((c) => c === param || categorySlug(c) === categorySlug(param));
  const status = document.getElementById('blog-filter-status');
  if (!wanted) {
    if (status) status.textContent = `There is no category called “${param}”; showing all articles.`;
    return;
  }
  let shown = 0;
  for (const card of cards) {
    const match = card.dataset.category === wanted;
    card.hidden = !match;
    if (match) shown++;
  }
  for (const pill of document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Blog topics"] a')) {
    const isWanted = pill.pathname.endsWith(`/${categorySlug(wanted)}`);
    if (isWanted) pill.setAttribute('aria-current', 'page');
    else pill.removeAttribute('aria-current');
  }
  if (status) status.textContent = `Showing ${shown} articles in ${wanted}.`;
}
