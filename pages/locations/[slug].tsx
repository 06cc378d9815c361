import zipcodes from 'zipcodes';
import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import { usePage } from '../../components/page-context.ts';
import { locationUrl } from '../../components/urls.ts';
import { site } from '../../content/site.ts';
import { loadCollection } from '../../build/content.ts';
import type { PageProps, Redirect } from '../../build/routes.ts';
import { collectionPage } from '../_collection-page.ts';

const page = collectionPage('locations', {
  crumbs: [
    { name: 'Home', path: '/' },
    { name: 'Locations', path: '/locations' },
  ],
  crumbName: (data) => data.place,
});
export const { paths, sources, meta } = page;

/** DECISIONS.md "Locations": the spec's other URL forms answer 301. */
export function redirects(): Redirect[] {
  return loadCollection('locations').flatMap((e) =>
    e.data.aliases.map((alias) => ({ from: locationUrl(alias), to: locationUrl(e.slug) })),
  );
}

/** Straight-line miles from the office ZIP, from the ZIP-centroid data; undefined if unknown. */
export function milesFromOffice(zip: string): number | undefined {
  const miles = zipcodes.distance(site.address.zip, zip);
  return typeof miles === 'number' ? miles : undefined;
}

export default function LocationPage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav } = usePage();
  const miles = milesFromOffice(entry.data.zip);
  const facts = (
    <div className="aside-box">
      <h2>{entry.data.place} at a glance</h2>
      <ul>
        <li>{entry.data.county} County</li>
        {miles !== undefined ? (
          <li>
            About {miles} miles from our Savannah office (ZIP {entry.data.zip}), inside our {site.radiusMiles}-mile service radius
          </li>
        ) : null}
        <li>{site.claims.stormResponse} storm response line</li>
      </ul>
    </div>
  );
  return (
    <ContentPage
      title={entry.data.h1 ?? entry.data.title}
      lead={entry.data.summary}
      crumbs={page.crumbs}
      body={entry.body}
      file={entry.file}
      faqs={entry.data.faqs}
      aside={
        <>
          {facts}
          <LinkList heading="Popular services" links={nav.popularServices} />
          <LinkList heading="Nearby areas" links={nav.locations.filter((l) => l.path !== locationUrl(entry.slug)).slice(0, 8)} />
        </>
      }
    />
  );
}
