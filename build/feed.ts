import { Feed } from 'feed';
import { site } from '../content/site.ts';
import { absoluteUrl, blogCategoryUrl, blogUrl, categorySlug, FEED_URL } from '../lib/urls.ts';
import { blogByDate } from '../content/layer/content.ts';

/**
 * The blog as an Atom feed, every article newest first, written by
 * the `feed` library: each entry with its published and updated dates, its
 * category and its summary, and the business as author.
 */
export function blogFeed(siteUrl: string): string {
  const articles = blogByDate();
  const home = absoluteUrl(siteUrl, '/');
  const author = { name: site.name, link: home };
  const categoryScheme = absoluteUrl(siteUrl, blogCategoryUrl('')); // …/blog/category/
  const feed = new Feed({
    id: absoluteUrl(siteUrl, '/blog'),
    title: `${site.name}: roofing guides`,
    description: `Guides for Savannah-area homeowners from ${site.name}.`,
    link: absoluteUrl(siteUrl, '/blog'),
    language: 'en',
    feedLinks: { atom: absoluteUrl(siteUrl, FEED_URL) },
    author,
    copyright: `${site.name}`,
    updated: articles.reduce((latest, a) => {
      const at = a.data.updated ?? a.data.date;
      return at > latest ? at : latest;
    }, new Date(0)),
  });
  for (const article of articles) {
    const url = absoluteUrl(siteUrl, blogUrl(article.slug));
    feed.addItem({
      id: url,
      link: url,
      title: article.data.title,
      description: article.data.excerpt,
      date: article.data.updated ?? article.data.date,
      published: article.data.date,
      // Atom requires a category's term (RFC 4287 section 4.2.2): its slug, which names its page under the scheme.
      // The library writes `name` as the label.
      category: [{ term: categorySlug(article.data.category), name: article.data.category, scheme: categoryScheme }],
      author: [author],
    });
  }
  return feed.atom1();
}
