import type { BlogPosting, BreadcrumbList, FAQPage, PostalAddress, RoofingContractor, Service, WithContext } from 'schema-dts';
import { listPlaceholders, site, telHref } from '../content/site.ts';
import { absoluteUrl } from '../lib/urls.ts';
import { zipCentroid } from '../lib/zip-centroids.ts';

/** Typed by schema-dts: a property schema.org does not have on a type fails the typecheck. */
export type JsonLd = WithContext<RoofingContractor | BreadcrumbList | FAQPage | BlogPosting | Service>;

const businessId = (siteUrl: string) => absoluteUrl(siteUrl, '/#business');

/** The office address; no street while the street is a placeholder. */
function postalAddress(): PostalAddress {
  const streetIsPlaceholder = listPlaceholders().some((p) => p.field === 'address.street');
  return {
    '@type': 'PostalAddress',
    ...(streetIsPlaceholder ? {} : { streetAddress: site.address.street }),
    addressLocality: site.address.city,
    addressRegion: site.address.region,
    postalCode: site.address.zip,
    addressCountry: site.address.country,
  };
}

/**
 * The business as schema.org RoofingContractor. No AggregateRating: Google
 * ignores review markup a business publishes about itself. A location page names its area in `areaServed`; elsewhere it is the
 * radius around the office.
 */
export function businessJsonLd(
  siteUrl: string,
  area?: { name: string; county: string; zip: string },
): WithContext<RoofingContractor> {
  const profiles = givenProfiles();
  return {
    '@context': 'https://schema.org',
    '@type': 'RoofingContractor',
    '@id': businessId(siteUrl),
    name: site.name,
    url: absoluteUrl(siteUrl, '/'),
    telephone: telHref().replace('tel:', ''),
    email: site.email,
    foundingDate: String(site.foundedYear),
    image: absoluteUrl(siteUrl, '/og-default.jpg'),
    address: postalAddress(),
    areaServed: area
      ? {
          '@type': 'Place',
          name: `${area.name}, ${site.address.region}`,
          address: {
            '@type': 'PostalAddress',
            postalCode: area.zip,
            addressRegion: site.address.region,
            addressCountry: site.address.country,
          },
          containedInPlace: { '@type': 'AdministrativeArea', name: `${area.county} County, Georgia` },
        }
      : {
          '@type': 'GeoCircle',
          geoMidpoint: officeMidpoint(),
          geoRadius: `${site.radiusMiles} mi`,
        },
    ...(profiles.length ? { sameAs: profiles } : {}),
  };
}

/** The social profiles the owner has given: a placeholder would tie the business to someone else's page. */
function givenProfiles(): string[] {
  return site.social.filter((s) => !listPlaceholders().some((p) => p.field === `social.${s.name}`)).map((s) => s.url);
}

/** The centre of the office's ZIP, where the service radius is measured from (the same centroid the distance check uses). */
function officeMidpoint(): { '@type': 'GeoCoordinates'; postalCode: string; latitude?: number; longitude?: number } {
  let centroid: ReturnType<typeof zipCentroid> = null;
  try {
    centroid = zipCentroid(site.address.zip);
  } catch {
    // No ZIP table outside the build and the server (a unit test rendering a page): the ZIP alone.
  }
  return {
    '@type': 'GeoCoordinates',
    postalCode: site.address.zip,
    ...(centroid ? { latitude: centroid.latitude, longitude: centroid.longitude } : {}),
  };
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(siteUrl, c.path),
    })),
  };
}

export function faqJsonLd(faqs: { q: string; a: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
  };
}

/** An article: published when it entered the site, modified when substantively revised; the business is its author. */
export function articleJsonLd(
  siteUrl: string,
  a: { path: string; title: string; description: string; date: Date; updated?: Date; image?: string },
): WithContext<BlogPosting> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: a.title,
    description: a.description,
    datePublished: a.date.toISOString().slice(0, 10),
    dateModified: (a.updated ?? a.date).toISOString().slice(0, 10),
    mainEntityOfPage: absoluteUrl(siteUrl, a.path),
    image: absoluteUrl(siteUrl, a.image ?? '/og-default.jpg'),
    author: { '@type': 'Organization', '@id': businessId(siteUrl), name: site.name, url: absoluteUrl(siteUrl, '/') },
    publisher: { '@id': businessId(siteUrl) },
  };
}

export function serviceJsonLd(siteUrl: string, s: { path: string; name: string; description: string }): WithContext<Service> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    description: s.description,
    url: absoluteUrl(siteUrl, s.path),
    provider: { '@id': businessId(siteUrl) },
    areaServed: site.serviceArea,
  };
}
