import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../build/paths.ts';
import { listPlaceholders, site } from '../content/site.ts';

/** The JSON-LD of every built page (schema.org structured data); `npm test` builds first. */
interface Page {
  path: string;
  noIndex: boolean;
  data: Record<string, unknown>[];
}

let pages: Page[] = [];

beforeAll(() => {
  const routes = JSON.parse(fs.readFileSync(path.join(DIST_DIR, '_routes.json'), 'utf8')) as { path: string; noIndex: boolean }[];
  pages = routes.map((route) => {
    const file = path.join(DIST_DIR, route.path === '/' ? 'index.html' : `${route.path.slice(1)}.html`);
    const html = fs.readFileSync(file, 'utf8');
    const data = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    return { ...route, data };
  });
});

const typesOf = (page: Page) => page.data.map((d) => d['@type']);

describe('structured data', () => {
  it('gives every indexable page but home a BreadcrumbList', () => {
    const without = pages.filter((p) => !p.noIndex && p.path !== '/' && !typesOf(p).includes('BreadcrumbList'));
    expect(without.map((p) => p.path)).toEqual([]);
  });

  it('names the place each location page serves as the RoofingContractor areaServed', () => {
    const locations = pages.filter((p) => p.path.startsWith('/locations/'));
    expect(locations.length).toBeGreaterThan(15);
    for (const page of locations) {
      const business = page.data.find((d) => d['@type'] === 'RoofingContractor');
      expect(business, page.path).toBeDefined();
      expect(business!.areaServed, page.path).toMatchObject({
        '@type': 'Place',
        containedInPlace: { '@type': 'AdministrativeArea' },
      });
    }
  });

  it('gives no street address while the street is a placeholder', () => {
    const placeholder = listPlaceholders().some((p) => p.field === 'address.street');
    const businesses = pages.flatMap((p) => p.data.filter((d) => d['@type'] === 'RoofingContractor'));
    expect(businesses.length).toBeGreaterThan(0);
    for (const business of businesses) {
      const address = business.address as Record<string, unknown>;
      if (placeholder) expect(address.streetAddress).toBeUndefined();
      else expect(address.streetAddress).toBe(site.address.street);
      expect(address.postalCode).toBe(site.address.zip);
    }
  });

  it('places the service radius at the office ZIP with a latitude and a longitude', () => {
    const home = pages.find((p) => p.path === '/')!;
    const business = home.data.find((d) => d['@type'] === 'RoofingContractor');
    expect(business?.areaServed).toMatchObject({
      '@type': 'GeoCircle',
      geoMidpoint: {
        '@type': 'GeoCoordinates',
        postalCode: site.address.zip,
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      },
    });
  });

  it('links no social profile the owner has not given: a placeholder would tie the business to a stranger', () => {
    const placeholders = new Set<string | undefined>(
      listPlaceholders()
        .filter((p) => p.field.startsWith('social.'))
        .map((p) => site.social.find((s) => `social.${s.name}` === p.field)?.url),
    );
    const linked = pages.flatMap((p) =>
      p.data.filter((d) => d['@type'] === 'RoofingContractor').flatMap((d) => (d.sameAs as string[] | undefined) ?? []),
    );
    expect(linked.filter((url) => placeholders.has(url))).toEqual([]);
    expect(linked.filter((url) => /\bexample\b/.test(url))).toEqual([]);
  });

  it('describes every article as a BlogPosting by the business, with both dates', () => {
    const articles = pages.filter((p) => /^\/blog\/(?!category\/)[^/]+$/.test(p.path));
    expect(articles.length).toBeGreaterThan(30);
    for (const page of articles) {
      const post = page.data.find((d) => d['@type'] === 'BlogPosting');
      expect(post, page.path).toMatchObject({
        author: { '@type': 'Organization', name: site.name },
        datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    }
  });

  it('puts FAQ markup only on /faq and the service pages, where Google may still show it', () => {
    const elsewhere = pages
      .filter((p) => typesOf(p).includes('FAQPage'))
      .map((p) => p.path)
      .filter((path) => path !== '/faq' && !path.startsWith('/services/'));
    expect(elsewhere).toEqual([]);
    expect(pages.find((p) => p.path === '/faq')?.data.map((d) => d['@type'])).toContain('FAQPage');
  });

  it('prints FAQ answers with their tokens replaced', () => {
    const faqPages = pages.filter((p) => typesOf(p).includes('FAQPage'));
    expect(faqPages.length).toBeGreaterThan(10);
    const raw = faqPages.filter((p) => JSON.stringify(p.data).includes('{{')).map((p) => p.path);
    expect(raw).toEqual([]);
  });
});
