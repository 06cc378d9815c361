/**
 * What the build hands every server component while a page renders, and the shapes
 * of that data. The build imports these types; components never import build/
 * (docs/decisions/019-components-never-import-build.md, tests/layout.test.ts).
 */
import { createContext, useContext } from 'react';
import type { Heading } from '../content/layer/article-aids.ts';
import type { NavData } from '../content/layer/site-data.ts';
import type { ReviewsPayload } from '../lib/reviews.ts';
import type { PageAnalysis } from './page-analysis.ts';
import type { PageSheet } from './page-sheets.ts';

export interface ImageSource {
  width: number;
  url: string;
}

/** One image of content/images/ as the build processed it (build/images.ts). */
export interface ProcessedImage {
  name: string;
  width: number;
  height: number;
  /** Tiny WebP as a data URI, shown blurred until the image loads. */
  placeholder: string;
  /** Photographs only: AVIF and WebP at the spec's widths (empty for an illustration). */
  avif: ImageSource[];
  webp: ImageSource[];
  /** Illustrations only: URL of the optimised SVG, served as it is at every width. */
  svg?: string;
  /**
   * Illustrations only: the optimised SVG markup, so a page's first illustration can be
   * written into the HTML and paint without another request. Never island props.
   */
  inline?: string;
}

/** Every processed image by file name. */
export type ImageManifest = Map<string, ProcessedImage>;

/** The reviews a build shows. */
export interface BuildReviews {
  /** Google's data when the build had credentials, else the curated file. */
  payload: ReviewsPayload;
  /**
   * The same data as a file under /assets/ (hashed, so cached for good), which the
   * reviews island reads when it hydrates: the pages carry the reviews once, as HTML,
   * not again as the island's props.
   */
  url: string;
}

export interface BuiltAssets {
  /** The site stylesheet, minified, written inline in every public page's head. */
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
  reviews: BuildReviews;
  /** The pages rendered before this one; filled for the pages that render last (the SEO pages), empty for the others. */
  analyses: readonly PageAnalysis[];
  /**
   * A Markdown body as HTML, rendered by the build (build/markdown.ts): tokens replaced,
   * heading ids, safe links, this build's images. `file` names the source in errors.
   */
  renderMarkdown(markdown: string, file: string): string;
  /** The headings of that same rendering, with their ids, for an article's table of contents. */
  headings(markdown: string, file: string): Heading[];
  /** A short text (an FAQ's question or answer) with its tokens (`{{phone}}`, `{{fig:id}}`) replaced. */
  replaceTokens(text: string, file: string): string;
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
