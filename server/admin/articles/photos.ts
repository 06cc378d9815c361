/**
 * The owner's gallery photos as pictures an article may show at its top. Each is
 * named as the overlay's images/ names it, so a publish writes the photo there
 * (server/publish/publisher.ts) and the build makes the site's sizes of it, as it does
 * for a photo in place of a page's drawing.
 */
import type { Queryable } from '../../db/index.ts';
import { listPhotos } from '../../gallery/store.ts';
import { photoIdOf, photoName } from '../../publish/publisher.ts';
import { GALLERY_PHOTOS_PATH } from '../gallery/paths.ts';

export interface PhotoChoice {
  /** The picture's name in the article, as in the overlay's images/. */
  name: string;
  alt: string;
  /** The admin's own look at it (visitors get it only from a published build). */
  url: string;
}

/** The uploaded photos, newest first, as article pictures. */
export async function galleryPhotoChoices(db: Queryable): Promise<PhotoChoice[]> {
  return (await listPhotos(db)).map((p) => ({
    name: photoName(p.id),
    alt: p.alt,
    url: `${GALLERY_PHOTOS_PATH}/${p.id}/480.webp`,
  }));
}

/** True for a picture name that stands for an uploaded photo rather than a file of content/images/. */
export const isGalleryPhoto = (name: string) => photoIdOf(name) !== null;
