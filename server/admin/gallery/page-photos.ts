/**
 * "Photos on pages": the owner picks one of the uploaded gallery photos to show at
 * the top of a service, landing or brand page instead of its drawing, or takes the
 * page back to the drawing (docs/decisions/064-photos-in-place-of-illustrations.md).
 * Both change the gallery's draft; the gallery's Publish puts them live, through the
 * overlay's page-photos.json and the photo's re-encoded file, never the upload.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AdminVariables } from '../../auth/guard.ts';
import { getPhoto } from '../../gallery/store.ts';
import { loadDraft, saveDraft, type OwnerPagePhoto } from '../../publish/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { officeTime } from '../core/format.ts';
import { actorOf, Refusal, workbenchEndpoint, type AdminContext, type PageWithState } from '../core/workbench.ts';
import { draftOf, pagePhotoFields, type GalleryDraft } from './data.ts';
import { PAGE_DRAWING_PATH, PAGE_PHOTO_PATH } from './paths.ts';

/** Saves the draft with its page photos changed by `change`, unless someone saved it since `revision`. */
async function changePagePhotos(
  deps: AdminPageDeps,
  c: AdminContext,
  revision: string,
  change: (chosen: OwnerPagePhoto[]) => OwnerPagePhoto[],
): Promise<void> {
  const draft = await loadDraft(deps.db, 'gallery');
  if ((draft?.revision ?? '') !== revision) {
    throw new Refusal(
      `Not saved: @${draft?.by ?? 'someone'} changed the gallery on ${officeTime(deps.built, draft?.at ?? new Date())}. Reload the page and choose again.`,
      {},
      409,
    );
  }
  const current: GalleryDraft = draftOf(draft?.value);
  const saved = await saveDraft(deps.db, 'gallery', { ...current, pagePhotos: change(current.pagePhotos) }, actorOf(c), revision);
  if (!saved.saved) {
    throw new Refusal(
      `Not saved: @${saved.by ?? 'someone'} changed the gallery meanwhile. Reload the page and choose again.`,
      {},
      409,
    );
  }
}

/** The two forms' endpoints on the gallery's API. */
export function pagePhotoEndpoints(api: Hono<{ Variables: AdminVariables }>, deps: AdminPageDeps, page: PageWithState): void {
  const home = () => deps.built.site.pages['admin-gallery'];

  workbenchEndpoint(api, {
    path: PAGE_PHOTO_PATH,
    schema: pagePhotoFields(deps.built.site.galleryChoices.pages),
    form: () => 'page-photo',
    page,
    redirect: () => `${home()}?saved=page-photo#page-photos`,
    async save(c, body) {
      const photo = await getPhoto(deps.db, body.photo);
      if (!photo) {
        const gone = 'That photo is no longer stored. Choose another one.';
        throw new Refusal(gone, { photo: gone });
      }
      const choice = { page: body.page, photo: photo.id, alt: body.alt || photo.alt };
      await changePagePhotos(deps, c, body.revision, (chosen) => [...chosen.filter((p) => p.page !== body.page), choice]);
      return { page: choice.page, photo: choice.photo };
    },
  });

  workbenchEndpoint(api, {
    path: PAGE_DRAWING_PATH,
    schema: z.object({
      page: z.string().max(200),
      revision: z
        .string()
        .regex(/^\d{0,40}$/)
        .default(''),
    }),
    form: (values) => `drawing-${(values.page ?? '').replace('/', '-')}`,
    page,
    redirect: (_c, _body, result) => String(result.redirect),
    async save(c, body) {
      let removed: OwnerPagePhoto | undefined;
      await changePagePhotos(deps, c, body.revision, (chosen) => {
        removed = chosen.find((p) => p.page === body.page);
        if (!removed) throw new Refusal('That page already shows its drawing.', {}, 409);
        return chosen.filter((p) => p.page !== body.page);
      });
      const undo = removed!;
      const query = new URLSearchParams({
        saved: 'drawing',
        undo_page: undo.page,
        undo_photo: String(undo.photo),
        undo_alt: undo.alt,
      });
      // The admin script follows `redirect` too, so the offer to undo shows with JavaScript as without.
      return { page: undo.page, redirect: `${home()}?${query}#page-photos` };
    },
  });
}

/** After "Back to the drawing" (`?saved=drawing&undo_page=…&undo_photo=…&undo_alt=…`): what Undo puts back. */
export function undoOf(c: AdminContext, pages: { page: string }[]): OwnerPagePhoto | null {
  if (c.req.query('saved') !== 'drawing') return null;
  const page = c.req.query('undo_page') ?? '';
  const photo = Number(c.req.query('undo_photo'));
  const alt = (c.req.query('undo_alt') ?? '').slice(0, 300);
  if (!pages.some((p) => p.page === page) || !Number.isInteger(photo) || photo <= 0 || alt.length < 5 || /[<>]/.test(alt))
    return null;
  return { page, photo, alt };
}
