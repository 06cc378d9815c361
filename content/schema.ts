import { z } from 'zod';
import { SOURCE_IDS } from './sources.ts';
import { BLOG_CATEGORIES, blogSchemaOf, pageFields } from '../lib/blog-schema.ts';

export { BLOG_CATEGORIES };

/** Navigation item categories. */
export const NAV_CATEGORIES = ['Residential', 'Commercial', 'Specialty', 'Emergency', 'Major', 'Gutters', 'Support'] as const;

const slugText = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');

const nav = z.object({ label: z.string().min(2).max(40), order: z.number().int() }).strict();

const base = pageFields(SOURCE_IDS);

export const blogSchema = blogSchemaOf(SOURCE_IDS);

export const serviceSchema = z
  .object({
    ...base,
    nav,
    category: z.enum(NAV_CATEGORIES),
    /** A popular service: listed on the home page and in the sidebars by `rank`; the header menus show the first three under `label`. */
    popular: z
      .object({ rank: z.number().int().min(1), label: z.string().min(2).max(30) })
      .strict()
      .optional(),
    /** One or two sentences for cards and lists. */
    summary: z.string().min(40).max(240),
    /** The location pages (slugs) where this service matters most; the page links to them. */
    locations: z.array(slugText).default([]),
  })
  .strict();

export const locationSchema = z
  .object({
    ...base,
    /** The place as people say it: "Pooler", "Isle of Hope". */
    place: z.string().min(3),
    county: z.string().min(3),
    /** A ZIP at the area's centre; the distance from the office is computed from it. */
    zip: z.string().regex(/^\d{5}$/),
    nav,
    /** Other URLs of this page that answer 301. */
    aliases: z.array(slugText).default([]),
    summary: z.string().min(40).max(240),
    /** The office that issues building permits for a re-roof here, with its official page. */
    permitOffice: z
      .object({ name: z.string().min(5), url: z.url() })
      .strict()
      .optional(),
    /** The services (slugs) this area's houses most often need; the page links to them. */
    services: z.array(slugText).default([]),
  })
  .strict();

export const brandSchema = z
  .object({
    ...base,
    name: z.string().min(2),
    nav,
    summary: z.string().min(40).max(240),
    /** Product lines discussed on the page. */
    products: z.array(z.string()).default([]),
  })
  .strict();

/** Top-level landing and guide pages (/best-roofer-savannah, ...). */
export const landingSchema = z
  .object({
    ...base,
    kind: z.enum(['service', 'guide']),
    /** Present when the page is listed in the footer's resources column. */
    nav: nav.optional(),
    summary: z.string().min(40).max(240),
  })
  .strict();

/** Prose for fixed pages (about, financing, privacy policy, ...). */
export const pageSchema = z
  .object({
    ...base,
    /** Present when the page is listed in the footer's resources column. */
    nav: nav.optional(),
  })
  .strict();

/** A before or after picture of a gallery project: a file in content/images/ and what it shows. */
const projectImage = z
  .object({
    src: z.string().regex(/^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/, 'must name a file in content/images/'),
    alt: z.string().trim().min(20, 'must say what the picture shows (20 characters at least)'),
  })
  .strict();

/**
 * One gallery project per file. `service` and `location`
 * name files in content/services/ and content/locations/ (checked when the
 * collection loads). An illustrated example is a drawing of typical work, not a
 * real job: its `date` is the day the example was added, and the page says so.
 */
export const gallerySchema = z
  .object({
    title: z.string().trim().min(10, 'is too short (10 characters at least)').max(80, 'is longer than 80 characters'),
    service: slugText,
    location: slugText,
    date: z.coerce.date(),
    /** Where the project stands in the gallery (lower first); the first three are featured on the home page. */
    order: z.number().int().min(0).default(100),
    /** True for a drawing of typical work; false only for the owner's own photographs of a finished job. */
    illustrated: z.boolean({ message: 'must be true (a drawing of typical work) or false (photographs of a real job)' }),
    before: projectImage,
    after: projectImage,
  })
  .strict()
  .superRefine((project, ctx) => {
    // Drawings are never passed off as a real job, and a real job shows photographs.
    for (const side of ['before', 'after'] as const) {
      const drawing = project[side].src.endsWith('.svg');
      if (project.illustrated === drawing) continue;
      ctx.addIssue({
        code: 'custom',
        path: [side, 'src'],
        message: project.illustrated
          ? 'an illustrated example shows drawings (.svg files)'
          : 'is a drawing (.svg): a real job shows photographs, or set illustrated: true',
      });
    }
  });

export const reviewSchema = z
  .object({
    author: z.string().min(1),
    authorUrl: z.string().url().optional(),
    rating: z.number().int().min(1).max(5),
    text: z.string().min(1),
    date: z.string(),
  })
  .strict();

export const reviewsFileSchema = z
  .object({
    /** True while the file holds sample text, not real customer reviews. */
    sample: z.boolean(),
    source: z.string(),
    reviews: z.array(reviewSchema),
  })
  .strict();

export type BlogFrontMatter = z.infer<typeof blogSchema>;
export type ServiceFrontMatter = z.infer<typeof serviceSchema>;
export type LocationFrontMatter = z.infer<typeof locationSchema>;
export type BrandFrontMatter = z.infer<typeof brandSchema>;
export type LandingFrontMatter = z.infer<typeof landingSchema>;
export type PageFrontMatter = z.infer<typeof pageSchema>;
export type GalleryFrontMatter = z.infer<typeof gallerySchema>;
export type Review = z.infer<typeof reviewSchema>;
export type ReviewsFile = z.infer<typeof reviewsFileSchema>;

export const collections = {
  blog: blogSchema,
  services: serviceSchema,
  locations: locationSchema,
  brands: brandSchema,
  landings: landingSchema,
  pages: pageSchema,
  gallery: gallerySchema,
} as const;

export type CollectionName = keyof typeof collections;
