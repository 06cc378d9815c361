/**
 * The blog's front matter, checked by the build (content/schema.ts builds the
 * collection's schema from it with the sources of content/sources.ts) and by the
 * admin's article editor before a draft is published, with the source ids the
 * build handed the server: one schema, so the editor refuses what the build would.
 */
import { z } from 'zod';

/** The blog categories, in the spec's order. */
export const BLOG_CATEGORIES = [
  'Materials & Technology',
  'Storm Protection',
  'Material Comparisons',
  'Climate & Environment',
  'Cost & Planning',
  'Emergency Repairs',
] as const;

/** The category and tag a storm update carries: an article about a storm that is coming or just passed. */
export const STORM_UPDATE = { category: 'Storm Protection', tag: 'storm update' } as const;

// What search results show in full, and enough to say what the page is.
export const pageTitle = z
  .string()
  .trim()
  .min(30, 'is too short (30 characters at least)')
  .max(60, 'is longer than 60 characters');
export const pageDescription = z
  .string()
  .trim()
  .min(70, 'is too short for a meta description (70 characters at least)')
  .max(160, 'is longer than 160 characters');

export const faqSchema = z.object({ q: z.string().min(5), a: z.string().min(10) }).strict();

/** Image reference: a file name in content/images/ and its alt text. */
export const imageRef = z
  .object({
    src: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/, 'must name a file in content/images/'),
    alt: z.string().min(3),
  })
  .strict();

/** The fields every page collection shares, with `sources` naming one of `sourceIds`. */
export function pageFields<const S extends readonly [string, ...string[]]>(sourceIds: S) {
  return {
    title: pageTitle,
    description: pageDescription,
    h1: z.string().min(5).max(90).optional(),
    keywords: z.array(z.string()).optional(),
    image: imageRef.optional(),
    faqs: z.array(faqSchema).optional(),
    /** Published sources the page relies on (content/sources.ts); figures it prints add theirs. Listed at the foot as "Sources". */
    sources: z.array(z.enum(sourceIds, { message: 'must name a source in content/sources.ts' })).default([]),
  };
}

/** An article's front matter, its sources among `sourceIds`. */
export function blogSchemaOf<const S extends readonly [string, ...string[]]>(sourceIds: S) {
  return z
    .object({
      ...pageFields(sourceIds),
      category: z.enum(BLOG_CATEGORIES),
      date: z.coerce.date(),
      updated: z.coerce.date().optional(),
      tags: z.array(z.string()).default([]),
      /** One sentence used on teasers. */
      excerpt: z.string().min(40).max(220),
    })
    .strict();
}
