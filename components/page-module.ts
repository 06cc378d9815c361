/**
 * The contract between the build and a file in pages/: the props every page is
 * rendered with and what the file exports. It sits beside PageMeta so that pages
 * describe themselves without importing build/.
 */
import type { ComponentType } from 'react';
import type { ServerPageRole } from '../lib/server-data.ts';
import type { PageMeta } from './meta.ts';

export interface PageProps {
  path: string;
  params: Record<string, string>;
  /** Absolute origin of the deployed site, for canonical and structured-data URLs. */
  siteUrl: string;
}

export interface Redirect {
  from: string;
  to: string;
}

/** What a file in pages/ exports: the page, its metadata and, for a `[param].tsx` page, its instances. */
export interface PageModule {
  default: ComponentType<PageProps>;
  meta(props: PageProps): PageMeta;
  /** For `[param].tsx` pages: every value of the parameter, from the content the page owns. */
  paths?(): string[];
  /** Old or alternative URLs of this page's instances that answer 301. */
  redirects?(): Redirect[];
  /** Content files the page is made from (relative to the root), for the sitemap's lastmod. */
  sources?(props: PageProps): string[];
  /** Rendered after every other page, with what they produced (the SEO pages). */
  renderLast?: boolean;
  /** The part the server plays in this page (lib/server-data.ts); it learns the path from the route list. */
  serverRole?: ServerPageRole;
  /** For `[param].tsx` pages whose instances the server completes, each instance's part. */
  serverRoleOf?(params: Record<string, string>): ServerPageRole;
}
