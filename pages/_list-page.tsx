import type { ReactNode } from 'react';
import CtaBand from '../components/CtaBand.tsx';
import PageHeader from '../components/PageHeader.tsx';
import Prose from '../components/Prose.tsx';
import { getEntry } from '../content/layer/content.ts';
import { contentPage } from './_content-page.tsx';

/** A collection's index page: intro from content/pages/<name>.md, then the list. */
export function listPage(name: string, list: () => ReactNode) {
  const entry = () => getEntry('pages', name);
  const content = contentPage(name);
  return {
    sources: content.sources,
    meta: content.meta,
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
