/**
 * With JavaScript, a filter works in place. Each filter is a
 * link to its own static page (which is what a reader without JavaScript gets);
 * here a click fetches that page, swaps in its header, project list and meta,
 * and pushes its URL, so the address, the back button and a reload all agree.
 * The nav itself stays, so focus stays on the chosen filter.
 */

/** What a swap copies from the fetched page's head, and the attribute that carries it. */
const HEAD_FIELDS: [selector: string, attribute: string][] = [
  ['meta[name="description"]', 'content'],
  ['meta[property="og:title"]', 'content'],
  ['meta[property="og:description"]', 'content'],
  ['meta[property="og:url"]', 'content'],
  ['meta[name="twitter:title"]', 'content'],
  ['meta[name="twitter:description"]', 'content'],
  ['link[rel="canonical"]', 'href'],
];

const pages = new Map<string, Promise<Document>>();
let shown = location.pathname;
let latest = 0;
/** The entry's lazy-image watcher, passed in so this chunk shares no module with the entry. */
let observeLazy: (root: ParentNode) => void = () => {};

const isGalleryPath = (pathname: string) => pathname === '/gallery' || pathname.startsWith('/gallery/');

function load(pathname: string): Promise<Document> {
  let page = pages.get(pathname);
  if (!page) {
    page = fetch(pathname, { headers: { accept: 'text/html' } })
      .then((response) => {
        if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
        return response.text();
      })
      .then((html) => {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        // A parsed page has scripting off, so its <noscript> copies are real images that would all load at once.
        doc.querySelectorAll('#gallery-projects noscript').forEach((n) => n.remove());
        return doc;
      });
    page.catch(() => pages.delete(pathname));
    pages.set(pathname, page);
  }
  return page;
}

function part<T extends Element>(root: ParentNode, selector: string): T {
  const found = root.querySelector<T>(selector);
  if (!found) throw new Error(`gallery: no ${selector}`);
  return found;
}

/** Shows the gallery page at pathname in place; pushes it onto the history when asked. */
async function show(pathname: string, push: boolean): Promise<void> {
  const ticket = ++latest;
  const next = await load(pathname);
  if (ticket !== latest) return;
  const nextList = part<HTMLElement>(next, '#gallery-projects');
  const list = part<HTMLElement>(document, '#gallery-projects');
  // Cards already on the page keep their node, so their loaded pictures stay.
  const cards = [...nextList.children].map(
    (card) => (card.id && document.getElementById(card.id)) || document.importNode(card, true),
  );
  list.replaceChildren(...cards);
  observeLazy(list);
  part(document, '.page-header').replaceWith(document.importNode(part(next, '.page-header'), true));
  part(document, '#gallery-status').textContent = part(next, '#gallery-status').textContent;
  document.title = next.title;
  for (const [selector, attribute] of HEAD_FIELDS) {
    const value = next.querySelector(selector)?.getAttribute(attribute);
    if (value) document.querySelector(selector)?.setAttribute(attribute, value);
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-gallery-filters] a')) {
    if (link.pathname === pathname) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  shown = pathname;
  if (push) history.pushState({ gallery: pathname }, '', pathname);
}

function filterLink(event: Event): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('[data-gallery-filters] a') : null;
  return link && link.origin === location.origin && isGalleryPath(link.pathname) ? link : null;
}

export function startGalleryFilter(observeLazyImages: (root: ParentNode) => void): void {
  const nav = document.querySelector<HTMLElement>('[data-gallery-filters]');
  if (!nav) return;
  observeLazy = observeLazyImages;
  const warm = (event: Event) => {
    const link = filterLink(event);
    if (link) load(link.pathname).catch(() => {});
  };
  nav.addEventListener('pointerover', warm, { passive: true });
  nav.addEventListener('focusin', warm);
  nav.addEventListener('click', (event) => {
    const e = event as MouseEvent;
    const link = filterLink(e);
    if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (link.pathname === shown) return;
    show(link.pathname, true).catch(() => location.assign(link.href));
  });
  window.addEventListener('popstate', () => {
    if (!isGalleryPath(location.pathname) || location.pathname === shown) return;
    show(location.pathname, false).catch(() => location.reload());
  });
  // Until this chunk arrives a filter is a plain link to its page; from here on it works in place.
  nav.dataset.enhanced = '';
}
