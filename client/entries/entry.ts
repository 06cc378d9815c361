/**
 * The browser entry: the only script a page loads up front. It carries no React
 * (a page ships at most 25 KB gzip of script before interaction). React and an island's
 * code load on intent: pointer, focus or touch within the island, the island
 * nearing the viewport, or a click on a control that opens one.
 */
import { markSlowConnection } from '../behaviours/slow-connection.ts';
import { watchHeader } from '../behaviours/header.ts';
import { lazyImages } from '../behaviours/lazy-images.ts';
import { afterLoad } from '../behaviours/after-load.ts';
import { ensureHydrated, hydrate } from '../islands-runtime.ts';
import { applyHeroVariant } from '../behaviours/hero-variant.ts';
import { filterBlog } from '../behaviours/blog-filter.ts';
import { watchGallery } from '../behaviours/gallery.ts';
import { watchSearch } from '../behaviours/search-intent.ts';
import { captureAttribution } from '../behaviours/attribution.ts';
import { wakeEstimateHandoff } from '../behaviours/estimate-handoff.ts';
import { enhanceDesktopNav } from '../behaviours/desktop-nav.ts';
import { enhanceMobileMenu } from '../behaviours/mobile-menu.ts';
import { watchFormStarts } from '../behaviours/form-start.ts';

/** Sections load when scrolled within 200px of the viewport. */
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
  // A click that lands on a button before hydration is replayed once the island is live. When the
  // island's code does not arrive, a form's submit button still sends the form, as without JavaScript.
  marker.addEventListener(
    'click',
    (event) => {
      if (marker.dataset.hydrated !== undefined) return;
      const button = (event.target as Element).closest('button');
      if (!button || !marker.contains(button)) return;
      event.preventDefault();
      event.stopPropagation();
      hydrate(marker).then(
        () => button.click(),
        () => {
          if (button.type === 'submit' && button.form) button.form.requestSubmit(button);
        },
      );
    },
    { capture: true },
  );
}

function onVisible(marker: Marker, observer: IntersectionObserver): void {
  // Markers use display: contents, which has no box; observe the first element inside.
  observer.observe(marker.firstElementChild ?? marker);
}

/** Book links open the appointment dialog; without it (or without JavaScript) they go to the booking form. */
function watchBookLinks(): void {
  const isBook = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-opens="appointment"]') : null;
  const warm = (event: Event) => {
    if (isBook(event.target)) void ensureHydrated('AppointmentDialog');
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) document.addEventListener(type, warm, { passive: true });
  document.addEventListener('click', (event) => {
    const link = isBook(event.target);
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (!document.querySelector('[data-island="AppointmentDialog"]')) return;
    event.preventDefault();
    // Over a weak signal the booking form takes a moment to arrive: the tap shows at once that it was taken.
    link.setAttribute('aria-busy', 'true');
    import('../open-appointment.ts')
      .then((m) => m.openAppointment(ensureHydrated))
      .then((opened) => {
        if (!opened) location.assign(link.href);
      })
      .catch(() => location.assign(link.href))
      .finally(() => link.removeAttribute('aria-busy'));
  });
}

/** Home sections "load" (start media and motion) when within 200px. */
function watchSections(): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        (entry.target as HTMLElement).dataset.near = '';
      }
    },
    { rootMargin: SECTION_MARGIN },
  );
  document.querySelectorAll('[data-section]').forEach((s) => observer.observe(s));
}

/** Loads a behaviour's chunk once one of its elements comes within SECTION_MARGIN of the viewport. */
function whenNear(name: string, load: () => Promise<void>): void {
  const elements = document.querySelectorAll(`[data-behaviour="${name}"]`);
  if (elements.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load().catch(() => {});
    },
    { rootMargin: SECTION_MARGIN },
  );
  elements.forEach((element) => observer.observe(element));
}

/**
 * Behaviours found on a few pages only load as their own small chunk when the page
 * has their element, and the slider and the map only once theirs nears the viewport:
 * a chunk fetched at load costs a phone a fetch, a compile and a run for what may never be seen.
 */
function enhanceOnPage(): void {
  whenNear('before-after', () => import('../behaviours/before-after.ts').then((m) => m.enhanceBeforeAfter()));
  whenNear('map-facade', () => import('../behaviours/map-facade.ts').then((m) => m.enhanceMapFacade()));
  if (document.querySelector('[data-behaviour="shingle-search"]')) {
    void import('../behaviours/shingle-search.ts').then((m) => m.enhanceShingleSearch(ensureHydrated));
  }
}

/** Islands hydrate on intent, or when near the viewport for those marked `visible`. */
function watchIslands(): void {
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
    // The entry arrives after the first paint (lib/entry-loader.ts): a visitor may already be in the island.
    if (marker.dataset.hydrate !== 'visible' && marker.contains(document.activeElement)) void hydrate(marker);
  }
}

/** Lets the browser paint and answer input between two parts of the start-up, so neither is a long task. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function init(): Promise<void> {
  // First what the visitor sees or may touch at once.
  markSlowConnection();
  applyHeroVariant();
  watchHeader();
  lazyImages();
  watchIslands();
  watchBookLinks();
  enhanceMobileMenu();
  await yieldToPage();
  captureAttribution();
  watchFormStarts();
  watchSections();
  filterBlog();
  watchGallery();
  watchSearch();
  enhanceDesktopNav();
  enhanceOnPage();
  wakeEstimateHandoff();
  afterLoad();
  // The entry loads after the first paint (lib/entry-loader.ts); browser tests wait for this.
  document.documentElement.dataset.entryReady = '';
}

void init();
