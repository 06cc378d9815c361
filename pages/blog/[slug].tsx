import {
  locationFor,
  matchingServices,
  readingTime,
  relatedArticles,
  tableOfContents,
  WORDS_PER_MINUTE,
} from '../../content/layer/article-aids.ts';
import ArticleCard from '../../components/ArticleCard.tsx';
import ArticleNext from '../../components/ArticleNext.tsx';
import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { usePage } from '../../components/page-context.ts';
import { useSheet } from '../../components/page-sheets.ts';
import { articleJsonLd, breadcrumbJsonLd } from '../../components/structured-data.ts';
import TableOfContents from '../../components/TableOfContents.tsx';
import { blogCategoryUrl, blogUrl, locationUrl, serviceUrl } from '../../lib/urls.ts';
import { getEntry, loadCollection } from '../../content/layer/content.ts';
import type { PageProps } from '../../components/page-module.ts';
import type { BlogFrontMatter } from '../../content/schema.ts';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Blog', path: '/blog' },
];

export function paths(): string[] {
  return loadCollection('blog').map((e) => e.slug);
}

export function sources({ params }: PageProps): string[] {
  return [getEntry('blog', params.slug).file];
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const { data, file } = getEntry('blog', params.slug);
  return {
    title: data.title,
    description: data.description,
    keywords: data.keywords ?? data.tags,
    ogTitle: data.title,
    structuredData: [
      articleJsonLd(siteUrl, {
        path,
        title: data.title,
        description: data.description,
        date: data.date,
        updated: data.updated,
      }),
      breadcrumbJsonLd(siteUrl, [
        ...crumbs,
        { name: data.category, path: blogCategoryUrl(data.category) },
        { name: data.title, path },
      ]),
    ],
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const numberFormat = new Intl.NumberFormat('en-US');

/** Every article's facts with its slug, made once per loaded collection rather than once per page. */
const articleFacts = new WeakMap<object, (BlogFrontMatter & { slug: string })[]>();

/** Everything an article leads to, chosen from its front matter (content/layer/article-aids.ts). */
function articleLinks(slug: string) {
  const { data } = getEntry('blog', slug);
  const entries = loadCollection('blog');
  let all = articleFacts.get(entries);
  if (!all) articleFacts.set(entries, (all = entries.map((e) => ({ ...e.data, slug: e.slug }))));
  const related = relatedArticles({ ...data, slug }, all).map((r) => ({
    tag: r.category,
    title: r.title,
    description: r.excerpt,
    path: blogUrl(r.slug),
  }));
  const services = matchingServices(
    { ...data, slug },
    loadCollection('services').map((e) => e.slug),
  ).map((s) => {
    const service = getEntry('services', s).data;
    return { name: service.nav.label, path: serviceUrl(s) };
  });
  const placeSlug = locationFor(
    { ...data, slug },
    loadCollection('locations').map((e) => ({ slug: e.slug, place: e.data.place })),
  );
  const place = placeSlug
    ? { name: `Roofing in ${getEntry('locations', placeSlug).data.place}`, path: locationUrl(placeSlug) }
    : undefined;
  return { related, services, place };
}

export default function ArticlePage({ params }: PageProps) {
  useSheet('article');
  const entry = getEntry('blog', params.slug);
  const { nav, headings } = usePage();
  const { data } = entry;
  const toc = tableOfContents(headings(entry.body, entry.file));
  const time = readingTime(entry.body);
  const { related, services, place } = articleLinks(entry.slug);
  return (
    <ContentPage
      title={data.h1 ?? data.title}
      lead={data.excerpt}
      crumbs={[...crumbs, { name: data.category, path: blogCategoryUrl(data.category) }]}
      body={entry.body}
      file={entry.file}
      faqs={data.faqs}
      sources={data.sources}
      image={data.image}
      before={
        <>
          <p className="meta-line">
            Published <time dateTime={data.date.toISOString().slice(0, 10)}>{dateFormat.format(data.date)}</time>
            {data.updated ? (
              <>
                {' '}
                · Updated <time dateTime={data.updated.toISOString().slice(0, 10)}>{dateFormat.format(data.updated)}</time>
              </>
            ) : null}{' '}
            · <a href={blogCategoryUrl(data.category)}>{data.category}</a> ·{' '}
            <span className="reading-time">
              {time.minutes} min read{' '}
              <span className="reading-method">
                ({numberFormat.format(time.words)} words at {WORDS_PER_MINUTE} a minute)
              </span>
            </span>
          </p>
          <TableOfContents items={toc} />
        </>
      }
      after={
        <>
          <ArticleNext services={services} place={place} />
          {related.length ? (
            <section aria-labelledby="related-heading">
              <h2 id="related-heading">Related articles</h2>
              <ul className="card-grid">
                {related.map((t) => (
                  <ArticleCard key={t.path} teaser={t} headingLevel={3} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      }
      aside={
        <>
          <LinkList heading="Browse by topic" links={nav.topics.map((t) => ({ name: `${t.name} (${t.count})`, path: t.path }))} />
          <LinkList heading="Popular services" links={nav.popularServices} />
        </>
      }
    />
  );
}
