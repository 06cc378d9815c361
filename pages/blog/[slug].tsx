import { resolveFaqs } from '../../build/markdown.ts';
import ArticleCard from '../../components/ArticleCard.tsx';
import { blogTeasers } from '../../components/blog-teasers.ts';
import ContentPage from '../../components/ContentPage.tsx';
import LinkList from '../../components/LinkList.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { usePage } from '../../components/page-context.ts';
import { articleJsonLd, breadcrumbJsonLd, faqJsonLd } from '../../components/structured-data.ts';
import { blogCategoryUrl, blogUrl } from '../../lib/urls.ts';
import { getEntry, loadCollection } from '../../build/content.ts';
import type { PageProps } from '../../build/routes.ts';

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
      ...(data.faqs?.length ? [faqJsonLd(resolveFaqs(data.faqs, file))] : []),
    ],
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export default function ArticlePage({ params }: PageProps) {
  const entry = getEntry('blog', params.slug);
  const { nav } = usePage();
  const { data } = entry;
  const related = blogTeasers(data.category)
    .filter((t) => t.path !== blogUrl(entry.slug))
    .slice(0, 3);
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
        <p className="meta-line">
          Published <time dateTime={data.date.toISOString().slice(0, 10)}>{dateFormat.format(data.date)}</time>
          {data.updated ? (
            <>
              {' '}
              · Updated <time dateTime={data.updated.toISOString().slice(0, 10)}>{dateFormat.format(data.updated)}</time>
            </>
          ) : null}{' '}
          · <a href={blogCategoryUrl(data.category)}>{data.category}</a>
        </p>
      }
      after={
        related.length ? (
          <section aria-labelledby="related-heading">
            <h2 id="related-heading">Related guides</h2>
            <ul className="card-grid">
              {related.map((t) => (
                <ArticleCard key={t.path} teaser={t} headingLevel={3} />
              ))}
            </ul>
          </section>
        ) : null
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
