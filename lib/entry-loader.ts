/**
 * The one inline script of a public page (docs/decisions/017-first-paint-lantern.md).
 * It loads the browser entry only once the first contentful paint has happened, so no
 * script is fetched or run before the page paints. A `<script type="module" src>` would be
 * fetched at once, at high priority, and Lighthouse's simulation counts every high-priority
 * script that finished before the observed paint as holding it back.
 *
 * It reads the entry's URL from its own `data-entry`, and the stylesheets needed only once a
 * script runs from `data-css` (space-separated; DEFERRED_SHEETS in components/page-sheets.ts),
 * so its text, and the CSP hash the server allows it by (server/http/security.ts), do not change
 * from build to build. Without paint timing (or in a tab that never paints) both load shortly
 * after `load`.
 */
export const ENTRY_LOADER =
  '(function(s){var u=s.dataset.entry,c=s.dataset.css,d=0;function go(){if(d)return;d=1;' +
  'if(c)c.split(" ").forEach(function(h){var l=document.createElement("link");l.rel="stylesheet";l.href=h;document.head.appendChild(l)});' +
  'import(u)}' +
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}})' +
  '.observe({type:"paint",buffered:true})}catch(e){}' +
  'addEventListener("load",function(){setTimeout(go,1000)})})(document.currentScript)';
