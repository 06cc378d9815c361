import GalleryIndex from '../components/GalleryIndex.tsx';
import type { PageMeta } from '../components/meta.ts';
import { pageMeta } from './_content-page.tsx';
import { getEntry } from '../content/layer/content.ts';
import { galleryFilters, projectsFor, type FilterKind } from '../content/layer/gallery.ts';
import type { PageProps } from '../components/page-module.ts';
import { GALLERY_URL } from '../lib/urls.ts';

const about = () => getEntry('pages', 'gallery');

/** The gallery's files: its own words and every project (the sitemap's lastmod). */
export function sources(): string[] {
  return [about().file, ...projectsFor().map((p) => p.file)];
}

export function meta({ path, siteUrl }: PageProps): PageMeta {
  const { data } = about();
  return pageMeta(data, siteUrl, { name: data.h1 ?? data.title, path });
}

/** The gallery body for /gallery (no filter) or one filter page; the filter pages call this. */
export function GalleryView({ filter }: { filter?: { kind: FilterKind; slug: string } }) {
  const entry = about();
  const filters = { service: galleryFilters('service'), location: galleryFilters('location') };
  const chosen = filter ? filters[filter.kind].find((f) => f.slug === filter.slug) : undefined;
  if (filter && !chosen) throw new Error(`gallery: no project has ${filter.kind} "${filter.slug}"`);
  const heading = entry.data.h1 ?? entry.data.title;
  return (
    <GalleryIndex
      title={chosen ? filterHeading(chosen.kind, chosen.name) : heading}
      lead={chosen ? chosen.summary : entry.data.description}
      crumbs={
        chosen
          ? [
              { name: 'Home', path: '/' },
              { name: heading, path: GALLERY_URL },
            ]
          : [{ name: 'Home', path: '/' }]
      }
      projects={projectsFor(filter)}
      filters={filters}
      about={{ body: entry.body, file: entry.file }}
      total={projectsFor().length}
    />
  );
}

/** The h1 of a filter page: "Metal Roofing: illustrated examples", "Tybee Island: illustrated examples". */
export function filterHeading(kind: FilterKind, name: string): string {
  return kind === 'service' ? `${name}: illustrated examples` : `Roofing in ${name}: illustrated examples`;
}

export default function GalleryPage() {
  return <GalleryView />;
}
