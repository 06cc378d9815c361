import { galleryLocationUrl, galleryServiceUrl, locationUrl, serviceUrl } from '../../lib/urls.ts';
import { loadCollection, type CollectionData } from './content.ts';
import { PAGE_PHOTO_COLLECTIONS, type PagePhotoCollection } from './page-photos.ts';

/** A gallery project as the components draw it: plain data, no Markdown loading. */
export interface GalleryProject {
  slug: string;
  /** Content file, for error messages and the story's figures. */
  file: string;
  title: string;
  /** Where the project stands in the gallery and on the home page: lower first. */
  order: number;
  illustrated: boolean;
  /** YYYY-MM-DD: for an illustrated example, the day it was added. */
  date: string;
  service: { slug: string; name: string; path: string };
  location: { slug: string; name: string; path: string };
  before: { src: string; alt: string };
  after: { src: string; alt: string };
  /** The short story, Markdown with figure tokens. */
  story: string;
}

export type FilterKind = 'service' | 'location';

/** One value of a gallery filter that has projects: it has its own static page. */
export interface GalleryFilter {
  kind: FilterKind;
  slug: string;
  /** How the filter's pill and headings name it: "Metal Roofing", "Tybee Island". */
  name: string;
  /** The filter's own page. */
  path: string;
  /** The service's or location's one-line summary. */
  summary: string;
  count: number;
}

/** Every gallery project in its front matter's `order`, then newest first, then by title. */
export function galleryProjects(): GalleryProject[] {
  const services = loadCollection('services');
  const locations = loadCollection('locations');
  return loadCollection('gallery')
    .map(({ slug, file, data, body }) => {
      // The collection's loader has checked both references exist.
      const service = services.find((s) => s.slug === data.service)!;
      const location = locations.find((l) => l.slug === data.location)!;
      return {
        slug,
        file,
        title: data.title,
        order: data.order,
        illustrated: data.illustrated,
        date: data.date.toISOString().slice(0, 10),
        service: { slug: service.slug, name: service.data.nav.label, path: serviceUrl(service.slug) },
        location: { slug: location.slug, name: location.data.place, path: locationUrl(location.slug) },
        before: data.before,
        after: data.after,
        story: body.trim(),
      };
    })
    .sort((a, b) => a.order - b.order || b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/**
 * The values of one filter that have at least one project, in the menu order
 * of their collection. Each becomes a static page (pages/gallery/<kind>/[...]).
 */
export function galleryFilters(kind: FilterKind): GalleryFilter[] {
  const projects = galleryProjects();
  const entries =
    kind === 'service'
      ? loadCollection('services').map((e) => ({
          slug: e.slug,
          order: e.data.nav.order,
          name: e.data.nav.label,
          summary: e.data.summary,
        }))
      : loadCollection('locations').map((e) => ({
          slug: e.slug,
          order: e.data.nav.order,
          name: e.data.place,
          summary: e.data.summary,
        }));
  return entries
    .map((e) => ({
      kind,
      slug: e.slug,
      name: e.name,
      path: kind === 'service' ? galleryServiceUrl(e.slug) : galleryLocationUrl(e.slug),
      summary: e.summary,
      count: projects.filter((p) => p[kind].slug === e.slug).length,
      order: e.order,
    }))
    .filter((f) => f.count > 0)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map(({ order: _order, ...filter }) => filter);
}

/** One filter value by kind and slug, or an error naming it. */
export function galleryFilter(kind: FilterKind, slug: string): GalleryFilter {
  const found = galleryFilters(kind).find((f) => f.slug === slug);
  if (!found) throw new Error(`gallery: no project has ${kind} "${slug}"`);
  return found;
}

/** The projects a filter shows; all of them without one. */
export function projectsFor(filter?: { kind: FilterKind; slug: string }): GalleryProject[] {
  const all = galleryProjects();
  return filter ? all.filter((p) => p[filter.kind].slug === filter.slug) : all;
}

/** A page whose illustration the owner may replace with a photo: `page` is `<collection>/<slug>`. */
export interface PhotoPageChoice {
  page: string;
  name: string;
}

/** How the admin names a page that can take a photo, for each collection of PAGE_PHOTO_COLLECTIONS. */
const PHOTO_PAGE_NAMES: { [C in PagePhotoCollection]: (data: CollectionData<C>) => string } = {
  services: (data) => `Service: ${data.nav.label}`,
  landings: (data) => `Page: ${data.h1 ?? data.title}`,
  brands: (data) => `Brand: ${data.name}`,
};

/** The pages whose illustration a photo may replace, by collection, A to Z by name within each. */
function photoPageChoices(): PhotoPageChoice[] {
  return PAGE_PHOTO_COLLECTIONS.flatMap((collection) => {
    const name = PHOTO_PAGE_NAMES[collection] as (data: CollectionData<PagePhotoCollection>) => string;
    return loadCollection(collection)
      .filter((e) => e.data.image)
      .map((e) => ({ page: `${collection}/${e.slug}`, name: name(e.data) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  });
}

/** The services and places a gallery project may name (the admin's choices), A to Z by name, and the pages that can take a photo. */
export function galleryChoices(): {
  services: { slug: string; name: string }[];
  locations: { slug: string; name: string }[];
  pages: PhotoPageChoice[];
} {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
  return {
    services: loadCollection('services')
      .map((s) => ({ slug: s.slug, name: s.data.nav.label }))
      .sort(byName),
    locations: loadCollection('locations')
      .map((l) => ({ slug: l.slug, name: l.data.place }))
      .sort(byName),
    pages: photoPageChoices(),
  };
}
