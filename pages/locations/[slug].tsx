import zipcodes from 'zipcodes';
import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { usePage } from '../../components/page-context.ts';
import { breadcrumbJsonLd, faqJsonLd } from '../../components/structured-data.ts';
import { locationUrl } from '../../components/urls.ts';
import { site } from '../../content/site.ts';
import { getEntry, loadCollection } from '../../build/content.ts';
import type { PageProps, Redirect } from '../../build/routes.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Locations', path: '/locations' },
];

export function paths(): string[] {
  return loadCollection('locations').map((e) => e.slug);
}

/** DECISIONS.md "Locations": the spec's other URL forms answer 301. */
export function redirects(): Redirect[] {
  return loadCollection('locations').flatMap((e) =>
    e.data.aliases.map((alias) => ({ from: locationUrl(alias), to: locationUrl(e.slug) })),
  );
}

export function sources({ params }: PageProps): string[] {
  return [getEntry('locations', params.slug).file];
}

/** Straight-line miles from the office ZIP, from the ZIP-centroid data; undefined if unknown. */
export function milesFromOffice(zip: string): number | undefined {
  const miles = zipcodes.distance(site.address.zip, zip);
  return typeof miles === 'number' ? miles : undefined;
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const { data } = getEntry('locations', params.slug);
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    structuredData: [
      breadcrumbJsonLd(siteUrl, [...crumbs, { name: data.place, path }]),
      ...(data.faqs?.length ? [faqJsonLd(data.faqs)] : []),
    ],
  };
}

export default function LocationPage({ params }: PageProps) {
  const entry = getEntry('locations', params.slug);
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
      crumbs={crumbs}
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
