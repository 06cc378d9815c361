import { ENTRY_LOADER, sheetAttribute } from '../lib/entry-loader.ts';
import { usePage } from './page-context.ts';
import { DEFERRED_SHEETS, usedSheets } from './page-sheets.ts';

/**
 * The entry loads after the first paint (lib/entry-loader.ts). The deferred sheets this page did
 * not inline are named on it, one `data-sheet-*` attribute each, for the browser to load on first
 * need (client/deferred-sheets.ts). Rendered last in the body, so every sheet the page used is known.
 */
export default function EntryLoader() {
  const { assets } = usePage();
  const sheets = Object.fromEntries(
    DEFERRED_SHEETS.filter((name) => !usedSheets.has(name)).map((name) => [sheetAttribute(name), assets.sheetFiles[name]]),
  );
  return <script data-entry={assets.entry} {...sheets} dangerouslySetInnerHTML={{ __html: ENTRY_LOADER }} />;
}
