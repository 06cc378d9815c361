/**
 * /api/admin/gallery/photos: a gallery photo uploaded from a phone (any admin).
 * The file is checked and re-encoded by server/gallery/photos.ts; only what was
 * made of it is kept, in the database, until a publish puts it in the site. A
 * refusal says why in plain words, and nothing is stored.
 */
import { Hono } from 'hono';
import { createElement } from 'react';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AdminVariables } from '../../auth/guard.ts';
import { audit, insertVersion, latestVersion, loadDraft, saveDraft } from '../../publish/store.ts';
import { workbenchPage } from '../core/pages.ts';
import { officeTime } from '../core/format.ts';
import { Refusal, savedOf, workbenchEndpoint, type AdminContext } from '../core/workbench.ts';
import GalleryPanel from './GalleryPanel.tsx';
import { draftDiffers, draftOf, projectFields, projectSlug } from './data.ts';
import { pagePhotoEndpoints, undoOf } from './page-photos.ts';
import { GALLERY_PHOTOS_PATH, GALLERY_PUBLISH_PATH } from './paths.ts';
import type { FormState } from '../../../lib/admin/forms.ts';
import { jsonError } from '../../http/api-response.ts';
import { postBodyLimit } from '../../http/form-post.ts';
import { PHOTO_LIMITS, processPhoto } from '../../gallery/photos.ts';
import { listPhotos, photoFile, storePhoto } from '../../gallery/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { actorOf, type AdminTopic } from '../core/workbench.ts';
import { fieldErrors } from '../../http/api-response.ts';

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
        const message =
          'Describe the photo for people who cannot see it (5 to 300 characters), such as “Before: curling shingles over the porch”.';
        return jsonError(c, 422, message, { alt: message });
      }
      if (/[<>]/.test(alt)) return jsonError(c, 422, 'Leave out < and > in the description.', { alt: 'Leave out < and >.' });
      const result = await processPhoto(Buffer.from(await photo.arrayBuffer()));
      if (!result.ok) return jsonError(c, 422, result.reason, { photo: result.reason });
      const stored = await storePhoto(
        db,
        { alt, width: result.width, height: result.height, variants: result.variants },
        actorOf(c),
      );
      return c.json(
        {
          ok: true,
          photo: {
            ...stored,
            files: result.variants.map((v) => ({
              format: v.format,
              width: v.width,
              height: v.height,
              url: `${GALLERY_PHOTOS_PATH}/${stored.id}/${v.width}.${v.format}`,
            })),
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

const SAVED: Record<string, string> = {
  project: 'Project added. Publish the gallery to put it on the site.',
  publish: 'Published: the gallery shows your projects.',
  'page-photo': 'Photo chosen for the page. Publish the gallery to put it on the site.',
  drawing: 'The page is back to its drawing. Publish the gallery to put it on the site.',
};

/** /admin/gallery for this request; after a refused post, the message and what was typed. */
async function galleryPage(
  c: AdminContext,
  deps: AdminPageDeps,
  extra: {
    error?: string;
    fields?: Record<string, string>;
    values?: Record<string, string>;
    saved?: string;
    form?: FormState;
  } = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const [draft, latest, photos] = await Promise.all([loadDraft(deps.db, 'gallery'), latestVersion(deps.db), listPhotos(deps.db)]);
  const current = draftOf(draft?.value);
  const photoUrl = (id: number) => `${GALLERY_PHOTOS_PATH}/${id}/480.webp`;
  const pages = deps.built.site.galleryChoices.pages;
  const view = {
    projects: current.projects,
    published: latest?.content.gallery ?? [],
    waiting: draftDiffers(current, latest?.content ?? {}),
    pagePhotos: {
      chosen: current.pagePhotos,
      photos,
      pages,
      revision: draft?.revision ?? '',
      form: extra.form,
      photoUrl,
      undo: undoOf(c, pages),
      galleryPath: deps.built.site.pages['admin-gallery'],
    },
    pagePhotosSaved: extra.saved === 'page-photo' || extra.saved === 'drawing' ? SAVED[extra.saved]! : null,
    choices: deps.built.site.galleryChoices,
    error: extra.error ?? null,
    fields: extra.fields ?? {},
    values: extra.values ?? {},
    saved: extra.saved === 'project' || extra.saved === 'publish' ? SAVED[extra.saved]! : null,
    form: extra.form,
    cannotPublish: deps.publisher.cannotPublish(),
    revision: draft?.revision ?? '',
    photoUrl,
  };
  return workbenchPage(c, deps.built, 'admin-gallery', createElement(GalleryPanel, view), {
    status,
    titlePrefix: extra.error || extra.form ? 'Not saved: ' : undefined,
    missingTitle: 'Gallery',
  });
}

/** Two photos and the project's text per post. */
const PROJECT_BODY_BYTES = 2 * PHOTO_LIMITS.maxBytes + 64 * 1024;

/** Adds a project to the draft: its text checked, both photos re-encoded without their metadata, and stored. */
async function addProject(deps: AdminPageDeps, c: AdminContext): Promise<Response> {
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    return galleryPage(c, deps, { error: 'The upload did not arrive whole. Try again.' }, 400);
  }
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const refuse = (error: string, fields: Record<string, string>, status: ContentfulStatusCode = 422) =>
    galleryPage(c, deps, { error, fields, values }, status);
  const parsed = projectFields(deps.built.site.galleryChoices).safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return refuse(`Not added: ${Object.values(fields)[0] ?? 'check the form.'}`, fields);
  }
  const photos: Record<'before' | 'after', Buffer> = {} as never;
  for (const side of ['before', 'after'] as const) {
    const file = body[side];
    if (!(file instanceof File) || file.size === 0)
      return refuse(`Not added: choose the ${side} photo.`, { [side]: 'Choose a photo.' });
    photos[side] = Buffer.from(await file.arrayBuffer());
  }
  const [before, after] = await Promise.all([processPhoto(photos.before), processPhoto(photos.after)]);
  if (!before.ok) return refuse(`Not added: the before photo: ${before.reason}`, { before: before.reason });
  if (!after.ok) return refuse(`Not added: the after photo: ${after.reason}`, { after: after.reason });
  const by = actorOf(c);
  const { title, service, location, month, story, beforeAlt, afterAlt } = parsed.data;
  const draft = await loadDraft(deps.db, 'gallery');
  const current = draftOf(draft?.value);
  const projects = current.projects;
  const slug = projectSlug(title, month);
  if (projects.some((p) => p.slug === slug))
    return refuse('Not added: a project with this title and month is already in the list.', { title: 'Give it another title.' });
  const [b, a] = [
    await storePhoto(deps.db, { alt: beforeAlt, width: before.width, height: before.height, variants: before.variants }, by),
    await storePhoto(deps.db, { alt: afterAlt, width: after.width, height: after.height, variants: after.variants }, by),
  ];
  const next = [
    ...projects,
    {
      slug,
      title,
      service,
      location,
      date: `${month}-01`,
      story,
      before: { photo: b.id, alt: beforeAlt },
      after: { photo: a.id, alt: afterAlt },
    },
  ];
  const saved = await saveDraft(deps.db, 'gallery', { ...current, projects: next }, by, draft?.revision ?? '');
  if (!saved.saved) {
    return refuse(
      `Not added: @${saved.by ?? 'someone'} changed the list on ${officeTime(deps.built, saved.at)}. Reload the page and add it again.`,
      {},
      409,
    );
  }
  return c.redirect(`${deps.built.site.pages['admin-gallery']}?saved=project`, 303);
}

/** The gallery's screen, its uploads and its publish. */
export function galleryAdmin(deps: AdminPageDeps): AdminTopic {
  const api = galleryApi(deps);
  const home = () => deps.built.site.pages['admin-gallery'];

  api.post(
    '/api/admin/gallery/projects',
    postBodyLimit(PROJECT_BODY_BYTES, 'The photos are too large together: at most 20 MB each.', (c, message) =>
      galleryPage(c, deps, { error: message }, 413),
    ),
    (c) => addProject(deps, c),
  );

  pagePhotoEndpoints(api, deps, (c, extra, status) => galleryPage(c, deps, { form: extra.form }, status));

  workbenchEndpoint(api, {
    path: GALLERY_PUBLISH_PATH,
    schema: z.object({
      revision: z
        .string()
        .regex(/^\d{0,40}$/)
        .default(''),
    }),
    form: () => 'gallery-publish',
    page: (c, extra, status) => galleryPage(c, deps, { form: extra.form }, status),
    redirect: () => `${home()}?saved=publish`,
    maxBytes: 1024,
    async save(c, body) {
      const cannot = deps.publisher.cannotPublish();
      if (cannot) throw new Refusal(cannot, {}, 409);
      const draft = await loadDraft(deps.db, 'gallery');
      if (!draft) throw new Refusal('Nothing to publish: add a project or choose a photo for a page first.', {}, 409);
      if (draft.revision !== body.revision)
        throw new Refusal(
          `Not published: @${draft.by ?? 'someone'} changed the list on ${officeTime(deps.built, draft.at)}. Reload the page to see it.`,
          {},
          409,
        );
      const { projects, pagePhotos } = draftOf(draft.value);
      const by = actorOf(c);
      const latest = await latestVersion(deps.db);
      const content = { ...(latest?.content ?? {}), gallery: projects, pagePhotos };
      const changes = [`Gallery: ${projects.length} project(s) of your own`, `Photos on pages: ${pagePhotos.length}`];
      const result = await deps.publisher.publish(content, (stamp) => async (tx) => {
        const id = await insertVersion(tx, { stamp, content, changes, restoredFrom: null }, by);
        await audit(
          tx,
          'gallery',
          'publish',
          by,
          { stamp, projects: projects.map((p) => p.slug), pages: pagePhotos.map((p) => p.page) },
          id,
        );
        return id;
      });
      if (!result.ok) {
        await audit(deps.db, 'gallery', 'publish_failed', by, { reason: result.reason });
        throw new Refusal(`Not published, and the site is unchanged. ${result.reason}`, {}, 422);
      }
      return { stamp: result.stamp, version: result.versionId };
    },
  });

  return { api, pages: { 'admin-gallery': (c) => galleryPage(c, deps, savedOf(c)) } };
}
