import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRedirects, listRoutes, outputFor, routesOfEntry } from './routes.ts';

/**
 * The route list is pinned: a changed URL must change build/routes.snapshot.txt
 * in the same commit, so it is a reviewed change.
 */
const SNAPSHOT = path.join(import.meta.dirname, 'routes.snapshot.txt');

/** Every fixed route. */
const SPEC_ROUTES = [
  '/',
  '/about',
  '/services',
  '/gallery',
  '/contact',
  '/blog',
  '/financing',
  '/testimonials',
  '/faq',
  '/privacy-policy',
  '/savannah-roof-cost',
  '/appointment-scheduled',
  '/ai-drone-inspections',
  '/roofing-price-guide',
  '/roofing-installation-guide',
  '/roofing-expertise-center',
  '/best-roofer-savannah',
  '/hurricane-roof-preparation',
  '/sitemap',
  '/clear-cache',
  '/report-issue',
  '/seo-monitoring',
  '/seo-completion-checklist',
  '/brands',
  '/locations',
  '/admin',
  '/admin/login',
  '/professional-roofers-savannah',
  '/roof-coating-services-savannah',
  '/roofing-services-savannah',
  '/reliable-roofing-savannah',
  '/atlas-certified-roofing-savannah',
  '/atlas-roofing-products-savannah-ga',
  ...[
    'residential-roofing',
    'commercial-roofing',
    'flat-roofing',
    'metal-roofing',
    'roof-repairs',
    'roof-replacements',
    'storm-restoration',
    'seamless-gutters',
    'insurance-claims',
    'property-management',
    'emergency-roof-repair',
    'storm-damage-roof-repair',
    'roof-inspection',
    'multi-family-roofing',
    'skylight-installation',
    'church-roofing',
    'lightweight-roofing',
  ].map((s) => `/services/${s}`),
  ...['atlas', 'gaf', 'owens-corning', 'certainteed', 'tamko'].map((b) => `/brands/${b}`),
  ...['atlas-vs-gaf', 'atlas-vs-owens-corning', 'gaf-vs-certainteed', 'gaf-vs-owens-corning'].flatMap((c) => [
    `/blog/${c}`,
    `/blog/${c}-who-wins`,
  ]),
];

/** Both readings of a location URL: the canonical pages and the aliases that redirect to them. */
const LOCATION_CANONICAL = [
  'savannah',
  'pooler-roofing',
  'hinesville-roofing',
  'tybee-island-roofing',
  'richmond-hill-roofing',
  'rincon-roof-repair',
  'georgetown-roofing',
  'landings-roofing',
  'isle-of-hope-roofing',
  'midtown-savannah-roofing',
  'southside-savannah-roofing',
  'historic-district-savannah-roofing',
  'ardsley-park-roofing',
  'wilmington-island-roofing',
  'skidaway-island-roofing',
  'godley-station-pooler-roofing',
  'port-wentworth-roofing',
  'bloomingdale-roofing',
  'statesboro-roofing',
];
const LOCATION_REDIRECTS: Record<string, string> = {
  pooler: 'pooler-roofing',
  'tybee-island': 'tybee-island-roofing',
  hinesville: 'hinesville-roofing',
  'wilmington-island': 'wilmington-island-roofing',
  'ardlesly-park-roofing': 'ardsley-park-roofing',
};

describe('route list', () => {
  it('contains every fixed route of the spec', async () => {
    const paths = new Set((await listRoutes()).map((r) => r.path));
    for (const route of SPEC_ROUTES) expect(paths.has(route), route).toBe(true);
  });

  it('has about 95 articles and a static page per blog category', async () => {
    const routes = await listRoutes();
    const articles = routes.filter((r) => /^\/blog\/(?!category\/)[^/]+$/.test(r.path));
    expect(articles.length).toBeGreaterThanOrEqual(90);
    expect(articles.length).toBeLessThanOrEqual(100);
    expect(routes.filter((r) => r.path.startsWith('/blog/category/')).length).toBe(6);
  });

  it('resolves every location URL of both readings: canonical pages and 301s', async () => {
    const paths = new Set((await listRoutes()).map((r) => r.path));
    for (const slug of LOCATION_CANONICAL) expect(paths.has(`/locations/${slug}`), slug).toBe(true);
    const redirects = await listRedirects();
    for (const [from, to] of Object.entries(LOCATION_REDIRECTS)) {
      expect(redirects).toContainEqual({ from: `/locations/${from}`, to: `/locations/${to}` });
    }
  });

  it('matches the pinned list (update routes.snapshot.txt with a reviewed change)', async () => {
    const current = (await listRoutes()).map((r) => r.path).join('\n') + '\n';
    if (process.env.UPDATE_ROUTES === '1') fs.writeFileSync(SNAPSHOT, current);
    expect(current).toBe(fs.readFileSync(SNAPSHOT, 'utf8'));
  });

  it('maps URLs to dist files without trailing slashes', () => {
    expect(outputFor('/')).toBe('index.html');
    expect(outputFor('/services/roof-repairs')).toBe('services/roof-repairs.html');
  });
});

describe('the routes of one collection entry (the dev server renders them first after an edit)', () => {
  it('finds the page of an article, a service and a top-level landing page by slug', async () => {
    const routes = await listRoutes();
    expect(routesOfEntry(routes, 'blog', 'atlas-vs-gaf').map((r) => r.path)).toEqual(['/blog/atlas-vs-gaf']);
    expect(routesOfEntry(routes, 'services', 'roof-repairs').map((r) => r.path)).toEqual(['/services/roof-repairs']);
    const landing = routes.find((r) => r.file === path.join('pages', '[slug].tsx'))!;
    expect(routesOfEntry(routes, 'landings', landing.params.slug!).map((r) => r.path)).toEqual([landing.path]);
  });

  it('finds nothing for an entry without a page of its own', async () => {
    expect(routesOfEntry(await listRoutes(), 'blog', 'no-such-article')).toEqual([]);
  });
});
