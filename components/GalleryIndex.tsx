import { Fragment } from 'react';
import type { FilterKind, GalleryFilter, GalleryProject } from '../content/layer/gallery.ts';
import { GALLERY_URL } from '../lib/urls.ts';
import CtaBand from './CtaBand.tsx';
import PageHeader, { type Crumb } from './PageHeader.tsx';
import { usePage } from './page-context.ts';
import Prose from './Prose.tsx';
import WorkCard from './WorkCard.tsx';
import { useSheet } from './page-sheets.ts';

/** The filter groups in the order the gallery shows them, with their labels. */
const FILTER_KINDS: readonly [FilterKind, string][] = [
  ['service', 'By service'],
  ['location', 'By area'],
];

interface Props {
  title: string;
  lead: string;
  crumbs: Crumb[];
  /** The projects this page shows. */
  projects: GalleryProject[];
  /** Every filter value with projects, by kind: each links to its own page. */
  filters: { service: GalleryFilter[]; location: GalleryFilter[] };
  /** The gallery's own words (content/pages/gallery.md), the same on every gallery page. */
  about: { body: string; file: string };
  /** How many projects the whole gallery holds. */
  total: number;
}

/** "Showing 1 project: Metal Roofing." */
export function statusText(count: number, filterName?: string): string {
  const projects = `${count} ${count === 1 ? 'project' : 'projects'}`;
  return filterName ? `Showing ${projects}: ${filterName}.` : `Showing all ${projects}.`;
}

/**
 * The gallery and each of its filter pages share this body. Without JavaScript
 * every filter is a link to its own static page; with it, client/behaviours/
 * gallery-filter.ts swaps the header and the list in place and keeps the URL.
 */
export default function GalleryIndex({ title, lead, crumbs, projects, filters, about, total }: Props) {
  useSheet('gallery');
  const { path } = usePage();
  const current = [...filters.service, ...filters.location].find((f) => f.path === path);
  const pill = (href: string, text: string, count: number) => (
    <li key={href}>
      <a href={href} aria-current={path === href ? 'page' : undefined}>
        {text} <span className="pill-count">({count})</span>
      </a>
    </li>
  );
  return (
    <>
      <PageHeader title={title} lead={lead} crumbs={crumbs} />
      <div className="container section gallery">
        <Prose markdown={about.body} file={about.file} />
        <nav className="gallery-filters" aria-label="Filter projects" data-gallery-filters="">
          <ul className="pill-list">{pill(GALLERY_URL, 'All projects', total)}</ul>
          {FILTER_KINDS.map(([kind, label]) => (
            <Fragment key={kind}>
              <p className="filter-label" id={`filter-${kind}`}>
                {label}
              </p>
              <ul className="pill-list" aria-labelledby={`filter-${kind}`}>
                {filters[kind].map((f) => pill(f.path, f.name, f.count))}
              </ul>
            </Fragment>
          ))}
        </nav>
        <p id="gallery-status" className="meta-line" role="status">
          {statusText(projects.length, current?.name)}
        </p>
        <ul className="work-grid" id="gallery-projects" data-gallery="">
          {projects.map((p) => (
            <WorkCard key={p.slug} project={p} />
          ))}
        </ul>
        <CtaBand heading="Want to see work like yours?" />
      </div>
    </>
  );
}
