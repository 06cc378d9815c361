import type { ReactNode } from 'react';
import CtaBand from './CtaBand.tsx';
import FaqList from './FaqList.tsx';
import PageHeader, { type Crumb } from './PageHeader.tsx';
import PageFigure from './PageFigure.tsx';
import Prose from './Prose.tsx';
import SourceList from './SourceList.tsx';
import { citedSources } from '../content/figures.ts';
import type { SourceId } from '../content/sources.ts';
import { useSheet } from './page-sheets.ts';

interface Props {
  title: string;
  lead?: string;
  crumbs?: Crumb[];
  body: string;
  file: string;
  faqs?: { q: string; a: string }[];
  /** The front matter's illustration (or the photo that replaced it), shown above the text. */
  image?: { src: string; alt: string };
  /** The front matter's `sources`; the sources of figures the page prints are added. */
  sources?: readonly SourceId[];
  /** Shown beside the text on wide screens, below it on narrow ones. */
  aside?: ReactNode;
  /** Shown after the text, before the FAQ. */
  after?: ReactNode;
  before?: ReactNode;
}

/** A page made of one Markdown entry: header, text, optional aside and FAQ, call to action. */
export default function ContentPage({ title, lead, crumbs, body, file, faqs, image, sources = [], aside, after, before }: Props) {
  useSheet('inner');
  const cited = citedSources(sources, [body, ...(faqs ?? []).flatMap((f) => [f.q, f.a])], file);
  return (
    <>
      <PageHeader title={title} lead={lead} crumbs={crumbs} />
      <div className="container section with-aside">
        <div>
          {image ? <PageFigure src={image.src} alt={image.alt} /> : null}
          {before}
          <Prose markdown={body} file={file} />
          {after}
          {faqs?.length ? <FaqList faqs={faqs} file={file} /> : null}
          <SourceList ids={cited} />
          <CtaBand />
        </div>
        {aside ? <aside aria-label="Related">{aside}</aside> : null}
      </div>
    </>
  );
}
