import { SEARCH_INDEX_DIR, SEARCH_SIMILAR_FILE } from '../../lib/urls.ts';
import {
  groupResults,
  moreLabel,
  PAGE_SIZE,
  searchTerms,
  snippet,
  statusText,
  type ResultGroup,
} from '../../lib/search-results.ts';

/** The part of Pagefind's browser API (https://pagefind.app/docs/api/) used here. */
interface Pagefind {
  init(): Promise<void>;
  search(query: string): Promise<{ results: Found[] } | null>;
}

/** A result before its page's data is loaded: its id is all the grouping needs. */
interface Found {
  id: string;
  data(): Promise<PagefindResult>;
}

interface PagefindResult {
  url: string;
  /** The page's text, starting with its h1. */
  content: string;
  /** Word positions of the hits in `content`. */
  locations: number[];
  meta: { title?: string };
}

const DEBOUNCE_MS = 200;

let loading: Promise<Pagefind> | undefined;
let similarLoading: Promise<Record<string, string[]>> | undefined;

/** Pagefind's own script, built beside its index; loaded once per page, on the first intent. */
function loadPagefind(): Promise<Pagefind> {
  // A variable, so the bundler leaves the import to the browser: the file is written by the build, not bundled.
  const url = `${SEARCH_INDEX_DIR}/pagefind.js`;
  loading ??= (import(/* @vite-ignore */ url) as Promise<Pagefind>).then(async (pagefind) => {
    await pagefind.init();
    return pagefind;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Each page's near-duplicates (build/search-similar.ts); without them every result stands alone. */
function loadSimilar(): Promise<Record<string, string[]>> {
  similarLoading ??= fetch(`${SEARCH_INDEX_DIR}/${SEARCH_SIMILAR_FILE}`)
    .then((res) => (res.ok ? (res.json() as Promise<Record<string, string[]>>) : {}))
    .catch(() => ({}));
  return similarLoading;
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

/** The page's own words around the hits, the hits in <mark>. */
function snippetParagraph(result: PagefindResult, terms: readonly string[]): HTMLParagraphElement {
  const shown = snippet(result.content, result.meta.title ?? '', result.locations, terms);
  const p = document.createElement('p');
  if (shown.before) p.append('… ');
  for (const part of shown.parts) {
    if (!part.hit) p.append(part.text);
    else {
      const mark = document.createElement('mark');
      mark.textContent = part.text;
      p.append(mark);
    }
  }
  if (shown.after) p.append(' …');
  return p;
}

function link(result: PagefindResult): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = result.url;
  a.textContent = result.meta.title ?? result.url;
  return a;
}

/** The near-duplicates that matched too, folded under the result: "and 2 similar pages". */
function similarList(similar: PagefindResult[]): HTMLDetailsElement {
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = `and ${similar.length} similar ${similar.length === 1 ? 'page' : 'pages'}`;
  const list = document.createElement('ul');
  for (const result of similar) {
    const item = document.createElement('li');
    item.append(link(result));
    list.append(item);
  }
  details.append(summary, list);
  return details;
}

function resultItem(group: ResultGroup<PagefindResult>, terms: readonly string[]): HTMLLIElement {
  const item = document.createElement('li');
  item.append(link(group.lead), snippetParagraph(group.lead, terms));
  if (group.similar.length) item.append(similarList(group.similar));
  return item;
}

async function loadGroups(groups: ResultGroup<Found>[]): Promise<ResultGroup<PagefindResult>[]> {
  return Promise.all(
    groups.map(async (g) => ({ lead: await g.lead.data(), similar: await Promise.all(g.similar.map((s) => s.data())) })),
  );
}

interface Parts {
  status: HTMLElement;
  list: HTMLOListElement;
  more: HTMLButtonElement;
}

/** One search's results: the first PAGE_SIZE listed, the next ones on each "Show more". */
class Listing {
  private shown = 0;
  private loading: Promise<void> | undefined;
  constructor(
    private readonly parts: Parts,
    private readonly query: string,
    private readonly pages: number,
    private readonly groups: ResultGroup<Found>[],
    /** False once a newer search has started: its answer must not land in this one's list. */
    private readonly current: () => boolean,
  ) {}

  /** Lists the next results; `focus` moves the focus to the first of them (after "Show more"). */
  next(focus: boolean): Promise<void> {
    // A second tap while the next results load lists them once.
    this.loading ??= this.list(focus).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async list(focus: boolean): Promise<void> {
    const { list, more, status } = this.parts;
    const batch = await loadGroups(this.groups.slice(this.shown, this.shown + PAGE_SIZE));
    if (!this.current()) return;
    const terms = searchTerms(this.query);
    const items = batch.map((group) => resultItem(group, terms));
    if (this.shown === 0) list.replaceChildren(...items);
    else list.append(...items);
    this.shown += batch.length;
    list.hidden = this.shown === 0;
    more.hidden = this.shown >= this.groups.length;
    more.textContent = moreLabel(this.groups.length, this.shown);
    status.textContent = statusText({ query: this.query, pages: this.pages, results: this.groups.length, shown: this.shown });
    if (focus) items[0]?.querySelector('a')?.focus();
  }
}

function clear({ list, more, status }: Parts, message: Node[] = []): void {
  list.replaceChildren();
  list.hidden = true;
  more.hidden = true;
  status.replaceChildren(...message);
}

/** Searches as the visitor types (and on submit), listing the best pages with the words found. */
export function startSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  const list = form.querySelector<HTMLOListElement>('[data-search-results]');
  const more = form.querySelector<HTMLButtonElement>('[data-search-more]');
  if (!input || !status || !list || !more) return;
  const parts = { status, list, more };
  void loadPagefind().catch(() => {});
  void loadSimilar();
  let sequence = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let listing: Listing | undefined;

  const run = async () => {
    const query = input.value.trim();
    const mine = ++sequence;
    const current = () => mine === sequence;
    listing = undefined;
    if (query.length < 2) return clear(parts);
    try {
      const [pagefind, similar] = await Promise.all([loadPagefind(), loadSimilar()]);
      const found = await pagefind.search(query);
      if (!current() || !found) return;
      const next = new Listing(parts, query, found.results.length, groupResults(found.results, similar), current);
      await next.next(false);
      if (current()) listing = next;
    } catch {
      if (current()) clear(parts, unavailable());
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
  more.addEventListener('click', () => {
    listing?.next(true).catch(() => clear(parts, unavailable()));
  });
  form.dataset.searchReady = '';
  // Words typed, pasted or filled in while this code was on its way fired their input
  // events before the listener above existed: search for them now.
  if (input.value.trim()) void run();
}
