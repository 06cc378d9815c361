import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import { usePage } from '../../components/page-context.ts';
import { blogUrl, brandUrl } from '../../lib/urls.ts';
import { loadCollection } from '../../content/layer/content.ts';
import type { PageProps } from '../../components/page-module.ts';
import { collectionPage } from '../_collection-page.ts';

const page = collectionPage('brands', {
  crumbs: [
    { name: 'Home', path: '/' },
    { name: 'Brands', path: '/brands' },
  ],
  crumbName: (data) => data.name,
});
export const { paths, sources, meta } = page;

export default function BrandPage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav } = usePage();
  const comparisons = loadCollection('blog')
    .filter((b) => /-vs-/.test(b.slug) && b.slug.split('-vs-').some((side) => side.replace(/-who-wins$/, '') === entry.slug))
    .map((b) => ({ name: b.data.title, path: blogUrl(b.slug) }));
  return (
    <ContentPage
      {...page.contentProps(entry.slug)}
      image={entry.data.image}
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
