import BlogIndex from '../../components/BlogIndex.tsx';
import type { PageMeta } from '../../components/meta.ts';
import type { ServerPageRole } from '../../lib/server-data.ts';
import { pageMeta } from '../_content-page.tsx';
import type { PageProps } from '../../components/page-module.ts';
import { guidesClaim, getEntry } from '../../content/layer/content.ts';
import { blogTeasers } from '../_blog-teasers.ts';

/** The server answers `/blog?category=…` with this page already filtered (server/site/blog-list.ts). */
export const serverRole: ServerPageRole = 'blog-list';

export function sources(): string[] {
  return [getEntry('pages', 'blog').file];
}

export function meta({ path, siteUrl }: PageProps): PageMeta {
  return pageMeta(getEntry('pages', 'blog').data, siteUrl, { name: 'Blog', path });
}

export default function BlogPage() {
  const { data } = getEntry('pages', 'blog');
  return (
    <BlogIndex
      title={data.h1 ?? data.title}
      lead={`${guidesClaim()} guides written for Savannah-area homeowners. ${data.description}`}
      teasers={blogTeasers()}
    />
  );
}
