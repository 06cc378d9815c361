import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { pagesOfFragment, type IndexedPage } from '../../lib/search-fragments.ts';
import {
  groupResults,
  matchPages,
  moreLabel,
  PAGE_SIZE,
  searchTerms,
  snippet,
  statusText,
  type Match,
  type ResultGroup,
} from '../../lib/search-results.ts';
import { SEARCH_INDEX_DIR, SEARCH_SIMILAR_FILE } from '../../lib/urls.ts';
import { telHref } from '../../lib/site-facts.ts';
import type { Env } from '../config/env.ts';
import { proxyTrust } from '../config/env.ts';
import { escapeHtml } from '../http/escape-html.ts';
import { clientAddress, createRateLimiter } from '../http/rate-limit.ts';
import { builtPage } from '../leads/pages.ts';
import { findElement, prefixTitle, replaceRange } from '../leads/page-slots.ts';
import { completedPage } from './dynamic-page.ts';
import type { SiteFiles } from './site-files.ts';

/** Where the site map leaves room for the results (pages/sitemap.tsx). */
const SLOT = 'data-slot="search-results"';
/**
 * Searches one client may run in a minute: far more than a person types, few enough that
 * no one client keeps the server busy (a search of the whole index takes some 10 ms of its
 * thread, the longest some 50 ms).
 */
export const SEARCHES_PER_MINUTE = 30;
/** The most results one page lists, however often "Show more" was followed. */
const MAX_SHOWN = 200;

interface SearchIndex {
  pages: IndexedPage[];
  similar: Record<string, string[]>;
}

/** Read once per build: the entry file's bytes are new whenever the files are reloaded. */
const indexes = new WeakMap<Uint8Array, SearchIndex>();

function body(files: SiteFiles, path: string): Uint8Array | null {
  const hit = files.lookup('GET', path, undefined, undefined);
  return hit?.status === 200 && hit.body ? hit.body : null;
}

/** The pages as Pagefind indexed them and their near-duplicates, from the built index's files. */
function searchIndex(files: SiteFiles): SearchIndex | null {
  const entry = body(files, `${SEARCH_INDEX_DIR}/pagefind-entry.json`);
  if (!entry) return null;
  const known = indexes.get(entry);
  if (known) return known;
  const pages = files
    .paths()
    .filter((p) => p.startsWith(`${SEARCH_INDEX_DIR}/fragment/`))
    .flatMap((p) => {
      const bytes = body(files, p);
      return bytes ? pagesOfFragment(p.slice(p.lastIndexOf('/') + 1), gunzipSync(bytes).toString('utf8')) : [];
    });
  const similarBytes = body(files, `${SEARCH_INDEX_DIR}/${SEARCH_SIMILAR_FILE}`);
  const similar = similarBytes ? (JSON.parse(new TextDecoder().decode(similarBytes)) as Record<string, string[]>) : {};
  const index = { pages, similar };
  indexes.set(entry, index);
  return index;
}

function snippetHtml({ page, locations }: Match<IndexedPage>, terms: readonly string[]): string {
  const shown = snippet(page.content, page.title, locations, terms);
  const words = shown.parts.map((p) => (p.hit ? `<mark>${escapeHtml(p.text)}</mark>` : escapeHtml(p.text))).join('');
  return `${shown.before ? '… ' : ''}${words}${shown.after ? ' …' : ''}`;
}

const link = ({ page }: Match<IndexedPage>) => `<a href="${escapeHtml(page.url)}">${escapeHtml(page.title || page.url)}</a>`;

function itemHtml(group: ResultGroup<Match<IndexedPage>>, n: number, terms: readonly string[]): string {
  const { similar } = group;
  const more = similar.length
    ? `<details><summary>and ${similar.length} similar ${similar.length === 1 ? 'page' : 'pages'}</summary><ul>${similar
        .map((s) => `<li>${link(s)}</li>`)
        .join('')}</ul></details>`
    : '';
  return `<li id="result-${n}">${link(group.lead)}<p>${snippetHtml(group.lead, terms)}</p>${more}</li>`;
}

/** The section's heading and search box, with `query` in it, above `body`. */
function resultsSection(query: string, path: string, body: string): string {
  return (
    '<section class="container section" aria-labelledby="search-results-title">' +
    '<h2 id="search-results-title">Search results</h2>' +
    `<form class="site-search" role="search" action="${path}" method="get">` +
    '<label for="results-search-input">Search the site</label><div class="site-search-row">' +
    `<input id="results-search-input" type="search" name="q" value="${escapeHtml(query)}" autocomplete="off">` +
    '<button type="submit" class="btn btn-primary">Search</button></div></form>' +
    body +
    '</section>'
  );
}

/**
 * The results section for `query`, the first `shown` results listed; "Show more" is a
 * link to the same search with more listed, landing on the first new one.
 */
export function resultsHtml(index: SearchIndex, query: string, shown: number, path: string): string {
  const terms = searchTerms(query);
  const matches = matchPages(index.pages, query);
  const groups = groupResults(matches, index.similar);
  const listed = groups.slice(0, shown);
  const next = `${path}?q=${encodeURIComponent(query)}&amp;shown=${shown + PAGE_SIZE}#result-${shown + 1}`;
  return resultsSection(
    query,
    path,
    `<p class="site-search-status">${escapeHtml(statusText({ query, pages: matches.length, results: groups.length, shown: listed.length }))}</p>` +
      (listed.length ? `<ol class="site-search-results">${listed.map((g, i) => itemHtml(g, i + 1, terms)).join('')}</ol>` : '') +
      (groups.length > shown
        ? `<a class="btn btn-outline site-search-more" href="${next}">${moreLabel(groups.length, shown)}</a>`
        : ''),
  );
}

/** In place of the results, for a client over SEARCHES_PER_MINUTE: when to search again, and the phone. */
export function tooManySearchesHtml(query: string, path: string, retryAfterSeconds: number, phone: string): string {
  const wait = retryAfterSeconds === 1 ? 'a second' : `${retryAfterSeconds} seconds`;
  return resultsSection(
    query,
    path,
    `<p class="site-search-status">That is a lot of searches in one minute, so this one was not run. ` +
      `Please search again in ${wait}, or call us at <a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a>.</p>`,
  );
}

/** `?shown=` as a whole number of result pages, within bounds. */
function shownOf(param: string | undefined): number {
  const n = Number.parseInt(param ?? '', 10);
  if (!Number.isFinite(n) || n <= PAGE_SIZE) return PAGE_SIZE;
  return Math.min(MAX_SHOWN, Math.ceil(n / PAGE_SIZE) * PAGE_SIZE);
}

/**
 * GET /sitemap?q=…: where the search box leads without JavaScript, answered with the
 * site map and, above its lists, the pages that match, grouped and paged as the
 * browser's search lists them (docs/decisions/068-search-results-grouped-and-paged.md).
 * Mounted before the static middleware; without `q` the static page answers.
 */
export function searchPage({ files, env }: { files: SiteFiles; env: Pick<Env, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'> }): Hono {
  const pages = new Hono();
  const limiter = createRateLimiter({ limit: SEARCHES_PER_MINUTE, windowMs: 60_000 });
  const trust = proxyTrust(env);
  pages.get('*', async (c, next) => {
    const path = files.site.pages['site-search'];
    const query = (c.req.query('q') ?? '').trim().slice(0, 200);
    if (c.req.path !== path || !query) return next();
    const html = builtPage(files, path);
    const slot = html && findElement(html, SLOT);
    const index = searchIndex(files);
    if (!html || !slot || !index) return next();
    const within = limiter.hit(clientAddress(c, trust));
    const section = within.allowed
      ? resultsHtml(index, query, shownOf(c.req.query('shown')), path)
      : tooManySearchesHtml(query, path, within.retryAfterSeconds, files.site.facts.phone);
    const page = replaceRange(html, slot.openEnd, slot.closeStart, section);
    // One search's answer, not a page of its own for search engines.
    const headers = {
      'x-robots-tag': 'noindex',
      ...(within.allowed ? {} : { 'retry-after': String(within.retryAfterSeconds) }),
    };
    return completedPage(c, prefixTitle(page, `Search results for “${query}”: `), headers, within.allowed ? 200 : 429);
  });
  return pages;
}
