import { SEARCH_FALLBACK_URL } from '../lib/urls.ts';
import { useSheet } from './page-sheets.ts';

interface Props {
  /** Unique on the page: the input's id is built from it. */
  id?: string;
  label?: string;
}

/**
 * A search box whose code loads on intent (focus or a key
 * in it; client/behaviours/search-intent.ts). Without JavaScript it is a plain form
 * to the site map, which the server answers with the results above its list of every
 * page (server/site/search-page.ts).
 */
export default function SearchBox({ id = 'site-search', label = 'Search the site' }: Props) {
  useSheet('search');
  return (
    <form
      className="site-search"
      role="search"
      aria-labelledby={`${id}-label`}
      action={SEARCH_FALLBACK_URL}
      method="get"
      data-site-search=""
    >
      <label id={`${id}-label`} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="site-search-row">
        <input
          id={`${id}-input`}
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. hurricane, gutters, metal roof"
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      <p id={`${id}-hint`} className="site-search-hint">
        Or browse every page on the <a href={SEARCH_FALLBACK_URL}>site map</a>.
      </p>
      <p className="site-search-status" role="status" data-search-status="" />
      <ol className="site-search-results" data-search-results="" hidden />
      <button type="button" className="btn btn-outline site-search-more" data-search-more="" hidden>
        Show more
      </button>
    </form>
  );
}
