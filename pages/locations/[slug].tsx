import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import LocationMap from '../../components/LocationMap.tsx';
import WorkCard from '../../components/WorkCard.tsx';
import { usePage } from '../../components/page-context.ts';
import { businessJsonLd } from '../../components/structured-data.ts';
import { zipDistanceMiles } from '../../lib/service-area.ts';
import { galleryLocationUrl, locationUrl, serviceUrl } from '../../lib/urls.ts';
import { site } from '../../content/site.ts';
import { loadCollection } from '../../content/layer/content.ts';
import { projectsFor } from '../../content/layer/gallery.ts';
import type { PageProps, Redirect } from '../../components/page-module.ts';
import { collectionPage } from '../_collection-page.ts';

const page = collectionPage('locations', {
  crumbs: [
    { name: 'Home', path: '/' },
    { name: 'Locations', path: '/locations' },
  ],
  crumbName: (data) => data.place,
  // The business, serving this place.
  structuredData: (data, { siteUrl }) => [businessJsonLd(siteUrl, { name: data.place, county: data.county, zip: data.zip })],
});
export const { paths, sources, meta } = page;

/** The spec's other URL forms answer 301. */
export function redirects(): Redirect[] {
  return loadCollection('locations').flatMap((e) =>
    e.data.aliases.map((alias) => ({ from: locationUrl(alias), to: locationUrl(e.slug) })),
  );
}

/** Miles from the office ZIP by ZIP centroids (one decimal), or undefined when the data has no such ZIP. */
export function milesFromOffice(zip: string): number | undefined {
  return zipDistanceMiles(site.address.zip, zip) ?? undefined;
}

/** The other location pages, nearest first, by the distance between their ZIP centroids. */
export function nearbyAreas(slug: string): { name: string; path: string; miles: number }[] {
  const here = page.entry(slug).data.zip;
  return loadCollection('locations')
    .filter((e) => e.slug !== slug)
    .map((e) => ({ name: e.data.nav.label, path: locationUrl(e.slug), miles: zipDistanceMiles(here, e.data.zip) ?? Infinity }))
    .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name));
}

/** The gallery projects tagged to this area, or nothing when there are none. */
function AreaProjects({ slug, place }: { slug: string; place: string }) {
  const projects = projectsFor({ kind: 'location', slug });
  if (projects.length === 0) return null;
  const illustrated = projects.every((p) => p.illustrated);
  return (
    <section className="area-projects" aria-labelledby="area-projects-title">
      <h2 id="area-projects-title">{illustrated ? `Illustrated examples for ${place}` : `Projects in ${place}`}</h2>
      {illustrated ? (
        <p>These drawings show typical work for houses like those in {place}; they are not photographs of real jobs.</p>
      ) : null}
      <ul className="work-grid">
        {projects.map((p) => (
          <WorkCard key={p.slug} project={p} headingLevel={3} />
        ))}
      </ul>
      <p>
        <a href={galleryLocationUrl(slug)}>{place} in the gallery</a>
      </p>
    </section>
  );
}

export default function LocationPage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav } = usePage();
  const miles = milesFromOffice(entry.data.zip);
  const services = entry.data.services.map((slug) => {
    const link = nav.services.find((s) => s.path === serviceUrl(slug));
    if (!link) throw new Error(`${entry.file}: field "services" names "${slug}", which is not in content/services/`);
    return link;
  });
  const { permitOffice } = entry.data;
  const facts = (
    <div className="aside-box">
      <h2>{entry.data.place} at a glance</h2>
      <ul>
        <li>{entry.data.county} County</li>
        {miles !== undefined ? (
          <li>
            About {Math.round(miles)} miles from our Savannah office (ZIP {site.address.zip}), inside our {site.radiusMiles}-mile
            service radius
          </li>
        ) : null}
        {permitOffice ? (
          <li>
            Building permits: <a href={permitOffice.url}>{permitOffice.name}</a>
          </li>
        ) : null}
        <li>{site.claims.stormResponse} storm response line</li>
      </ul>
    </div>
  );
  return (
    <ContentPage
      {...page.contentProps(entry.slug)}
      after={<AreaProjects slug={entry.slug} place={entry.data.place} />}
      before={
        <LocationMap
          office={{ name: site.address.city, zip: site.address.zip }}
          area={{ name: entry.data.place, zip: entry.data.zip }}
          others={loadCollection('locations')
            .filter((e) => e.slug !== entry.slug)
            .map((e) => ({ name: e.data.place, zip: e.data.zip }))}
          miles={miles ?? 0}
        />
      }
      aside={
        <>
          {facts}
          <LinkList heading={`Services for ${entry.data.place} homes`} links={services.length ? services : nav.popularServices} />
          <LinkList heading="Nearby areas, nearest first" links={nearbyAreas(entry.slug).slice(0, 8)} />
        </>
      }
    />
  );
}
