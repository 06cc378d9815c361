interface Props {
  title: string;
  path: string;
  text: string;
  /** The small label over the title (an article's category, a location's county). */
  tag?: string;
  /** What the blog's topic filter matches the card by; left out where nothing filters. */
  category?: string;
  headingLevel?: 2 | 3;
}

/** One linked card of a card grid: its whole area follows the title's link (the card-link style). */
export default function Card({ title, path, text, tag, category, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card" data-category={category}>
      {tag ? <span className="tag">{tag}</span> : null}
      <Heading>
        <a className="card-link" href={path}>
          {title}
        </a>
      </Heading>
      <p>{text}</p>
    </li>
  );
}
