import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { usePage } from '../../components/page-context.ts';
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '../../components/structured-data.ts';
import { serviceUrl } from '../../components/urls.ts';
import { getEntry, loadCollection } from '../../build/content.ts';
import type { PageProps } from '../../build/routes.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Services', path: '/services' },
];

export function paths(): string[] {
  return loadCollection('services').map((e) => e.slug);
}

export function sources({ params }: PageProps): string[] {
  return [getEntry('services', params.slug).file];
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const { data } = getEntry('services', params.slug);
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    structuredData: [
      serviceJsonLd(siteUrl, { path, name: data.nav.label, description: data.description }),
      breadcrumbJsonLd(siteUrl, [...crumbs, { name: data.nav.label, path }]),
      ...(data.faqs?.length ? [faqJsonLd(data.faqs)] : []),
    ],
  };
}

export default function ServicePage({ params }: PageProps) {
  const entry = getEntry('services', params.slug);
  const { nav } = usePage();
  const related = nav.services.filter((s) => s.category === entry.data.category && s.path !== serviceUrl(entry.slug));
  return (
    <ContentPage
      title={entry.data.h1 ?? entry.data.title}
      lead={entry.data.summary}
      crumbs={crumbs}
      body={entry.body}
      file={entry.file}
      faqs={entry.data.faqs}
      aside={
        <>
          <LinkList heading={`More ${entry.data.category.toLowerCase()} services`} links={related} />
          <LinkList heading="Popular services" links={nav.popularServices.filter((s) => s.path !== serviceUrl(entry.slug))} />
        </>
      }
    />
  );
}
