/**
 * The one inline script of a public page (docs/decisions/017-first-paint-lantern.md).
 * It loads the browser entry only once the first contentful paint has happened, so no
 * script is fetched or run before the page paints. A `<script type="module" src>` would be
 * fetched at once, at high priority, and Lighthouse's simulation counts every high-priority
 * script that finished before the observed paint as holding it back.
 *
 * It reads the entry's URL from its own `data-entry`, so its text, and the CSP hash the server
 * allows it by (server/http/security.ts), do not change from build to build. Without paint timing
 * (or in a tab that never paints) the entry loads shortly after `load`.
 */
export const ENTRY_LOADER =
  '(function(s){var u=s.dataset.entry,d=0;function go(){if(d)return;d=1;import(u)}' +
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}})' +
  '.observe({type:"paint",buffered:true})}catch(e){}' +
  'addEventListener("load",function(){setTimeout(go,1000)})})(document.currentScript)';

/** The sheets a script loads on first need (DEFERRED_SHEETS in components/page-sheets.ts). */
export type DeferredSheet = 'forms' | 'overlays';

/**
 * The entry loader's attribute that carries a deferred sheet's URL on a page that did not inline
 * it (client/deferred-sheets.ts reads it).
 */
export function sheetAttribute(name: DeferredSheet): `data-sheet-${DeferredSheet}` {
  return `data-sheet-${name}`;
}
