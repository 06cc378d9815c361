/**
 * The browser entry: the only script a page loads up front. It carries no React
 * (issue 2, item 5: at most 25 KB gzip before interaction). React and an island's
 * code load on intent: pointer, focus or touch within the island, the island
 * nearing the viewport, or a click on a control that opens one.
 */
import { markSlowConnection } from './behaviours/slow-connection.ts';
import { watchHeader } from './behaviours/header.ts';
import { lazyImages } from './behaviours/lazy-images.ts';
import { afterLoad } from './behaviours/after-load.ts';
import { hydrate } from './islands-runtime.ts';

/** SPEC.md section 9: sections load when scrolled within 200px. */
export const SECTION_MARGIN = '200px';

type Marker = HTMLElement & { dataset: { island: string; hydrate?: string; hydrated?: string } };

function onIntent(marker: Marker): void {
  const start = () => {
    for (const type of ['pointerover', 'focusin', 'touchstart'] as const) marker.removeEventListener(type, start);
    void hydrate(marker);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    marker.addEventListener(type, start, { passive: true });
  }
  // A click that lands on a button before hydration is replayed once the island is live.
  marker.addEventListener(
    'click',
    (event) => {
      if (marker.dataset.hydrated !== undefined) return;
      const button = (event.target as Element).closest('button');
      if (!button || !marker.contains(button)) return;
      event.preventDefault();
      event.stopPropagation();
      void hydrate(marker).then(() => button.click());
    },
    { capture: true },
  );
}

function onVisible(marker: Marker, observer: IntersectionObserver): void {
  // Markers use display: contents, which has no box; observe the first element inside.
  observer.observe(marker.firstElementChild ?? marker);
}

function init(): void {
  markSlowConnection();
  watchHeader();
  lazyImages();
  const visible = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible.unobserve(entry.target);
        const marker = entry.target.closest<Marker>('[data-island]');
        if (marker) void hydrate(marker);
      }
    },
    { rootMargin: SECTION_MARGIN },
  );
  for (const marker of document.querySelectorAll<Marker>('[data-island]')) {
    if (marker.dataset.hydrate === 'visible') onVisible(marker, visible);
    else onIntent(marker);
  }
  afterLoad();
}

init();
