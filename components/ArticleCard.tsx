/** SPEC.md section 3 "Blog teaser": tag, title, description, path. */
export interface BlogTeaser {
  tag: string;
  title: string;
  description: string;
  path: string;
}

export default function ArticleCard({ teaser, headingLevel = 2 }: { teaser: BlogTeaser; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card" data-category={teaser.tag}>
      <span className="tag">{teaser.tag}</span>
      <Heading>
        <a className="card-link" href={teaser.path}>
          {teaser.title}
        </a>
      </Heading>
      <p>{teaser.description}</p>
    </li>
  );
}
