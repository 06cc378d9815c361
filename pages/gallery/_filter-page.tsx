import type { PageMeta } from '../../components/meta.ts';
import { breadcrumbJsonLd } from '../../components/structured-data.ts';
import { galleryFilter, galleryFilters, projectsFor, type FilterKind } from '../../content/layer/gallery.ts';
import type { PageProps } from '../../components/page-module.ts';
import { GALLERY_URL } from '../../lib/urls.ts';
import { filterHeading, GalleryView, sources as gallerySources } from '../gallery.tsx';

const TITLE_MAX = 60;

/** A filter page's title: unique per filter value, within the 60 characters search results show. */
export function filterTitle(kind: FilterKind, name: string): string {
  const long = kind === 'service' ? `${name} Examples in Our Savannah Gallery` : `${name} Roofing Examples: Illustrated Gallery`;
  return long.length <= TITLE_MAX ? long : `${name} ${kind === 'service' ? 'Examples' : 'Roofing Examples'}`;
}

export function filterDescription(kind: FilterKind, name: string): string {
  return kind === 'service'
    ? `Illustrated before-and-after examples of ${name.toLowerCase()} work around Savannah and coastal Georgia, with what each job typically involves.`
    : `Illustrated before-and-after examples of roofing work typical of ${name}: the local conditions behind each job and the usual fix.`;
}

/**
 * The route exports of one kind of gallery filter page:
 * a static, indexable page for each service or location that has projects.
 */
export function filterPage(kind: FilterKind) {
  const slugOf = (props: PageProps) => props.params[kind];
  return {
    paths: (): string[] => galleryFilters(kind).map((f) => f.slug),
    sources: (props: PageProps): string[] => [
      gallerySources()[0],
      ...projectsFor({ kind, slug: slugOf(props) }).map((p) => p.file),
    ],
    meta: (props: PageProps): PageMeta => {
      const filter = galleryFilter(kind, slugOf(props));
      return {
        title: filterTitle(kind, filter.name),
        description: filterDescription(kind, filter.name),
        structuredData: breadcrumbJsonLd(props.siteUrl, [
          { name: 'Home', path: '/' },
          { name: 'Gallery', path: GALLERY_URL },
          { name: filterHeading(kind, filter.name), path: props.path },
        ]),
      };
    },
    Page: (props: PageProps) => <GalleryView filter={{ kind, slug: slugOf(props) }} />,
  };
}
