import ContentPage from '../components/ContentPage.tsx';
import LinkList from '../components/LinkList.tsx';
import type { PageMeta } from '../components/meta.ts';
import { usePage } from '../components/page-context.ts';
import { breadcrumbJsonLd, faqJsonLd } from '../components/structured-data.ts';
import { getEntry, loadCollection } from '../build/content.ts';
import type { PageProps } from '../build/routes.ts';

/** Top-level landing and guide pages from content/landings/ (SPEC.md section 2). */
export function paths(): string[] {
  return loadCollection('landings').map((e) => e.slug);
}

export function sources({ params }: PageProps): string[] {
  return [getEntry('landings', params.slug).file];
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const { data } = getEntry('landings', params.slug);
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    structuredData: [
      breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: '/' },
        { name: data.h1 ?? data.title, path },
      ]),
      ...(data.faqs?.length ? [faqJsonLd(data.faqs)] : []),
    ],
  };
}

export default function LandingPage({ params }: PageProps) {
  const entry = getEntry('landings', params.slug);
  const { nav } = usePage();
  return (
    <ContentPage
      title={entry.data.h1 ?? entry.data.title}
      lead={entry.data.summary}
      crumbs={[{ name: 'Home', path: '/' }]}
      body={entry.body}
      file={entry.file}
      faqs={entry.data.faqs}
      aside={
        <>
          <LinkList heading="Popular services" links={nav.popularServices} />
          <LinkList heading="Roofing guides by topic" links={nav.topics} />
        </>
      }
    />
  );
}
