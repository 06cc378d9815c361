import type { ReactNode } from 'react';
import CtaBand from '../components/CtaBand.tsx';
import type { PageMeta } from '../components/meta.ts';
import PageHeader from '../components/PageHeader.tsx';
import Prose from '../components/Prose.tsx';
import { breadcrumbJsonLd } from '../components/structured-data.ts';
import { getEntry } from '../build/content.ts';
import type { PageProps } from '../build/routes.ts';

/** A collection's index page: intro from content/pages/<name>.md, then the list. */
export function listPage(name: string, list: () => ReactNode) {
  const entry = () => getEntry('pages', name);
  return {
    sources: () => [entry().file],
    meta: ({ path, siteUrl }: PageProps): PageMeta => {
      const { data } = entry();
      return {
        title: data.title,
        description: data.description,
        keywords: data.keywords,
        structuredData: breadcrumbJsonLd(siteUrl, [
          { name: 'Home', path: '/' },
          { name: data.h1 ?? data.title, path },
        ]),
      };
    },
    Page: () => {
      const { data, body, file } = entry();
      return (
        <>
          <PageHeader title={data.h1 ?? data.title} crumbs={[{ name: 'Home', path: '/' }]} />
          <div className="container section">
            <Prose markdown={body} file={file} />
            {list()}
            <CtaBand />
          </div>
        </>
      );
    },
  };
}
