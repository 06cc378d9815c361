/**
 * The forms and overlays sheets (DEFERRED_SHEETS in components/page-sheets.ts), on a page that
 * does not inline them, load the first time something needs them: the booking dialog, a toast,
 * the gallery's lightbox, the error screen. Applying a stylesheet restyles the whole page, work a
 * phone would otherwise do at every load for a dialog most visitors never open
 * (docs/decisions/074-deferred-sheets-on-first-need.md). The service worker precaches both files,
 * so after the first visit they apply from its cache in a few milliseconds.
 *
 * Which sheets the page still lacks is read from the entry loader's `data-sheet-*` attributes,
 * and what is loaded from the `<link>` elements themselves, so every chunk that imports this
 * module shares the same state: the document's.
 */
import { sheetAttribute, type DeferredSheet } from '../lib/entry-loader.ts';

/** A sheet that does not arrive (offline, before the worker installed) stops holding the dialog back after this long. */
export const SHEET_WAIT_MS = 4000;

/** Resolves once each named sheet applies to the page, failed to arrive, or took longer than SHEET_WAIT_MS. */
export function ensureSheets(...names: readonly DeferredSheet[]): Promise<void> {
  return Promise.all(names.map(ensureSheet)).then(() => undefined);
}

function ensureSheet(name: DeferredSheet): Promise<void> {
  const href = document.querySelector('script[data-entry]')?.getAttribute(sheetAttribute(name));
  // Without an attribute the page inlined the sheet.
  if (!href) return Promise.resolve();
  let link = document.querySelector<HTMLLinkElement>(`link[data-sheet="${name}"]`);
  if (link?.dataset.ready !== undefined) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.sheet = name;
    document.head.append(link);
  }
  const sheet = link;
  return new Promise<void>((resolve) => {
    sheet.addEventListener(
      'load',
      () => {
        sheet.dataset.ready = '';
        resolve();
      },
      { once: true },
    );
    // A failed sheet is taken out again, so the next need asks for it afresh.
    sheet.addEventListener(
      'error',
      () => {
        sheet.remove();
        resolve();
      },
      { once: true },
    );
    setTimeout(resolve, SHEET_WAIT_MS);
  });
}
