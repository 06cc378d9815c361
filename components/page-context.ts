import { createContext, useContext } from 'react';
import type { ImageManifest, ProcessedImage } from '../build/images.ts';
import type { NavData } from '../build/site-data.ts';
import type { PageSheet } from './page-sheets.ts';

export interface BuiltAssets {
  /** The site stylesheet, minified, written inline in every public page's head (issue 11). */
  inlineCss: string;
  /** Stylesheets only some pages need, inlined after the site's into those pages (components/page-sheets.ts). */
  sheets: Record<PageSheet, string>;
  /** Root-relative URLs of the deferred sheets' files (DEFERRED_SHEETS in components/page-sheets.ts). */
  sheetFiles: Partial<Record<PageSheet, string>>;
  /** Root-relative URL of the browser entry (the island loader). */
  entry: string;
  /** Dev builds only: the script that reloads the page after a rebuild. */
  devReload?: string;
  /** The admin pages' own script and stylesheet (never loaded by a public page). */
  admin?: string;
  adminCss?: string;
}

/** What every server component may read while a page renders. */
export interface PageContextValue {
  path: string;
  siteUrl: string;
  assets: BuiltAssets;
  images: ImageManifest;
  nav: NavData;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() called outside a page render');
  return value;
}

/** A content image by file name; a missing one is a build error naming it. */
export function useImage(name: string): ProcessedImage {
  const image = usePage().images.get(name);
  if (!image) throw new Error(`image "${name}" is not in content/images/`);
  return image;
}
