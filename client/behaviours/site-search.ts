import { SEARCH_INDEX_DIR } from '../../lib/urls.ts';

/** The part of Pagefind's browser API (https://pagefind.app/docs/api/) used here. */
interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  init(): Promise<void>;
  search(query: string): Promise<{ results: { id: string; data(): Promise<PagefindResult> }[] } | null>;
}

interface PagefindResult {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

const MAX_RESULTS = 8;
const DEBOUNCE_MS = 200;

let loading: Promise<Pagefind> | undefined;

/** Pagefind's own script, built beside its index; loaded once per page, on the first intent. */
function loadPagefind(): Promise<Pagefind> {
  // A variable, so the bundler leaves the import to the browser: the file is written by the build, not bundled.
  const url = `${SEARCH_INDEX_DIR}/pagefind.js`;
  loading ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.options({ excerptLength: 24 });
    await pagefind.init();
    return pagefind;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * What the status line says when search fails: the site map, and the phone number
 * (written on <body> by components/Document.tsx), since a visitor who hits an error always sees it.
 */
function unavailable(): Node[] {
  const { phone, tel } = document.body.dataset;
  if (!phone || !tel) return [document.createTextNode('Search is not available right now. The site map lists every page.')];
  const call = document.createElement('a');
  call.href = tel;
  call.textContent = phone;
  return [
    document.createTextNode('Search is not available right now. The site map lists every page, or call us at '),
    call,
    document.createTextNode('.'),
  ];
}

/** Pagefind's excerpt is HTML with <mark> around the hits: kept as text and <mark> only. */
function excerptNodes(html: string): Node[] {
  const doc = new DOMParser().parseFromString(`<p>${html}</p>`, 'text/html');
  const nodes: Node[] = [];
  for (const node of doc.body.firstChild?.childNodes ?? []) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      nodes.push(mark);
    } else {
      nodes.push(document.createTextNode(node.textContent ?? ''));
    }
  }
  return nodes;
}

function resultItem(result: PagefindResult): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = result.url;
  link.textContent = result.meta.title ?? result.url;
  const excerpt = document.createElement('p');
  excerpt.append(...excerptNodes(result.excerpt));
  item.append(link, excerpt);
  return item;
}

/** Searches as the visitor types (and on submit), listing the best pages with the words found. */
export function startSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  const list = form.querySelector<HTMLOListElement>('[data-search-results]');
  if (!input || !status || !list) return;
  void loadPagefind().catch(() => {});
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    const query = input.value.trim();
    const mine = ++sequence;
    if (query.length < 2) {
      list.replaceChildren();
      list.hidden = true;
      status.textContent = '';
      return;
    }
    try {
      const pagefind = await loadPagefind();
      const found = await pagefind.search(query);
      if (mine !== sequence || !found) return;
      const results = await Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));
      if (mine !== sequence) return;
      list.replaceChildren(...results.map(resultItem));
      list.hidden = results.length === 0;
      const total = found.results.length;
      status.textContent = total
        ? `${total} ${total === 1 ? 'page matches' : 'pages match'} “${query}”${total > MAX_RESULTS ? `; the best ${MAX_RESULTS} are listed` : ''}.`
        : `Nothing matches “${query}”. Try another word, or browse the site map.`;
    } catch {
      if (mine !== sequence) return;
      list.replaceChildren();
      list.hidden = true;
      status.replaceChildren(...unavailable());
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), DEBOUNCE_MS);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run();
  });
  form.dataset.searchReady = '';
  // Words typed, pasted or filled in while this code was on its way fired their input
  // events before the listener above existed: search for them now.
  if (input.value.trim()) void run();
}
