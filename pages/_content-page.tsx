import { resolveFaqs } from '../content/layer/tokens.ts';
import type { ReactNode } from 'react';
import ContentPage from '../components/ContentPage.tsx';
import type { PageMeta } from '../components/meta.ts';
import { breadcrumbJsonLd, faqJsonLd } from '../components/structured-data.ts';
import { getEntry } from '../content/layer/content.ts';
import type { PageProps } from '../components/page-module.ts';

interface Options {
  /** Extra page metadata (noIndex and the like). */
  meta?: Partial<PageMeta>;
  before?: ReactNode;
  after?: ReactNode;
  aside?: ReactNode;
}

/** A page's metadata from its front matter, with a breadcrumb from home to the page. */
export function pageMeta(
  data: { title: string; description: string; keywords?: string[] },
  siteUrl: string,
  crumb: { name: string; path: string },
): PageMeta {
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords,
    structuredData: breadcrumbJsonLd(siteUrl, [{ name: 'Home', path: '/' }, crumb]),
  };
}

/** The exports of a fixed page whose words live in content/pages/<name>.md. */
export function contentPage(name: string, options: Options = {}) {
  const entry = () => getEntry('pages', name);
  return {
    sources: () => [entry().file],
    meta: ({ path, siteUrl }: PageProps): PageMeta => {
      const { data, file } = entry();
      return {
        title: data.title,
        description: data.description,
        keywords: data.keywords,
        structuredData: [
          breadcrumbJsonLd(siteUrl, [
            { name: 'Home', path: '/' },
            { name: data.h1 ?? data.title, path },
          ]),
          // FAQ markup only on /faq among these pages (the service pages carry their own).
          ...(name === 'faq' && data.faqs?.length ? [faqJsonLd(resolveFaqs(data.faqs, file))] : []),
        ],
        ...options.meta,
      };
    },
    Page: () => {
      const { data, body, file } = entry();
      return (
        <ContentPage
          title={data.h1 ?? data.title}
          crumbs={[{ name: 'Home', path: '/' }]}
          body={body}
          file={file}
          faqs={data.faqs}
          sources={data.sources}
          image={data.image}
          before={options.before}
          after={options.after}
          aside={options.aside}
        />
      );
    },
  };
}
