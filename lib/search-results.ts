/**
 * The pure parts of the site search, shared by the browser (client/behaviours/site-search.ts) and the
 * no-JavaScript results page (server/site/search-page.ts): grouping near-duplicate
 * results, the snippet of the page's own words and the status line
 * (docs/decisions/068-search-results-grouped-and-paged.md).
 */

/** One result to show, with the near-duplicates that matched too and are listed under it. */
export interface ResultGroup<T> {
  lead: T;
  similar: T[];
}

/**
 * Pagefind's results in its rank order, each near-duplicate of a result already listed
 * placed under that result (the first one, when it is a near-duplicate of several). A
 * page is only ever grouped under a page it is itself similar to, so groups never chain.
 */
export function groupResults<T extends { id: string }>(
  results: readonly T[],
  similar: Readonly<Record<string, readonly string[]>>,
): ResultGroup<T>[] {
  const groups: ResultGroup<T>[] = [];
  const byLead = new Map<string, ResultGroup<T>>();
  for (const result of results) {
    const near = similar[result.id] ?? [];
    const under = near.map((id) => byLead.get(id)).find((g) => g !== undefined);
    if (under) {
      under.similar.push(result);
      continue;
    }
    const group = { lead: result, similar: [] };
    groups.push(group);
    byLead.set(result.id, group);
  }
  return groups;
}

/** A piece of a snippet: words as found, `hit` when they are the words searched for. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface Snippet {
  parts: SnippetPart[];
  /** Words of the page come before / after the snippet: shown as an ellipsis. */
  before: boolean;
  after: boolean;
}

/** How many words a snippet shows. */
export const SNIPPET_WORDS = 24;
/** Words of context kept before the first hit. */
const LEAD_IN = 4;

const normalWord = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Which word searched for a hit is: the first of `terms` it starts with ("gaf" for "GAF's" and
 * "gaf.com"), else the word with its common endings off ("roofs", "roofing": "roof"), as a
 * stemming search would have matched it.
 */
function termOf(word: string, terms: readonly string[]): string {
  const normal = normalWord(word);
  return terms.find((t) => normal.startsWith(t)) ?? normal.replace(/(?:ing|ed|es|s)$/, '');
}

/** How many of the page's first words are its title (Pagefind's text starts with the h1). */
function titleWords(words: readonly string[], title: string): number {
  const wanted = title.trim().split(/\s+/).filter(Boolean);
  if (wanted.length === 0) return 0;
  return wanted.every((w, i) => words[i] !== undefined && normalWord(words[i]!) === normalWord(w)) ? wanted.length : 0;
}

/**
 * The part of a page's text a result shows: the first window of SNIPPET_WORDS words with
 * the most different words searched for in the page's body (so a one-word search shows its
 * first use, not a list of sources that repeats it), never its title (which the result's link already
 * shows). When the words searched for are only in the title, the page's first words
 * after it. `locations` are word positions in `content` as Pagefind counts them (split
 * on white space); `terms` the words searched for (searchTerms).
 */
export function snippet(
  content: string,
  title: string,
  locations: readonly number[],
  terms: readonly string[] = [],
  size = SNIPPET_WORDS,
): Snippet {
  const words = content.split(/[\r\n\s]+/g);
  const skip = titleWords(words, title);
  const hits = [...new Set(locations.filter((l) => l >= skip && l < words.length))].sort((a, b) => a - b);
  let start = skip;
  let best = 0;
  // Each hit's window starts no earlier than the last one's, so the hits inside it are kept
  // as a sliding run, with how many of each word searched for it holds: a page with hundreds
  // of hits is read once, not once for every hit.
  const termAt = hits.map((h) => termOf(words[h]!, terms));
  const inWindow = new Map<string, number>();
  let [oldest, next] = [0, 0];
  for (const hit of hits) {
    const from = Math.max(skip, hit - LEAD_IN);
    for (; next < hits.length && hits[next]! < from + size; next++)
      inWindow.set(termAt[next]!, (inWindow.get(termAt[next]!) ?? 0) + 1);
    for (; oldest < next && hits[oldest]! < from; oldest++) {
      const left = inWindow.get(termAt[oldest]!)! - 1;
      if (left) inWindow.set(termAt[oldest]!, left);
      else inWindow.delete(termAt[oldest]!);
    }
    if (inWindow.size > best) [start, best] = [from, inWindow.size];
  }
  const end = Math.min(words.length, start + size);
  const hitSet = new Set(hits);
  const parts: SnippetPart[] = [];
  // Spaces go into the text between hits, never inside a hit's <mark>.
  const add = (text: string, hit: boolean) => {
    const last = parts.at(-1);
    if (last && !last.hit && !hit) last.text += text;
    else parts.push({ text, hit });
  };
  for (let i = start; i < end; i++) {
    if (!words[i]) continue;
    if (parts.length) add(' ', false);
    add(words[i]!, hitSet.has(i));
  }
  return { parts, before: start > skip, after: end < words.length };
}

/** A page that matches a search, with the word positions of its hits (as Pagefind gives them). */
export interface Match<P> {
  id: string;
  page: P;
  locations: number[];
}

/** Words of a query looked for; more say nothing a visitor meant and only cost the server time. */
const MAX_TERMS = 8;

/** A query's words as searched for: lower case, letters and digits, at least two characters, the first MAX_TERMS. */
export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).map(normalWord))].filter((t) => t.length >= 2).slice(0, MAX_TERMS);
}

interface PageWords {
  /** Each word of the text once, as searched, sorted: the words starting with a term are a run of it. */
  sorted: string[];
  /** Where each of those words is in the text. */
  positions: Map<string, number[]>;
  title: string[];
}

/**
 * A page's words as searched, worked out once per page: splitting and normalising every
 * page's words for each search took a search of six words some 75 ms of the server's thread.
 */
const pageWords = new WeakMap<object, PageWords>();

function wordsOf(page: { title: string; content: string }): PageWords {
  let found = pageWords.get(page);
  if (!found) {
    const positions = new Map<string, number[]>();
    page.content
      .split(/[\r\n\s]+/g)
      .map(normalWord)
      .forEach((word, i) => {
        const list = positions.get(word);
        if (list) list.push(i);
        else positions.set(word, [i]);
      });
    found = { sorted: [...positions.keys()].sort(), positions, title: searchTerms(page.title) };
    pageWords.set(page, found);
  }
  return found;
}

/** The positions of the words of the page that start with `term`, in no particular order. */
function positionsOf({ sorted, positions }: PageWords, term: string): number[] {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < term) low = mid + 1;
    else high = mid;
  }
  const at: number[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.startsWith(term); i++) at.push(...positions.get(sorted[i]!)!);
  return at;
}

/**
 * The pages that hold every word of the query (a word of the page starting with it, so
 * "gutter" finds "gutters"), best first: a word in the title counts five times one in the
 * text, a word's count in the text stops at ten, and ties go A to Z by title. What the
 * results page without JavaScript lists; with JavaScript, Pagefind ranks.
 */
export function matchPages<P extends { id: string; title: string; content: string }>(
  pages: readonly P[],
  query: string,
): Match<P>[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const scored: (Match<P> & { score: number })[] = [];
  for (const page of pages) {
    const words = wordsOf(page);
    const locations: number[] = [];
    let score = 0;
    for (const term of terms) {
      const at = positionsOf(words, term);
      if (at.length === 0) {
        score = -1;
        break;
      }
      locations.push(...at);
      score += 5 * words.title.filter((w) => w.startsWith(term)).length + Math.min(at.length, 10);
    }
    if (score >= 0) scored.push({ id: page.id, page, locations: locations.sort((a, b) => a - b), score });
  }
  scored.sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title));
  return scored.map(({ id, page, locations }) => ({ id, page, locations }));
}

/** Results shown at first, and added by each "Show more". */
export const PAGE_SIZE = 8;

export interface SearchCounts {
  query: string;
  /** Pages that match. */
  pages: number;
  /** Results once near-duplicates are grouped. */
  results: number;
  /** Results listed so far. */
  shown: number;
}

/** The status line under the search box. */
export function statusText({ query, pages, results, shown }: SearchCounts): string {
  if (pages === 0) return `Nothing matches “${query}”. Try another word, or browse the site map.`;
  const matches = `${pages} ${pages === 1 ? 'page matches' : 'pages match'} “${query}”`;
  const grouped = results < pages ? `, as ${results} ${results === 1 ? 'result' : 'results'} with similar pages together` : '';
  const listed = shown < results ? `. The best ${shown} are listed.` : '.';
  return `${matches}${grouped}${listed}`;
}

/** The label of the button that lists more results. */
export function moreLabel(results: number, shown: number): string {
  return `Show ${Math.min(PAGE_SIZE, results - shown)} more`;
}
