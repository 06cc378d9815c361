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

/** FNV-1a, 32 bits, of one word. */
function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Each run of SHINGLE_WORDS words as a number (the run's word hashes mixed as MurmurHash3
 * mixes its blocks), each word hashed once; a run that comes back is listed again.
 */
function shingles(content: string): number[] {
  const words = content
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .map(hashWord);
  const out: number[] = [];
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
    let h = 0;
    for (let k = i; k < i + SHINGLE_WORDS; k++) {
      let w = Math.imul(words[k]!, 0xcc9e2d51);
      w = Math.imul((w << 15) | (w >>> 17), 0x1b873593);
      h ^= w;
      h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
    }
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    out.push((h ^ (h >>> 16)) >>> 0);
  }
  return out;
}

/**
 * Pairs of pages (by index) sharing at least MIN_SHARED of the smaller page's word runs.
 * Every (run, page) is one number, run × span + page, exact in a double (span is the power
 * of two above the page count, so the two come apart exactly, without a remainder); sorted, each
 * run's pages come together in page order, and a page's repeats of a run sit side by side.
 * (A map from each run to its pages cost a 1,000-page site a second of allocations.)
 */
function overlappingPairs(pages: readonly IndexedPage[]): [number, number][] {
  const n = pages.length;
  const span = 2 ** Math.ceil(Math.log2(n + 1));
  const perPage = pages.map((p) => shingles(p.content));
  const keys = new Float64Array(perPage.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  perPage.forEach((list, page) => {
    for (const s of list) keys[at++] = s * span + page;
  });
  keys.sort();
  const shingleOf = (key: number) => Math.floor(key / span);
  // How many different runs each page has.
  const size = new Int32Array(n);
  for (let i = 0; i < keys.length; i++) if (i === 0 || keys[i] !== keys[i - 1]) size[keys[i]! - shingleOf(keys[i]!) * span]!++;
  const shared = new Map<number, number>();
  const run: number[] = [];
  for (let i = 0; i < keys.length;) {
    const shingle = shingleOf(keys[i]!);
    run.length = 0;
    for (; i < keys.length && shingleOf(keys[i]!) === shingle; i++) {
      const page = keys[i]! - shingle * span;
      if (size[page]! >= MIN_SHINGLES && run.at(-1) !== page) run.push(page);
    }
    if (run.length < 2 || run.length > MAX_PAGES_PER_SHINGLE) continue;
    for (let a = 0; a < run.length; a++)
      for (let b = a + 1; b < run.length; b++) {
        const key = run[a]! * n + run[b]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
  }
  const pairs: [number, number][] = [];
  for (const [key, count] of shared) {
    const a = Math.floor(key / n);
    const b = key % n;
    if (count / Math.min(size[a]!, size[b]!) >= MIN_SHARED) pairs.push([a, b]);
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
