import type { ReactNode } from 'react';
import type { PageMeta } from '../components/meta.ts';
import PageHeader from '../components/PageHeader.tsx';

/** Internal pages are noindex and stay out of sitemap.xml. */
export function internalMeta(title: string, description: string): PageMeta {
  return { title, description, noIndex: true };
}

export function InternalLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} lead={lead} />
      <div className="container section">{children}</div>
    </>
  );
}
