import { site, telHref } from '../content/site.ts';
import { absoluteUrl } from './urls.ts';

type Json = Record<string, unknown>;

/** The business as schema.org RoofingContractor. No AggregateRating: DECISIONS.md "Reviews". */
export function businessJsonLd(siteUrl: string): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'RoofingContractor',
    '@id': absoluteUrl(siteUrl, '/#business'),
    name: site.name,
    url: absoluteUrl(siteUrl, '/'),
    telephone: telHref().replace('tel:', ''),
    email: site.email,
    foundingDate: String(site.foundedYear),
    image: absoluteUrl(siteUrl, '/og-default.jpg'),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      addressRegion: site.address.region,
      postalCode: site.address.zip,
      addressCountry: site.address.country,
    },
    areaServed: {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', postalCode: site.address.zip },
      geoRadius: `${site.radiusMiles} mi`,
    },
    sameAs: site.social.map((s) => s.url),
  };
}

export function breadcrumbJsonLd(siteUrl: string, crumbs: { name: string; path: string }[]): Json {
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

export function faqJsonLd(faqs: { q: string; a: string }[]): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.q, acceptedAnswer: { '@type': 'Answer', text: f.a } })),
  };
}

export function articleJsonLd(
  siteUrl: string,
  a: { path: string; title: string; description: string; date: Date; updated?: Date },
): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: a.title,
    description: a.description,
    datePublished: a.date.toISOString().slice(0, 10),
    dateModified: (a.updated ?? a.date).toISOString().slice(0, 10),
    mainEntityOfPage: absoluteUrl(siteUrl, a.path),
    image: absoluteUrl(siteUrl, '/og-default.jpg'),
    author: { '@type': 'Organization', name: site.name, url: absoluteUrl(siteUrl, '/') },
    publisher: { '@id': absoluteUrl(siteUrl, '/#business') },
  };
}

export function serviceJsonLd(siteUrl: string, s: { path: string; name: string; description: string }): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: s.name,
    description: s.description,
    url: absoluteUrl(siteUrl, s.path),
    provider: { '@id': absoluteUrl(siteUrl, '/#business') },
    areaServed: site.serviceArea,
  };
}
