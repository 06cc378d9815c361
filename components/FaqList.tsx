import { usePage } from './page-context.ts';

interface Props {
  faqs: { q: string; a: string }[];
  heading?: string;
  /** File the questions come from, for token errors. */
  file: string;
}

/** Questions as native disclosures: readable and operable without JavaScript. */
export default function FaqList({ faqs, heading = 'Frequently asked questions', file }: Props) {
  const { replaceTokens } = usePage();
  return (
    <section className="faq-list" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{heading}</h2>
      {faqs.map((f) => (
        <details key={f.q}>
          <summary>{replaceTokens(f.q, file)}</summary>
          <p>{replaceTokens(f.a, file)}</p>
        </details>
      ))}
    </section>
  );
}
