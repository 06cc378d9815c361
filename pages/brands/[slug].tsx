import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { usePage } from '../../components/page-context.ts';
import { breadcrumbJsonLd, faqJsonLd } from '../../components/structured-data.ts';
import { blogUrl, brandUrl } from '../../components/urls.ts';
import { getEntry, loadCollection } from '../../build/content.ts';
import type { PageProps } from '../../build/routes.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Brands', path: '/brands' },
];

export function paths(): string[] {
  return loadCollection('brands').map((e) => e.slug);
}

export function sources({ params }: PageProps): string[] {
  return [getEntry('brands', params.slug).file];
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const { data } = getEntry('brands', params.slug);
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    structuredData: [
      breadcrumbJsonLd(siteUrl, [...crumbs, { name: data.name, path }]),
      ...(data.faqs?.length ? [faqJsonLd(data.faqs)] : []),
    ],
  };
}

export default function BrandPage({ params }: PageProps) {
  const entry = getEntry('brands', params.slug);
  const { nav } = usePage();
  const comparisons = loadCollection('blog')
    .filter((b) => /-vs-/.test(b.slug) && b.slug.split('-vs-').some((side) => side.replace(/-who-wins$/, '') === entry.slug))
    .map((b) => ({ name: b.data.title, path: blogUrl(b.slug) }));
  return (
    <ContentPage
      title={entry.data.h1 ?? entry.data.title}
      lead={entry.data.summary}
      crumbs={crumbs}
      body={entry.body}
      file={entry.file}
      faqs={entry.data.faqs}
      before={
        entry.data.products.length ? (
          <div className="aside-box">
            <h2>{entry.data.name} product lines we discuss</h2>
            <ul>
              {entry.data.products.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null
      }
      aside={
        <>
          <LinkList heading="Comparison guides" links={comparisons} />
          <LinkList heading="Other brands" links={nav.brands.filter((b) => b.path !== brandUrl(entry.slug))} />
        </>
      }
    />
  );
}
