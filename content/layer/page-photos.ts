/**
 * The owner's photos in place of a page's illustration
 * (docs/decisions/064-photos-in-place-of-illustrations.md): the overlay's
 * `page-photos.json` names, per page, a picture of the overlay's images/ and its alt
 * text. Loading a collection puts it in the entry's `image`, so that one page shows
 * the photo while other pages with the same drawing keep it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CollectionName } from '../schema.ts';
import { overlayDir, overlayLabel } from './overlay-dir.ts';

/** The collections whose pages can show a photo instead of their illustration. */
export const PAGE_PHOTO_COLLECTIONS = ['services', 'landings', 'brands'] as const satisfies readonly CollectionName[];
export type PagePhotoCollection = (typeof PAGE_PHOTO_COLLECTIONS)[number];

/** The overlay's file naming the photos. */
export const PAGE_PHOTOS_FILE = 'page-photos.json';

const photo = z
  .object({
    src: z.string().regex(/^[a-z0-9-]+\.(png|jpe?g|webp)$/, 'must name a photo in the overlay’s images/'),
    alt: z.string().trim().min(3, 'must say what the photo shows'),
  })
  .strict();

const fileSchema = z.object(
  Object.fromEntries(PAGE_PHOTO_COLLECTIONS.map((c) => [c, z.record(z.string(), photo).optional()])) as Record<
    PagePhotoCollection,
    z.ZodOptional<z.ZodRecord<z.ZodString, typeof photo>>
  >,
);

export type PagePhotos = z.infer<typeof fileSchema>;

/**
 * The page photos of the overlay, checked: each names a file that is in the overlay's images/.
 * Empty without an overlay or without the file; `problems` name the file and the page.
 */
export function readPagePhotos(dir = overlayDir()): { photos: PagePhotos; problems: string[] } {
  const file = dir && path.join(dir, PAGE_PHOTOS_FILE);
  if (!file || !fs.existsSync(file)) return { photos: {}, problems: [] };
  const label = overlayLabel(file);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    return { photos: {}, problems: [`${label}: ${(error as Error).message}`] };
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    return { photos: {}, problems: parsed.error.issues.map((i) => `${label}: field "${i.path.join('.')}": ${i.message}`) };
  }
  const problems: string[] = [];
  for (const collection of PAGE_PHOTO_COLLECTIONS) {
    for (const [slug, { src }] of Object.entries(parsed.data[collection] ?? {})) {
      if (!fs.existsSync(path.join(dir, 'images', src)))
        problems.push(`${label}: field "${collection}.${slug}.src": "${src}" is not in images/`);
    }
  }
  return { photos: parsed.data, problems };
}

/** The photo the owner chose for one page, if any. */
export function pagePhotoFor(
  photos: PagePhotos,
  collection: CollectionName,
  slug: string,
): { src: string; alt: string } | undefined {
  return (PAGE_PHOTO_COLLECTIONS as readonly string[]).includes(collection)
    ? photos[collection as PagePhotoCollection]?.[slug]
    : undefined;
}
