import { blogFilterStatus, findCategory } from '../../lib/blog-filter.ts';
import { categorySlug } from '../../lib/urls.ts';

const PILLS = 'nav[aria-label="Blog topics"] a';

/**
 * The list filters
 * on the page. The category is matched by its name or its slug; an unknown one
 * shows every article with a notice. The topic chips filter in place and keep
 * `?category=` in the address (back and forward included). The server answers
 * `/blog?category=…` already filtered (server/site/blog-list.ts), so the first run here
 * changes nothing on screen; without JavaScript each chip leads to the category's own page.
 */
export function filterBlog(): void {
  const list = document.querySelector<HTMLElement>('#articles[data-filterable]');
  if (!list) return;
  const cards = [...list.querySelectorAll<HTMLElement>('[data-category]')];
  const categories = [...new Set(cards.map((c) => c.dataset.category ?? ''))];
  const status = document.getElementById('blog-filter-status');
  const pills = [...document.querySelectorAll<HTMLAnchorElement>(PILLS)];

  const show = (param: string | null, announce: boolean) => {
    const wanted = param ? findCategory(categories, param) : undefined;
    let shown = 0;
    for (const card of cards) {
      card.hidden = Boolean(wanted) && card.dataset.category !== wanted;
      if (!card.hidden) shown++;
    }
    for (const pill of pills) {
      const current = wanted ? pill.pathname.endsWith(`/${categorySlug(wanted)}`) : pill.pathname === location.pathname;
      if (current) pill.setAttribute('aria-current', 'page');
      else pill.removeAttribute('aria-current');
    }
    if (status) status.textContent = blogFilterStatus(param, wanted, shown, announce);
  };

  const fromUrl = (announce: boolean) => show(new URLSearchParams(location.search).get('category'), announce);
  fromUrl(false);
  window.addEventListener('popstate', () => fromUrl(true));

  const base = location.pathname;
  for (const pill of pills) {
    pill.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const category = categories.find((c) => pill.pathname.endsWith(`/${categorySlug(c)}`));
      if (!category && pill.pathname !== base) return;
      event.preventDefault();
      const url = new URL(location.href);
      if (category) url.searchParams.set('category', categorySlug(category));
      else url.searchParams.delete('category');
      if (url.href !== location.href) history.pushState(null, '', url);
      show(category ?? null, true);
    });
  }
}
