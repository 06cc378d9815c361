import BlogIndex from '../../../components/BlogIndex.tsx';
import type { PageMeta } from '../../../components/meta.ts';
import { breadcrumbJsonLd } from '../../../components/structured-data.ts';
import { categorySlug } from '../../../lib/urls.ts';
import { BLOG_CATEGORIES } from '../../../content/schema.ts';
import { getNavData } from '../../../content/layer/site-data.ts';
import type { PageProps } from '../../../components/page-module.ts';
import { blogTeasers } from '../../_blog-teasers.ts';

/** Each category has its own static, indexable page. */
export function paths(): string[] {
  return BLOG_CATEGORIES.map(categorySlug);
}

function topicFor(slug: string) {
  const topic = getNavData().topics.find((t) => categorySlug(t.name) === slug);
  if (!topic) throw new Error(`no blog category "${slug}"`);
  return topic;
}

export function meta({ path, params, siteUrl }: PageProps): PageMeta {
  const topic = topicFor(params.category);
  return {
    title: `${topic.name}: Roofing Guides for Savannah`,
    description: `${topic.count} guides on ${topic.name.toLowerCase()} for Savannah and coastal Georgia homes. ${topic.description}`,
    structuredData: breadcrumbJsonLd(siteUrl, [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
      { name: topic.name, path },
    ]),
  };
}

export default function BlogCategoryPage({ params }: PageProps) {
  const topic = topicFor(params.category);
  return (
    <BlogIndex title={`${topic.name} guides`} lead={topic.description} category={topic.name} teasers={blogTeasers(topic.name)} />
  );
}
