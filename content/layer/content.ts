import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import { fileURLToPath } from 'node:url';
import { collections, reviewsFileSchema, type BlogFrontMatter, type CollectionName, type ReviewsFile } from '../schema.ts';
import { overlayDir, overlayLabel } from './overlay-dir.ts';
import { ownerArticleProblems } from './articles.ts';
import { PAGE_PHOTO_COLLECTIONS, pagePhotoFor, readPagePhotos, type PagePhotos } from './page-photos.ts';

/** The content folder, resolved from this file so nothing depends on the working directory. */
export const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Entry<T> {
  slug: string;
  /** Path relative to the project root, for error messages. */
  file: string;
  data: T;
  /** Markdown body, tokens not yet replaced. */
  body: string;
}

export type CollectionData<C extends CollectionName> = z.infer<(typeof collections)[C]>;

/** Thrown when content fails its schema; the message names file, field and problem. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Content is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

const cache = new Map<CollectionName, Entry<unknown>[]>();

/** Forget cached collections (the dev server calls this when content changes). */
export function clearContentCache(): void {
  cache.clear();
  reviewsCache = undefined;
}

/**
 * Re-reads one edited Markdown file (a path relative to the project root, such as
 * `content/blog/x.md`) into its cached collection, leaving the others cached: the
 * dev server's quick rebuild. Returns the entry's slug, or null when the
 * change is not that simple (not a collection file, collection not loaded yet, file
 * added or removed): the caller then rebuilds everything. Throws ContentError when
 * the file is now invalid; the cache then still holds the previous entry.
 */
export function reloadContentFile(file: string): { collection: CollectionName; slug: string } | null {
  const match = /^content\/([a-z]+)\/([^/]+)\.md$/.exec(file.split(path.sep).join('/'));
  if (!match || !(match[1]! in collections)) return null;
  const name = match[1] as CollectionName;
  const slug = match[2]!;
  const entries = cache.get(name);
  const at = entries?.findIndex((e) => e.slug === slug) ?? -1;
  const abs = path.join(CONTENT_DIR, name, `${slug}.md`);
  if (!entries || at === -1 || !fs.existsSync(abs)) return null;
  const result = parseEntry(name, file, fs.readFileSync(abs, 'utf8'));
  if ('problems' in result) throw new ContentError(result.problems);
  const problems = checkReferences(name, result);
  if (problems.length) throw new ContentError(problems);
  cache.set(name, entries.with(at, withPagePhoto(name, result, readPagePhotos().photos)));
  return { collection: name, slug };
}

/** Every entry of a collection, validated, sorted by slug. Throws ContentError listing every bad field. */
export function loadCollection<C extends CollectionName>(name: C): Entry<CollectionData<C>>[] {
  const hit = cache.get(name);
  if (hit) return hit as Entry<CollectionData<C>>[];
  const dir = path.join(CONTENT_DIR, name);
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  // The owner's published entries (docs/decisions/061-owner-content-and-publishing.md): one with a slug of content/'s replaces it.
  const overlay = overlayDir();
  const ownerDir = overlay && path.join(overlay, name);
  const owned = ownerDir && fs.existsSync(ownerDir) ? fs.readdirSync(ownerDir).filter((f) => f.endsWith('.md')) : [];
  const sources = [
    ...files
      .filter((f) => !owned.includes(f))
      .map((f) => ({ fileName: f, label: path.join('content', name, f), abs: path.join(dir, f) })),
    ...owned.map((f) => ({ fileName: f, label: overlayLabel(path.join(ownerDir!, f)), abs: path.join(ownerDir!, f) })),
  ].sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const pagePhotos = readPagePhotos(overlay);
  const problems: string[] = (PAGE_PHOTO_COLLECTIONS as readonly string[]).includes(name) ? [...pagePhotos.problems] : [];
  const entries: Entry<CollectionData<C>>[] = [];
  for (const { label, abs } of sources) {
    const result = parseEntry(name, label, fs.readFileSync(abs, 'utf8'));
    if ('problems' in result) problems.push(...result.problems);
    else {
      problems.push(...checkReferences(name, result));
      // The owner's articles keep the rules the admin's editor checks (docs/decisions/063-owner-articles.md).
      if (name === 'blog' && abs.startsWith(ownerDir ?? '\0'))
        problems.push(...ownerArticleProblems(result as Entry<BlogFrontMatter>));
      entries.push(withPagePhoto(name, result, pagePhotos.photos));
    }
  }
  if (problems.length) throw new ContentError(problems);
  cache.set(name, entries);
  return entries;
}

/** The entry with the owner's photo in place of its illustration, when they chose one for this page. */
function withPagePhoto<C extends CollectionName>(
  name: C,
  entry: Entry<CollectionData<C>>,
  photos: PagePhotos,
): Entry<CollectionData<C>> {
  const image = pagePhotoFor(photos, name, entry.slug);
  return image ? { ...entry, data: { ...entry.data, image } } : entry;
}

/** Parses and validates one file's text; problems name the file, the field and what is wrong. */
export function parseEntry<C extends CollectionName>(
  name: C,
  file: string,
  raw: string,
): Entry<CollectionData<C>> | { problems: string[] } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An options object disables gray-matter's cache, which is keyed by the raw text.
    parsed = matter(raw, {});
  } catch (error) {
    return { problems: [`${file}: front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`] };
  }
  const result = collections[name].safeParse(parsed.data);
  if (!result.success) {
    return {
      problems: result.error.issues.map(
        (issue) => `${file}: field "${issue.path.join('.') || '(front matter)'}": ${issue.message}`,
      ),
    };
  }
  const slug = path.basename(file, '.md');
  return { slug, file, data: result.data as CollectionData<C>, body: parsed.content };
}

/** Fields that name an entry of another collection by its slug. */
const REFERENCES: { [C in CollectionName]?: Partial<Record<keyof CollectionData<C>, CollectionName>> } = {
  gallery: { service: 'services', location: 'locations' },
};

/** Fields that name a picture in content/images/ (`{ src, alt }`). */
const IMAGE_FIELDS: { [C in CollectionName]?: (keyof CollectionData<C>)[] } = {
  gallery: ['before', 'after'],
};

/**
 * What one schema cannot see: a field naming another collection's entry or an
 * image must name one that exists. Problems name the file and the field.
 */
export function checkReferences<C extends CollectionName>(
  name: C,
  entry: Entry<CollectionData<C>>,
  imagesDir = path.join(CONTENT_DIR, 'images'),
): string[] {
  const problems: string[] = [];
  const data = entry.data as Record<string, unknown>;
  const references = (REFERENCES[name] ?? {}) as Record<string, CollectionName>;
  for (const [field, target] of Object.entries(references)) {
    const slug = data[field];
    if (typeof slug === 'string' && !loadCollection(target).some((e) => e.slug === slug)) {
      problems.push(`${entry.file}: field "${field}": "${slug}" is not a file in content/${target}/`);
    }
  }
  const overlay = overlayDir();
  for (const field of (IMAGE_FIELDS[name] ?? []) as string[]) {
    const src = (data[field] as { src?: string } | undefined)?.src;
    if (src && !fs.existsSync(path.join(imagesDir, src)) && !(overlay && fs.existsSync(path.join(overlay, 'images', src)))) {
      problems.push(`${entry.file}: field "${field}.src": "${src}" is not in content/images/`);
    }
  }
  return problems;
}

/** One entry by slug, or a readable error naming the collection. */
export function getEntry<C extends CollectionName>(name: C, slug: string): Entry<CollectionData<C>> {
  const entry = loadCollection(name).find((e) => e.slug === slug);
  if (!entry) throw new Error(`content/${name}/${slug}.md does not exist`);
  return entry;
}

let reviewsCache: ReviewsFile | undefined;

/** The curated reviews file. */
export function loadReviewsFile(): ReviewsFile {
  if (reviewsCache) return reviewsCache;
  const file = path.join(CONTENT_DIR, 'reviews.json');
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError([`content/reviews.json: ${(error as Error).message}`]);
  }
  const result = reviewsFileSchema.safeParse(raw);
  if (!result.success) {
    throw new ContentError(result.error.issues.map((i) => `content/reviews.json: field "${i.path.join('.')}": ${i.message}`));
  }
  reviewsCache = result.data;
  return reviewsCache;
}

/** Blog entries newest first. */
export function blogByDate() {
  return [...loadCollection('blog')].sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** "30+"-style count derived from the content, never typed. */
export function guidesClaim(): string {
  const count = loadCollection('blog').length;
  return count >= 10 ? `${Math.floor(count / 10) * 10}+` : String(count);
}
