import type { ReactNode } from 'react';
import CtaBand from './CtaBand.tsx';
import FaqList from './FaqList.tsx';
import PageHeader, { type Crumb } from './PageHeader.tsx';
import Prose from './Prose.tsx';

interface Props {
  title: string;
  lead?: string;
  crumbs?: Crumb[];
  body: string;
  file: string;
  faqs?: { q: string; a: string }[];
  /** Shown beside the text on wide screens, below it on narrow ones. */
  aside?: ReactNode;
  /** Shown after the text, before the FAQ. */
  after?: ReactNode;
  before?: ReactNode;
}

/** A page made of one Markdown entry: header, text, optional aside and FAQ, call to action. */
export default function ContentPage({ title, lead, crumbs, body, file, faqs, aside, after, before }: Props) {
  return (
    <>
      <PageHeader title={title} lead={lead} crumbs={crumbs} />
      <div className="container section with-aside">
        <div>
          {before}
          <Prose markdown={body} file={file} />
          {after}
          {faqs?.length ? <FaqList faqs={faqs} file={file} /> : null}
          <CtaBand />
        </div>
        {aside ? <aside aria-label="Related">{aside}</aside> : null}
      </div>
    </>
  );
}
