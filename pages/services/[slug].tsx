import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import { usePage } from '../../components/page-context.ts';
import { serviceJsonLd } from '../../components/structured-data.ts';
import { galleryServiceUrl, locationUrl, serviceUrl } from '../../lib/urls.ts';
import { projectsFor } from '../../content/layer/gallery.ts';
import type { PageProps } from '../../components/page-module.ts';
import { collectionPage } from '../_collection-page.ts';

const page = collectionPage('services', {
  crumbs: [
    { name: 'Home', path: '/' },
    { name: 'Services', path: '/services' },
  ],
  crumbName: (data) => data.nav.label,
  structuredData: (data, { path, siteUrl }) => [
    serviceJsonLd(siteUrl, { path, name: data.nav.label, description: data.description }),
  ],
});
export const { paths, sources, meta } = page;

export default function ServicePage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav } = usePage();
  const related = nav.services.filter((s) => s.category === entry.data.category && s.path !== serviceUrl(entry.slug));
  const areas = entry.data.locations.map((slug) => {
    const link = nav.locations.find((l) => l.path === locationUrl(slug));
    if (!link) throw new Error(`${entry.file}: field "locations" names "${slug}", which is not in content/locations/`);
    return link;
  });
  return (
    <ContentPage
      {...page.contentProps(entry.slug)}
      image={entry.data.image}
      aside={
        <>
          <LinkList heading={`More ${entry.data.category.toLowerCase()} services`} links={related} />
          <LinkList heading="Popular services" links={nav.popularServices.filter((s) => s.path !== serviceUrl(entry.slug))} />
          {areas.length ? <LinkList heading="Where we do this work" links={areas} /> : null}
          <LinkList heading="In the gallery" links={galleryLinks(entry.slug, entry.data.nav.label)} />
        </>
      }
    />
  );
}

/** The service's gallery page, named for what it holds, or nothing when the gallery has no project of it. */
function galleryLinks(slug: string, label: string): { name: string; path: string }[] {
  const projects = projectsFor({ kind: 'service', slug });
  if (projects.length === 0) return [];
  const count = projects.length === 1 ? 'one' : String(projects.length);
  const kind = projects.every((p) => p.illustrated) ? 'illustrated example' : 'project';
  return [{ name: `${label}: ${count} ${kind}${projects.length === 1 ? '' : 's'}`, path: galleryServiceUrl(slug) }];
}
