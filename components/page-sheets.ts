/**
 * Stylesheets only some pages need (issue 11: the first round trip carries the
 * above-the-fold HTML and CSS, 14 KB gzip). The site stylesheet is inline in every
 * page; a component that renders one of these parts calls `useSheet`, and the build
 * inlines that sheet after the site's, into that page only.
 */
export const PAGE_SHEETS = {
  gallery: 'gallery.css',
  estimators: 'estimators.css',
} as const;

export type PageSheet = keyof typeof PAGE_SHEETS;

/** Sheets used by the page being rendered; the build reads and clears it around each page, as it does islands. */
export const usedSheets = new Set<PageSheet>();

/** Where the build writes the page's sheets: the end of the inline stylesheet. */
export const PAGE_SHEETS_SLOT = '/*page-sheets*/';

/** Marks a sheet as needed by the page being rendered. */
export function useSheet(name: PageSheet): void {
  usedSheets.add(name);
}
