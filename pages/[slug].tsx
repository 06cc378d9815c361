import ContentPage from '../components/ContentPage.tsx';
import LinkList from '../components/LinkList.tsx';
import { usePage } from '../components/page-context.ts';
import SearchBox from '../components/SearchBox.tsx';
import { SEARCH_BOX_PATHS } from '../lib/urls.ts';
import type { PageProps } from '../build/routes.ts';
import { collectionPage } from './_collection-page.ts';

/** Top-level landing and guide pages from content/landings/ (SPEC.md section 2). */
const page = collectionPage('landings', {
  crumbs: [{ name: 'Home', path: '/' }],
  crumbName: (data) => data.h1 ?? data.title,
});
export const { paths, sources, meta } = page;

export default function LandingPage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav, path } = usePage();
  return (
    <ContentPage
      title={entry.data.h1 ?? entry.data.title}
      lead={entry.data.summary}
      crumbs={page.crumbs}
      body={entry.body}
      file={entry.file}
      faqs={entry.data.faqs}
      sources={entry.data.sources}
      image={entry.data.image}
      before={SEARCH_BOX_PATHS.includes(path) ? <SearchBox /> : undefined}
      aside={
        <>
          <LinkList heading="Popular services" links={nav.popularServices} />
          <LinkList heading="Roofing guides by topic" links={nav.topics} />
        </>
      }
    />
  );
}
