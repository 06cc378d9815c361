import BlogIndex from '../../components/BlogIndex.tsx';
import type { PageMeta } from '../../components/meta.ts';
import { guidesClaim, getEntry } from '../../build/content.ts';

export function sources(): string[] {
  return [getEntry('pages', 'blog').file];
}

export function meta(): PageMeta {
  const { data } = getEntry('pages', 'blog');
  return { title: data.title, description: data.description, keywords: data.keywords };
}

export default function BlogPage() {
  const { data } = getEntry('pages', 'blog');
  return (
    <BlogIndex
      title={data.h1 ?? data.title}
      lead={`${guidesClaim()} guides written for Savannah-area homeowners. ${data.description}`}
    />
  );
}
