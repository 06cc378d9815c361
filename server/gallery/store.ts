/** Uploaded gallery photos (migration 023): what was made of each, never the uploaded file. */
import type { Db, Queryable } from '../db/index.ts';
import { audit, type Changer } from '../db/content-audit.ts';
import type { PhotoVariant } from './photos.ts';

export interface StoredPhoto {
  id: number;
  alt: string;
  width: number;
  height: number;
}

/** Keeps one processed photo and its files, and the upload in the audit log, in one transaction. */
export async function storePhoto(
  db: Db,
  photo: { alt: string; width: number; height: number; variants: PhotoVariant[] },
  by: Changer,
): Promise<StoredPhoto> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number }>(
      `INSERT INTO gallery_photos (alt, width, height, uploaded_by, uploaded_by_login) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [photo.alt, photo.width, photo.height, by.id, by.login],
    );
    for (const v of photo.variants) {
      await tx.query(`INSERT INTO gallery_photo_files (photo_id, format, width, height, bytes) VALUES ($1, $2, $3, $4, $5)`, [
        row.id,
        v.format,
        v.width,
        v.height,
        v.bytes,
      ]);
    }
    await audit(tx, 'gallery', 'upload', by, { photo: row.id, alt: photo.alt, width: photo.width, height: photo.height });
    return { id: row.id, alt: photo.alt, width: photo.width, height: photo.height };
  });
}

/** One file made of a photo, for the admin's own preview (never served to visitors from here). */
export async function photoFile(db: Queryable, id: number, format: string, width: number): Promise<Buffer | null> {
  const row = await db.maybeOne<{ bytes: Uint8Array }>(
    'SELECT bytes FROM gallery_photo_files WHERE photo_id = $1 AND format = $2 AND width = $3',
    [id, format, width],
  );
  return row ? Buffer.from(row.bytes) : null;
}

/** The widest WebP made of a photo: what a publish hands the build, which makes the site's sizes of it again. */
export async function widestWebp(db: Queryable, id: number): Promise<Buffer | null> {
  const row = await db.maybeOne<{ bytes: Uint8Array }>(
    `SELECT bytes FROM gallery_photo_files WHERE photo_id = $1 AND format = 'webp' ORDER BY width DESC LIMIT 1`,
    [id],
  );
  return row ? Buffer.from(row.bytes) : null;
}

/** The uploaded photos, newest first: what the owner may show on a page in place of its illustration. */
export async function listPhotos(db: Queryable, limit = 60): Promise<StoredPhoto[]> {
  return db.query<StoredPhoto>('SELECT id::int AS id, alt, width, height FROM gallery_photos ORDER BY id DESC LIMIT $1', [limit]);
}

/** One uploaded photo, if it is still stored. */
export async function getPhoto(db: Queryable, id: number): Promise<StoredPhoto | null> {
  return db.maybeOne<StoredPhoto>('SELECT id::int AS id, alt, width, height FROM gallery_photos WHERE id = $1', [id]);
}
