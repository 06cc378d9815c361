/**
 * The gallery's draft: the owner's projects, each with its two uploaded photos, as
 * the next publish writes them into the overlay (server/publish/publisher.ts).
 */
import { z } from 'zod';
import type { ServerData } from '../../../lib/server-data.ts';
import type { OwnerPagePhoto, OwnerProject } from '../../publish/store.ts';

const project = z.object({
  slug: z.string(),
  title: z.string(),
  service: z.string(),
  location: z.string(),
  date: z.string(),
  story: z.string(),
  before: z.object({ photo: z.number(), alt: z.string() }),
  after: z.object({ photo: z.number(), alt: z.string() }),
});

const pagePhoto = z.object({ page: z.string(), photo: z.number(), alt: z.string() });

/** The gallery's draft: the projects and the photos in place of illustrations. */
export interface GalleryDraft {
  projects: OwnerProject[];
  pagePhotos: OwnerPagePhoto[];
}

/** A stored draft read back; another version's shape counts as none. */
export function draftOf(value: unknown): GalleryDraft {
  const parsed = z
    .object({ projects: z.array(project).default([]), pagePhotos: z.array(pagePhoto).default([]) })
    .safeParse(value);
  return parsed.success ? parsed.data : { projects: [], pagePhotos: [] };
}

/** The projects of a stored draft. */
export const projectsOf = (value: unknown): OwnerProject[] => draftOf(value).projects;

/** True when the draft holds something the published version does not (or lacks something it holds). */
export function draftDiffers(
  draft: GalleryDraft,
  published: { gallery?: OwnerProject[]; pagePhotos?: OwnerPagePhoto[] },
): boolean {
  const slugs = (list: OwnerProject[]) => list.map((p) => p.slug).join('\n');
  // Field by field: a version read back from jsonb has its keys in another order.
  const pages = (list: OwnerPagePhoto[]) =>
    list
      .map((p) => JSON.stringify([p.page, p.photo, p.alt]))
      .sort()
      .join('\n');
  return (
    slugs(draft.projects) !== slugs(published.gallery ?? []) || pages(draft.pagePhotos) !== pages(published.pagePhotos ?? [])
  );
}

const text = (min: number, max: number, what: string) =>
  z
    .string()
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(min, `Give ${what} (at least ${min} characters).`)
        .max(max, `Keep ${what} to ${max} characters.`)
        .refine((v) => !/[<>]/.test(v), 'Leave out < and >.'),
    );

/** The project form's text fields, checked as the build's gallery schema will (content/schema.ts). */
export function projectFields(choices: ServerData['galleryChoices']) {
  return z.object({
    title: text(10, 80, 'a title'),
    service: z.string().refine((v) => choices.services.some((s) => s.slug === v), 'Choose the service.'),
    location: z.string().refine((v) => choices.locations.some((l) => l.slug === v), 'Choose the area.'),
    month: z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Choose the month the job was done.'),
    story: z
      .string()
      .trim()
      .min(20, 'Tell the story in a sentence or two (at least 20 characters).')
      .max(2000, 'Keep the story to 2,000 characters.')
      .refine((v) => !/[<>]/.test(v), 'Leave out < and > (the story is plain text).'),
    beforeAlt: text(5, 300, 'what the before photo shows'),
    afterAlt: text(5, 300, 'what the after photo shows'),
  });
}

/** "Storm-torn shingles replaced", 2026-11 → storm-torn-shingles-replaced-2026-11. */
export function projectSlug(title: string, month: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'project'}-${month}`;
}

/** The photo-on-a-page form: which page, which uploaded photo, and optionally its description there. */
export function pagePhotoFields(pages: ServerData['galleryChoices']['pages']) {
  return z.object({
    page: z.string().refine((v) => pages.some((p) => p.page === v), 'Choose the page.'),
    photo: z.coerce.number({ message: 'Choose a photo.' }).int('Choose a photo.').positive('Choose a photo.'),
    alt: z
      .string()
      .default('')
      .transform((v) => v.replace(/\s+/g, ' ').trim())
      .pipe(
        z
          .string()
          .refine((v) => v === '' || v.length >= 5, 'Describe the photo in 5 characters at least, or leave it empty.')
          .refine((v) => v.length <= 300, 'Keep the description to 300 characters.')
          .refine((v) => !/[<>]/.test(v), 'Leave out < and >.'),
      ),
    revision: z
      .string()
      .regex(/^\d{0,40}$/)
      .default(''),
  });
}
