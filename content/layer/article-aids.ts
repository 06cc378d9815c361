/**
 * Reading aids for blog articles: the table of contents,
 * the reading time, the related articles, and the service and location pages an
 * article leads to. Plain functions over front matter and Markdown, so they are
 * tested without a build.
 */
import { categorySlug } from '../../lib/urls.ts';

/** One entry of an article's outline (tableOfContents below makes them from its headings). */
export interface TocItem {
  text: string;
  id: string;
  children: TocItem[];
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/**
 * The article's h2 and h3 headings as a two-level outline, in document order.
 * An h3 before any h2 is kept at the top level rather than dropped.
 */
export function tableOfContents(headings: readonly Heading[]): TocItem[] {
  const items: TocItem[] = [];
  for (const h of headings) {
    const item: TocItem = { text: decodeEntities(h.text), id: h.id, children: [] };
    if (h.depth === 2 || (h.depth === 3 && !items.length)) items.push(item);
    else if (h.depth === 3) items.at(-1)!.children.push(item);
  }
  return items;
}

/** Heading text comes from rendered HTML; React escapes again, so entities go back to characters. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Reading speed for the reading time. Adults read English non-fiction silently at
 * about 238 words a minute on average (Brysbaert, "How many words do we read per
 * minute?", Journal of Memory and Language, 2019); a how-to guide read with care is
 * slower, so the site states 220.
 */
export const WORDS_PER_MINUTE = 220;

/** The words a reader reads in a Markdown body: markup, link targets, tokens' braces and table rules left out. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' x ')
    .replace(/^\s*\|?[\s:|-]+\|?\s*$/gm, ' ')
    .replace(/[#>*_`|~]/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export interface ReadingTime {
  words: number;
  minutes: number;
}

/** Minutes at WORDS_PER_MINUTE, rounded up, at least one. */
export function readingTime(markdown: string): ReadingTime {
  const words = countWords(markdown);
  return { words, minutes: Math.max(1, Math.ceil(words / WORDS_PER_MINUTE)) };
}

export interface ArticleFacts {
  slug: string;
  title: string;
  category: string;
  tags: readonly string[];
  date: Date;
}

/**
 * Up to `count` other articles, by the number of tags shared with `article`
 * first, then the same category, then newest, then slug: the same input always
 * gives the same list, and never the article itself. Articles sharing neither a
 * tag nor the category are not related.
 */
export function relatedArticles<T extends ArticleFacts>(article: ArticleFacts, all: readonly T[], count = 3): T[] {
  const { tagIds, tagsOf, categoryIds, categoryOf, slugAt, rank } = indexOf(all);
  const n = all.length;
  // 1 for each tag the article has, by the tag's number.
  const tags = new Uint8Array(tagIds.size);
  for (const t of article.tags) {
    const id = tagIds.get(t.toLowerCase());
    if (id !== undefined) tags[id] = 1;
  }
  const category = categoryIds.get(article.category) ?? -1;
  const self = slugAt.get(article.slug) ?? -1;
  // Every page runs this over every article, so at 1,000 articles it is a million
  // comparisons: each is a few integers, and an article's place in the order is one
  // number, higher first (shared tags, then the category, then newest, then slug).
  const best: { at: number; score: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (i === self) continue;
    let shared = 0;
    const its = tagsOf[i]!;
    for (let k = 0; k < its.length; k++) shared += tags[its[k]!]!;
    const sameCategory = categoryOf[i] === category ? 1 : 0;
    if (!shared && !sameCategory) continue;
    const score = (shared * 2 + sameCategory) * n + (n - rank[i]!);
    if (best.length === count && score <= best[count - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && score > best[at - 1]!.score) at--;
    best.splice(at, 0, { at: i, score });
    if (best.length > count) best.pop();
  }
  return best.map((b) => all[b.at]!);
}

interface ArticleIndex {
  /** Every lower-cased tag, numbered. */
  tagIds: Map<string, number>;
  /** Each article's tags as those numbers. */
  tagsOf: number[][];
  /** Every category, numbered, and each article's. */
  categoryIds: Map<string, number>;
  categoryOf: Int32Array;
  /** Where each slug is in the list. */
  slugAt: Map<string, number>;
  /** Each article's place when sorted newest first, then by slug: 0 for the first. */
  rank: Int32Array;
}

const indexes = new WeakMap<readonly ArticleFacts[], ArticleIndex>();

/** What relatedArticles compares, worked out once per list of articles. */
function indexOf(all: readonly ArticleFacts[]): ArticleIndex {
  let index = indexes.get(all);
  if (index) return index;
  const tagIds = new Map<string, number>();
  const tagsOf = all.map((a) =>
    a.tags.map((t) => {
      const lower = t.toLowerCase();
      let id = tagIds.get(lower);
      if (id === undefined) tagIds.set(lower, (id = tagIds.size));
      return id;
    }),
  );
  const categoryIds = new Map<string, number>();
  const categoryOf = Int32Array.from(all, (a) => {
    let id = categoryIds.get(a.category);
    if (id === undefined) categoryIds.set(a.category, (id = categoryIds.size));
    return id;
  });
  const slugAt = new Map(all.map((a, i) => [a.slug, i]));
  const order = all
    .map((a, i) => ({ a, i }))
    .sort((x, y) => y.a.date.getTime() - x.a.date.getTime() || x.a.slug.localeCompare(y.a.slug));
  const rank = new Int32Array(all.length);
  order.forEach(({ i }, place) => (rank[i] = place));
  indexes.set(all, (index = { tagIds, tagsOf, categoryIds, categoryOf, slugAt, rank }));
  return index;
}

/**
 * Article tags and the service page (slug in content/services/) each one is about.
 * A test checks every slug here names a service.
 */
export const SERVICE_FOR_TAG: Readonly<Record<string, string>> = {
  'roof replacement': 'roof-replacements',
  'roof repair': 'roof-repairs',
  'roof leaks': 'roof-repairs',
  'leak detection': 'roof-repairs',
  flashing: 'roof-repairs',
  'storm damage': 'storm-damage-roof-repair',
  hurricanes: 'storm-restoration',
  'storm preparation': 'storm-restoration',
  'wind protection': 'storm-restoration',
  'insurance claims': 'insurance-claims',
  insurance: 'insurance-claims',
  'emergency repair': 'emergency-roof-repair',
  'roof inspection': 'roof-inspection',
  'drone inspections': 'roof-inspection',
  'metal roofing': 'metal-roofing',
  'flat roofing': 'flat-roofing',
  'flat roofs': 'flat-roofing',
  'commercial roofing': 'commercial-roofing',
  gutters: 'seamless-gutters',
  'seamless gutters': 'seamless-gutters',
  skylights: 'skylight-installation',
  'property management': 'property-management',
  'multi-family': 'multi-family-roofing',
  'lightweight roofing': 'lightweight-roofing',
  shingles: 'residential-roofing',
  'shingle choice': 'residential-roofing',
};

/** The service an article of a category leads to when none of its tags names one. */
export const SERVICE_FOR_CATEGORY: Readonly<Record<string, string>> = {
  'materials-and-technology': 'residential-roofing',
  'storm-protection': 'storm-damage-roof-repair',
  'material-comparisons': 'residential-roofing',
  'climate-and-environment': 'roof-inspection',
  'cost-and-planning': 'roof-replacements',
  'emergency-repairs': 'emergency-roof-repair',
};

/**
 * The service pages (slugs) an article leads to: those its tags name, in the
 * order of the tags, at most `count`; the category's service when no tag names one.
 * A service whose slug appears in the article's own slug comes first ("church-roof-maintenance").
 */
export function matchingServices(
  article: Pick<ArticleFacts, 'slug' | 'tags' | 'category'>,
  serviceSlugs: readonly string[],
  count = 3,
): string[] {
  const known = new Set(serviceSlugs);
  const found: string[] = [];
  const add = (slug: string | undefined) => {
    if (slug && known.has(slug) && !found.includes(slug)) found.push(slug);
  };
  const words = article.slug.split('-');
  for (const slug of serviceSlugs)
    if (words.includes(slug.split('-')[0]!) && slug.endsWith('-roofing') && slug !== 'residential-roofing') add(slug);
  for (const tag of article.tags) add(SERVICE_FOR_TAG[tag.toLowerCase()]);
  if (!found.length) add(SERVICE_FOR_CATEGORY[categorySlug(article.category)]);
  return found.slice(0, count);
}

export interface PlaceFacts {
  slug: string;
  place: string;
}

/** The ways a location is written: its place name, its slug as words, and a Savannah neighbourhood without "Savannah". */
function namesOf(location: PlaceFacts): string[] {
  const place = location.place.toLowerCase();
  const names = new Set([place, location.slug.replace(/-roofing$|-roof-repair$/, '').replace(/-/g, ' ')]);
  const short = place
    .replace(/\bsavannah\b/, '')
    .replace(/^the\b/, '')
    .trim()
    .replace(/\s+/g, ' ');
  if (short.length >= 4) names.add(short);
  return [...names];
}

/**
 * The location page (slug) an article is about, if any: a place named in its
 * title, tags or slug. The longest name wins, so "Isle of Hope" beats "Savannah"
 * and Savannah's Historic District beats Savannah.
 */
export function locationFor(
  article: Pick<ArticleFacts, 'slug' | 'title' | 'tags'>,
  locations: readonly PlaceFacts[],
): string | undefined {
  const haystack = ` ${[article.title, ...article.tags, article.slug.replace(/-/g, ' ')]
    .join(' | ')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9|]+/g, ' ')} `;
  let best: { slug: string; length: number } | undefined;
  for (const location of locations) {
    for (const name of namesOf(location)) {
      if (haystack.includes(` ${name} `) && (!best || name.length > best.length))
        best = { slug: location.slug, length: name.length };
    }
  }
  return best?.slug;
}
