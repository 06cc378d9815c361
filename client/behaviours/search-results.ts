/**
 * The pure parts of the site search (client/behaviours/site-search.ts): grouping near-duplicate
 * results, the snippet of the page's own words and the status line
 * (docs/decisions/063-search-results-grouped-and-paged.md).
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
 * on white space).
 */
export function snippet(content: string, title: string, locations: readonly number[], size = SNIPPET_WORDS): Snippet {
  const words = content.split(/[\r\n\s]+/g);
  const skip = titleWords(words, title);
  const hits = [...new Set(locations.filter((l) => l >= skip && l < words.length))].sort((a, b) => a - b);
  let start = skip;
  let best = 0;
  for (const hit of hits) {
    const from = Math.max(skip, hit - LEAD_IN);
    const found = new Set(hits.filter((h) => h >= from && h < from + size).map((h) => normalWord(words[h]!)));
    if (found.size > best) [start, best] = [from, found.size];
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
