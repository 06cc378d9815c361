import ArticleCard, { type BlogTeaser } from './ArticleCard.tsx';
import CtaBand from './CtaBand.tsx';
import PageHeader from './PageHeader.tsx';
import { usePage } from './page-context.ts';
import SearchBox from './SearchBox.tsx';
import { SEARCH_BOX_PATHS } from '../lib/urls.ts';

interface Props {
  title: string;
  lead: string;
  /** The category this list is of; the whole blog when absent. */
  category?: string;
  /** The articles it lists, newest first. */
  teasers: BlogTeaser[];
}

/** The blog list and each category's list share this page body. */
export default function BlogIndex({ title, lead, category, teasers }: Props) {
  const { nav, path } = usePage();
  return (
    <>
      <PageHeader
        title={title}
        lead={lead}
        crumbs={
          category
            ? [
                { name: 'Home', path: '/' },
                { name: 'Blog', path: '/blog' },
              ]
            : [{ name: 'Home', path: '/' }]
        }
      >
        {/* In the header, above the topics, so that a phone's first screen shows the h1 and the box. */}
        {SEARCH_BOX_PATHS.includes(path) ? <SearchBox label="Search the guides and the site" /> : null}
        <nav aria-label="Blog topics">
          <ul className="pill-list">
            <li>
              <a href="/blog" aria-current={path === '/blog' ? 'page' : undefined}>
                All ({nav.topics.reduce((n, t) => n + t.count, 0)})
              </a>
            </li>
            {nav.topics.map((t) => (
              <li key={t.path}>
                <a href={t.path} aria-current={path === t.path ? 'page' : undefined}>
                  {t.name} ({t.count})
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>
      <div className="container section">
        <p id="blog-filter-status" role="status" className="meta-line" />
        <ul className="card-grid" id="articles" data-filterable={category ? undefined : ''}>
          {teasers.map((t) => (
            <ArticleCard key={t.path} teaser={t} />
          ))}
        </ul>
        <CtaBand heading="Have a question the guides don't answer?" />
      </div>
    </>
  );
}
