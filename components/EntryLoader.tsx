import { ENTRY_LOADER } from '../lib/entry-loader.ts';
import { usePage } from './page-context.ts';
import { DEFERRED_SHEETS, usedSheets } from './page-sheets.ts';

/**
 * The entry, and the deferred sheets this page did not inline, load after the first
 * paint (lib/entry-loader.ts). Rendered last in the body, so every sheet the page used is known.
 */
export default function EntryLoader() {
  const { assets } = usePage();
  const css = DEFERRED_SHEETS.filter((name) => !usedSheets.has(name)).map((name) => assets.sheetFiles[name]);
  return (
    <script
      data-entry={assets.entry}
      data-css={css.length ? css.join(' ') : undefined}
      dangerouslySetInnerHTML={{ __html: ENTRY_LOADER }}
    />
  );
}
