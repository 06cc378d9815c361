import { resolveFaqs } from '../content/layer/tokens.ts';
import type { PageMeta } from '../components/meta.ts';
import type { Crumb } from '../components/PageHeader.tsx';
import { breadcrumbJsonLd, faqJsonLd, type JsonLd } from '../components/structured-data.ts';
import { getEntry, loadCollection, type CollectionData } from '../content/layer/content.ts';
import type { PageProps } from '../components/page-module.ts';

type Collection = 'services' | 'locations' | 'brands' | 'landings';

/** The front matter every collection with its own pages shares. */
interface ContentFields {
  h1?: string;
  title: string;
  summary: string;
  faqs?: { q: string; a: string }[];
  sources?: string[];
}

interface Options<C extends Collection> {
  /** Ancestors of every page of the collection, home first. */
  crumbs: Crumb[];
  /** The page's own breadcrumb name. */
  crumbName: (data: CollectionData<C>) => string;
  /** Structured data besides the breadcrumb and FAQ. */
  structuredData?: (data: CollectionData<C>, props: PageProps) => JsonLd[];
}

/**
 * The route exports of a `[slug].tsx` page whose instances are one collection's
 * Markdown files: its slugs, its source files and its metadata (title,
 * description, keywords, breadcrumb and FAQ structured data).
 */
export function collectionPage<C extends Collection>(collection: C, options: Options<C>) {
  const entry = (slug: string) => getEntry(collection, slug);
  return {
    paths: (): string[] => loadCollection(collection).map((e) => e.slug),
    sources: ({ params }: PageProps): string[] => [entry(params.slug).file],
    meta: (props: PageProps): PageMeta => {
      const { data, file } = entry(props.params.slug);
      const base = data as CollectionData<C> & {
        title: string;
        description: string;
        keywords?: string[];
        faqs?: { q: string; a: string }[];
      };
      return {
        title: base.title,
        description: base.description,
        keywords: base.keywords,
        structuredData: [
          ...(options.structuredData?.(data, props) ?? []),
          breadcrumbJsonLd(props.siteUrl, [...options.crumbs, { name: options.crumbName(data), path: props.path }]),
          // FAQ markup only where Google may still show it for a business: the FAQ page and the service pages.
          ...(collection === 'services' && base.faqs?.length ? [faqJsonLd(resolveFaqs(base.faqs, file))] : []),
        ],
      };
    },
    entry,
    crumbs: options.crumbs,
    /** The ContentPage props every page of the collection passes the same way, from its entry. */
    contentProps: (slug: string) => {
      const { data, body, file } = entry(slug);
      const base = data as CollectionData<C> & ContentFields;
      const { h1, title, summary: lead, faqs, sources } = base;
      return { title: h1 ?? title, lead, crumbs: options.crumbs, body, file, faqs, sources };
    },
  };
}
