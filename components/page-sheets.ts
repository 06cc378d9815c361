import type { DeferredSheet } from '../lib/entry-loader.ts';

/**
 * Stylesheets only some pages need (the first round trip carries the
 * above-the-fold HTML and CSS, 14 KB gzip). The site stylesheet is inline in every
 * page; a component that renders one of these parts calls `useSheet`, and the build
 * inlines that sheet after the site's, into that page only.
 */
export const PAGE_SHEETS = {
  // Inlined before any other (build/render.tsx): these rules were the site stylesheet's.
  inner: 'inner-page.css',
  gallery: 'gallery.css',
  estimators: 'estimators.css',
  home: 'home.css',
  reviews: 'reviews.css',
  forms: 'forms.css',
  overlays: 'overlays.css',
  article: 'article.css',
  search: 'search.css',
  tables: 'tables.css',
} as const;

export type PageSheet = keyof typeof PAGE_SHEETS;

/**
 * Sheets needed only once a script runs in the browser: the booking dialog, the toaster, the
 * gallery lightbox and the error screen draw nothing until opened, and the dialog renders its form
 * then. The build also writes them as files; a page that does not inline one names the file on its
 * entry loader, and the browser loads it the first time it is needed (client/deferred-sheets.ts).
 */
export const DEFERRED_SHEETS = ['forms', 'overlays'] as const satisfies readonly (PageSheet & DeferredSheet)[];

/**
 * Islands whose server-rendered markup needs a sheet: their code is in client/, which cannot
 * call `useSheet`, so the island wrapper (components/Island.tsx) marks the sheet for them.
 */
export const ISLAND_SHEETS: Readonly<Record<string, readonly PageSheet[]>> = {
  ConsultationForm: ['forms'],
  InspectionForm: ['forms'],
  ReportIssueForm: ['forms'],
  RoofCostEstimator: ['forms'],
  PaymentEstimator: ['forms'],
};

/** Sheets used by the page being rendered; the build reads and clears it around each page, as it does islands. */
export const usedSheets = new Set<PageSheet>();

/** Where the build writes the page's sheets: the end of the inline stylesheet. */
export const PAGE_SHEETS_SLOT = '/*page-sheets*/';

/** Marks a sheet as needed by the page being rendered. */
export function useSheet(name: PageSheet): void {
  usedSheets.add(name);
}
