import { CONSULTATION_URL } from '../lib/urls.ts';
import ArticleCard, { type BlogTeaser } from './ArticleCard.tsx';
import HomeSection from './HomeSection.tsx';

interface Props {
  teasers: readonly BlogTeaser[];
  /** How many guides the blog holds, as the site states it ("30+"). */
  guides: string;
}

/** The home page's newest articles and the way to the blog. */
export default function LatestArticles({ teasers, guides }: Props) {
  return (
    <HomeSection id="blog-title" title="From the blog">
      <ul className="card-grid">
        {teasers.map((t) => (
          <ArticleCard key={t.path} teaser={t} headingLevel={3} />
        ))}
      </ul>
      <p>
        <a href="/blog">All {guides} guides</a> · <a href={CONSULTATION_URL}>Ask us a question</a>
      </p>
    </HomeSection>
  );
}
