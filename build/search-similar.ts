import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pagesOfFragment, type IndexedPage } from '../lib/search-fragments.ts';
import { SEARCH_SIMILAR_FILE } from '../lib/urls.ts';

/** Runs of this many words are compared: long enough that shared phrasing alone ("a free roof inspection") does not count. */
const SHINGLE_WORDS = 5;
/** Two pages are near-duplicates when this share of the smaller one's word runs is also in the other. */
export const MIN_SHARED = 0.6;
/** Pages with fewer word runs than this are too short to judge. */
const MIN_SHINGLES = 30;
/** A word run found on more pages than this is the site's boilerplate, not duplication: it is not counted. */
const MAX_PAGES_PER_SHINGLE = 64;

/** FNV-1a, 32 bits: the word runs are kept as numbers, so a 1,000-page site costs a few megabytes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function shingles(content: string): Set<number> {
  const words = content
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const out = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) out.add(hash(words.slice(i, i + SHINGLE_WORDS).join(' ')));
  return out;
}

/** Pairs of pages (by index) sharing at least MIN_SHARED of the smaller page's word runs. */
function overlappingPairs(pages: readonly IndexedPage[]): [number, number][] {
  const sets = pages.map((p) => shingles(p.content));
  const postings = new Map<number, number[]>();
  sets.forEach((set, i) => {
    if (set.size < MIN_SHINGLES) return;
    for (const s of set) {
      const list = postings.get(s);
      if (list) list.push(i);
      else postings.set(s, [i]);
    }
  });
  const shared = new Map<number, number>();
  for (const list of postings.values()) {
    if (list.length < 2 || list.length > MAX_PAGES_PER_SHINGLE) continue;
    for (let a = 0; a < list.length; a++)
      for (let b = a + 1; b < list.length; b++) {
        const key = list[a]! * pages.length + list[b]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  const pairs: [number, number][] = [];
  for (const [key, count] of shared) {
    const a = Math.floor(key / pages.length);
    const b = key % pages.length;
    if (count / Math.min(sets[a]!.size, sets[b]!.size) >= MIN_SHARED) pairs.push([a, b]);
  }
  return pairs;
}

/**
 * The two things a comparison title sets against each other ("Atlas vs GAF: Which Wins…" and
 * "GAF vs. Atlas Shingles…" both give "atlas|gaf"): the word either side of "vs". Null for other titles.
 */
export function comparedPair(title: string): string | null {
  const match = /([\p{L}\p{N}][\p{L}\p{N}-]*)\s+vs\.?\s+([\p{L}\p{N}][\p{L}\p{N}-]*)/iu.exec(title);
  if (!match) return null;
  return [match[1]!.toLowerCase(), match[2]!.toLowerCase()].sort().join('|');
}

/**
 * Each page's near-duplicates, by fragment id (docs/decisions/068-search-results-grouped-and-paged.md):
 * pages whose texts mostly overlap (a gallery filter and the gallery, a blog category and the blog),
 * and articles comparing the same two things. The relation is not made transitive: the
 * search lists a page under a better result only when the two are near-duplicates of each other.
 */
export function nearDuplicates(pages: readonly IndexedPage[]): Record<string, string[]> {
  const pairs = overlappingPairs(pages);
  const byPair = new Map<string, number[]>();
  pages.forEach((p, i) => {
    const pair = comparedPair(p.title);
    if (!pair) return;
    byPair.set(pair, [...(byPair.get(pair) ?? []), i]);
  });
  for (const members of byPair.values())
    for (let a = 0; a < members.length; a++) for (let b = a + 1; b < members.length; b++) pairs.push([members[a]!, members[b]!]);

  const out: Record<string, Set<string>> = {};
  for (const [a, b] of pairs) {
    const [x, y] = [pages[a]!.id, pages[b]!.id];
    (out[x] ??= new Set()).add(y);
    (out[y] ??= new Set()).add(x);
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((id) => [id, [...out[id]!].sort()]),
  );
}

/** The pages of a written Pagefind index, read back from its fragments. */
export function readIndexedPages(indexDir: string): IndexedPage[] {
  const dir = path.join(indexDir, 'fragment');
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.pf_fragment'))
    .sort()
    .flatMap((file) => pagesOfFragment(file, gunzipSync(fs.readFileSync(path.join(dir, file))).toString('utf8')));
}

/** Writes the near-duplicates of the index in indexDir beside it, for the browser's search to group its results. */
export function writeNearDuplicates(indexDir: string): number {
  const similar = nearDuplicates(readIndexedPages(indexDir));
  fs.writeFileSync(path.join(indexDir, SEARCH_SIMILAR_FILE), JSON.stringify(similar));
  return Object.keys(similar).length;
}
