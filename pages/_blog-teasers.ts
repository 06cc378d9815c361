import { blogByDate } from '../content/layer/content.ts';
import type { BlogTeaser } from '../components/ArticleCard.tsx';
import { blogUrl } from '../lib/urls.ts';

/** Teasers for blog entries, newest first, optionally of one category. */
export function blogTeasers(category?: string): BlogTeaser[] {
  return blogByDate()
    .filter((e) => !category || e.data.category === category)
    .map((e) => ({ tag: e.data.category, title: e.data.title, description: e.data.excerpt, path: blogUrl(e.slug) }));
}
