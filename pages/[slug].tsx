import RoofCostEstimator from '../client/islands/RoofCostEstimator.tsx';
import ContentPage from '../components/ContentPage.tsx';
import { roofPriceBook } from '../components/estimator-data.ts';
import Island from '../components/Island.tsx';
import RoofCostTable from '../components/RoofCostTable.tsx';
import type { ReactNode } from 'react';
import LinkList from '../components/LinkList.tsx';
import { usePage } from '../components/page-context.ts';
import { office } from '../content/site.ts';
import SearchBox from '../components/SearchBox.tsx';
import { SEARCH_BOX_PATHS } from '../lib/urls.ts';
import type { PageProps } from '../components/page-module.ts';
import { collectionPage } from './_collection-page.ts';

/** Top-level landing and guide pages from content/landings/. */
const page = collectionPage('landings', {
  crumbs: [{ name: 'Home', path: '/' }],
  crumbName: (data) => data.h1 ?? data.title,
});
export const { paths, sources, meta } = page;

/**
 * Interactive parts some landing pages carry before and after their text: the
 * roof cost estimator, and its ranges as a table for reading without
 * JavaScript, both from the same prices.
 */
const TOOLS: Record<string, { before: () => ReactNode; after: () => ReactNode }> = {
  'savannah-roof-cost': {
    before: () => (
      <Island
        of={RoofCostEstimator}
        props={{ prices: roofPriceBook(), contactPath: '/contact', tableId: 'roof-cost-table', phone: office.phone }}
      />
    ),
    after: () => <RoofCostTable id="roof-cost-table" prices={roofPriceBook()} />,
  },
};

export default function LandingPage({ params }: PageProps) {
  const entry = page.entry(params.slug);
  const { nav, path } = usePage();
  const tools = TOOLS[params.slug];
  const search = SEARCH_BOX_PATHS.includes(path) ? <SearchBox /> : null;
  return (
    <ContentPage
      {...page.contentProps(entry.slug)}
      image={entry.data.image}
      before={
        search || tools ? (
          <>
            {search}
            {tools?.before()}
          </>
        ) : undefined
      }
      after={tools?.after()}
      aside={
        <>
          <LinkList heading="Popular services" links={nav.popularServices} />
          <LinkList heading="Roofing guides by topic" links={nav.topics} />
        </>
      }
    />
  );
}
