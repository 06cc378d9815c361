/**
 * /api/admin/gallery/photos: a gallery photo uploaded from a phone (any admin).
 * The file is checked and re-encoded by server/gallery/photos.ts; only what was
 * made of it is kept, in the database, until a publish puts it in the site. A
 * refusal says why in plain words, and nothing is stored.
 */
import { Hono } from 'hono';
import type { AdminVariables } from '../../auth/guard.ts';
import { jsonError } from '../../http/api-response.ts';
import { postBodyLimit } from '../../http/form-post.ts';
import { PHOTO_LIMITS, processPhoto } from '../../gallery/photos.ts';
import { photoFile, storePhoto } from '../../gallery/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { actorOf, type AdminTopic } from '../core/workbench.ts';

export const GALLERY_PHOTOS_PATH = '/api/admin/gallery/photos';

/** One photo and its alt text per request, with room for the form's other fields. */
const UPLOAD_BODY_BYTES = PHOTO_LIMITS.maxBytes + 64 * 1024;

const TOO_LARGE = `That upload is too large: send one photo of at most ${PHOTO_LIMITS.maxBytes / (1024 * 1024)} MB at a time.`;

export function galleryApi({ db }: AdminPageDeps): Hono<{ Variables: AdminVariables }> {
  const api = new Hono<{ Variables: AdminVariables }>();

  api.post(
    GALLERY_PHOTOS_PATH,
    postBodyLimit(UPLOAD_BODY_BYTES, TOO_LARGE, (c, message) => c.json({ ok: false, error: message }, 413)),
    async (c) => {
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        return jsonError(c, 415, 'Send the photo from the upload form.');
      }
      let body: Record<string, string | File | (string | File)[]>;
      try {
        body = await c.req.parseBody({ all: true });
      } catch {
        return jsonError(c, 400, 'The upload did not arrive whole. Try again.');
      }
      const photo = body.photo;
      if (Array.isArray(photo)) return jsonError(c, 422, 'Send one photo at a time.', { photo: 'One photo at a time.' });
      if (!(photo instanceof File)) return jsonError(c, 422, 'Choose a photo to upload.', { photo: 'Choose a photo.' });
      const alt = typeof body.alt === 'string' ? body.alt.replace(/\s+/g, ' ').trim() : '';
      if (alt.length < 5 || alt.length > 300) {
        const message = 'Describe the photo for people who cannot see it (5 to 300 characters), such as “Before: curling shingles over the porch”.';
        return jsonError(c, 422, message, { alt: message });
      }
      if (/[<>]/.test(alt)) return jsonError(c, 422, 'Leave out < and > in the description.', { alt: 'Leave out < and >.' });
      const result = await processPhoto(Buffer.from(await photo.arrayBuffer()));
      if (!result.ok) return jsonError(c, 422, result.reason, { photo: result.reason });
      const stored = await storePhoto(db, { alt, width: result.width, height: result.height, variants: result.variants }, actorOf(c));
      return c.json(
        {
          ok: true,
          photo: {
            ...stored,
            files: result.variants.map((v) => ({ format: v.format, width: v.width, height: v.height, url: `${GALLERY_PHOTOS_PATH}/${stored.id}/${v.width}.${v.format}` })),
          },
        },
        201,
      );
    },
  );

  // The admin's own look at an uploaded photo; visitors get photos only from a published build.
  api.get(`${GALLERY_PHOTOS_PATH}/:id{[0-9]+}/:file{[0-9]+\\.(avif|webp)}`, async (c) => {
    const [width, format] = c.req.param('file').split('.') as [string, string];
    const bytes = await photoFile(db, Number(c.req.param('id')), format, Number(width));
    if (!bytes) return jsonError(c, 404, 'No such photo.');
    return c.body(new Uint8Array(bytes), 200, { 'content-type': `image/${format}`, 'cache-control': 'private, max-age=3600' });
  });

  return api;
}

/** The gallery's uploads (its screen is to come: no page yet). */
export function galleryAdmin(deps: AdminPageDeps): AdminTopic {
  return { api: galleryApi(deps), pages: {} };
}
