import Card from './Card.tsx';

/** What an article card shows: its category, title, description and link. */
export interface BlogTeaser {
  tag: string;
  title: string;
  description: string;
  path: string;
}

/** An article's teaser card; the blog's topic filter matches it by its category. */
export default function ArticleCard({ teaser, headingLevel = 2 }: { teaser: BlogTeaser; headingLevel?: 2 | 3 }) {
  const { tag, title, description, path } = teaser;
  return <Card tag={tag} category={tag} title={title} text={description} path={path} headingLevel={headingLevel} />;
}
