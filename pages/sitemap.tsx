import type { PageMeta } from '../components/meta.ts';
import { breadcrumbJsonLd } from '../components/structured-data.ts';
import type { PageProps } from '../components/page-module.ts';
import Links from '../components/Links.tsx';
import PageHeader from '../components/PageHeader.tsx';
import { usePage } from '../components/page-context.ts';
import { useSheet } from '../components/page-sheets.ts';
import type { ServerPageRole } from '../lib/server-data.ts';

/** Without JavaScript the search box leads here, and the server answers `?q=…` with the results (server/site/search-page.ts). */
export const serverRole: ServerPageRole = 'site-search';

/** Rendered after the other pages, so it lists each with its real title. */
export const renderLast = true;

export function meta({ path, siteUrl }: PageProps): PageMeta {
  return {
    title: 'Site Map: Every Page on Our Website',
    description:
      'Every page of our website in one list: services, service areas, shingle brands, roofing guides and company pages.',
    structuredData: breadcrumbJsonLd(siteUrl, [
      { name: 'Home', path: '/' },
      { name: 'Site map', path },
    ]),
  };
}

const GROUPS: { name: string; test: (path: string) => boolean }[] = [
  { name: 'Services', test: (p) => p.startsWith('/services') },
  { name: 'Areas we serve', test: (p) => p.startsWith('/locations') },
  { name: 'Shingle brands', test: (p) => p.startsWith('/brands') },
  { name: 'Blog topics', test: (p) => p.startsWith('/blog/category') || p === '/blog' },
  { name: 'Roofing guides', test: (p) => p.startsWith('/blog/') },
  { name: 'Company and guides', test: () => true },
];

/** The human-readable site map, derived from the route list. */
export default function SitemapPage() {
  const pages = usePage()
    .analyses.filter((a) => !a.noIndex)
    .sort((a, b) => a.title.localeCompare(b.title));
  const placed = new Set<string>();
  useSheet('search');
  return (
    <>
      <PageHeader title="Site map" crumbs={[{ name: 'Home', path: '/' }]} lead={`All ${pages.length + 1} pages of the site.`} />
      <div data-slot="search-results" />
      <div className="container section sitemap-groups">
        {GROUPS.map((group) => {
          const members = pages.filter((p) => !placed.has(p.path) && group.test(p.path));
          members.forEach((m) => placed.add(m.path));
          if (!members.length) return null;
          return (
            <section key={group.name} aria-labelledby={`sm-${group.name.replace(/\W+/g, '-')}`}>
              <h2 id={`sm-${group.name.replace(/\W+/g, '-')}`}>{group.name}</h2>
              <Links links={members.map((m) => ({ name: m.title, path: m.path }))} />
            </section>
          );
        })}
      </div>
    </>
  );
}
