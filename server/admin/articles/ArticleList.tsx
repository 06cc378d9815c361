import { ARTICLES_NEW_PATH } from './paths.ts';

export interface ArticleRowView {
  href: string;
  title: string;
  /** "Dec 3, 2026 · Storm Protection". */
  meta: string;
  /** "Draft, not published", "Yours", or nothing for the repository's. */
  state: string | null;
}

export interface ArticleListView {
  rows: ArticleRowView[];
  total: number;
  query: string;
  home: string;
  error: string | null;
}

/** /admin/articles: start a new article or storm update, find one, open it to edit. Newest first. */
export default function ArticleList({ rows, total, query, home, error }: ArticleListView) {
  return (
    <div className="articles-panel">
      {error ? (
        <p className="form-status form-status-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="article-new">
        <form method="post" action={ARTICLES_NEW_PATH}>
          <input type="hidden" name="kind" value="article" />
          <button type="submit" className="btn btn-primary">
            New article
          </button>
        </form>
        <form method="post" action={ARTICLES_NEW_PATH}>
          <input type="hidden" name="kind" value="storm" />
          <button type="submit" className="btn btn-outline">
            New storm update
          </button>
        </form>
      </div>
      <form method="get" action={home} role="search" className="leads-search article-search">
        <label htmlFor="article-search">Find an article</label>
        <input id="article-search" type="search" name="q" defaultValue={query} placeholder="Title, tag or category" />
        <button type="submit" className="btn btn-outline btn-small">
          Search
        </button>
      </form>
      <p className="article-count">
        {query ? `${rows.length} of ${total} articles match “${query}”.` : `${total} articles, newest first.`}
        {query ? (
          <>
            {' '}
            <a href={home}>Show all</a>
          </>
        ) : null}
      </p>
      <ol className="admin-list article-list">
        {rows.map((row) => (
          <li key={row.href}>
            <a href={row.href}>{row.title}</a>
            <p>
              {row.meta}
              {row.state ? <strong className="article-state"> · {row.state}</strong> : null}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
