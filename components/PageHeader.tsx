import type { ReactNode } from 'react';
import { useSheet } from './page-sheets.ts';

export interface Crumb {
  name: string;
  path: string;
}

interface Props {
  title: string;
  lead?: ReactNode;
  /** Ancestors of this page, home first; the page itself is added as the last crumb. */
  crumbs?: Crumb[];
  children?: ReactNode;
}

/** The page's single h1 with breadcrumbs and an optional lead paragraph. */
export default function PageHeader({ title, lead, crumbs, children }: Props) {
  useSheet('inner');
  return (
    <div className="page-header">
      <div className="container">
        {crumbs?.length ? (
          <nav className="breadcrumbs" aria-label="Breadcrumb">
            <ol>
              {crumbs.map((c) => (
                <li key={c.path}>
                  <a href={c.path}>{c.name}</a>
                </li>
              ))}
              <li>
                <span aria-current="page">{title}</span>
              </li>
            </ol>
          </nav>
        ) : null}
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
