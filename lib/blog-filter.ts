import { categorySlug } from './urls.ts';

/**
 * `/blog` takes an optional `category` query parameter: which category a
 * `?category=` names and what the list's status line says, shared by the server
 * (which answers `/blog?category=…` already filtered) and the browser (which
 * filters in place when a topic chip is chosen), so both say the same.
 */

/** The category `param` names, by its name or its slug; undefined when none does. */
export function findCategory(categories: readonly string[], param: string): string | undefined {
  return categories.find((c) => c === param || categorySlug(c) === categorySlug(param));
}

/** How much of an unknown `?category=` the status line repeats. */
const MAX_ECHOED = 60;

/** The status line under the chips: empty on the plain list unless a change is being announced. */
export function blogFilterStatus(param: string | null, wanted: string | undefined, shown: number, announce: boolean): string {
  if (param && param.length > MAX_ECHOED) param = `${param.slice(0, MAX_ECHOED)}…`;
  const articles = `${shown} ${shown === 1 ? 'article' : 'articles'}`;
  if (param && !wanted) return `There is no category called “${param}”; showing all articles.`;
  if (wanted) return `Showing ${articles} in ${wanted}.`;
  return announce ? `Showing all ${articles}.` : '';
}
