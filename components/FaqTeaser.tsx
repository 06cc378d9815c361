import FaqList from './FaqList.tsx';
import { SOURCES_HEADING_ID } from './SourceList.tsx';

/** The first questions of /faq, with the way to the rest and to where the answers come from. */
export default function FaqTeaser({ faqs, file }: { faqs?: { q: string; a: string }[]; file: string }) {
  return (
    <div className="section" data-section="">
      <div className="container prose">
        {faqs ? <FaqList faqs={faqs} file={file} /> : null}
        <p>
          <a href="/faq">More questions and answers</a> · <a href={`/faq#${SOURCES_HEADING_ID}`}>Where these answers come from</a>
        </p>
      </div>
    </div>
  );
}
