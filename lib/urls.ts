/**
 * One URL helper per collection (docs/code-style.md "Pages and routes").
 * Canonical URLs have no trailing slash; the slash form redirects to them.
 */
export const serviceUrl = (slug: string) => `/services/${slug}`;
export const locationUrl = (slug: string) => `/locations/${slug}`;
export const brandUrl = (slug: string) => `/brands/${slug}`;
export const blogUrl = (slug: string) => `/blog/${slug}`;
export const landingUrl = (slug: string) => `/${slug}`;
export const blogCategoryUrl = (category: string) => `/blog/category/${categorySlug(category)}`;
/** The gallery and its static filter pages one per service and per location with projects. */
export const GALLERY_URL = '/gallery';
export const galleryServiceUrl = (slug: string) => `${GALLERY_URL}/service/${slug}`;
export const galleryLocationUrl = (slug: string) => `${GALLERY_URL}/location/${slug}`;

export const CONSULTATION_URL = '/contact#consultation';
/** The blog's Atom feed (build/feed.ts); every page's head links it. */
export const FEED_URL = '/feed.xml';
/** The no-JavaScript booking form; every Book button links here, so booking works without JavaScript. */
export const BOOKING_URL = '/contact#book-inspection';
/**
 * The public pages' web app manifest (build/build-site.ts writes it). The script links it after
 * load (client/behaviours/after-load.ts), so the browser does not fetch it while the page paints.
 */
export const WEB_MANIFEST_URL = '/site.webmanifest';
/** The site's icon as a file (components/favicon.ts holds the drawing, build/build-site.ts writes it). */
export const FAVICON_URL = '/favicon.svg';
/**
 * The same icon as a 180 px PNG: the home screen icon of iOS, which looks for it at this path
 * on any site, and the icon Google Search reads from the home page's head.
 */
export const TOUCH_ICON_URL = '/apple-touch-icon.png';
/** The page that unregisters the service worker and deletes its caches (client/islands/ClearCache.tsx). */
export const CLEAR_CACHE_URL = '/clear-cache';

export function categorySlug(category: string): string {
  return category
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Absolute URL of a path on the deployed site. */
export function absoluteUrl(siteUrl: string, pathname: string): string {
  return new URL(pathname, siteUrl).toString();
}

/** Where the build writes the Pagefind search index and its browser script (build/search-index.ts). */
export const SEARCH_INDEX_DIR = '/pagefind';
/** Beside the index: each page's near-duplicates by result id, which the search lists under one result (build/search-similar.ts). */
export const SEARCH_SIMILAR_FILE = 'similar.json';
/** Without JavaScript the search box leads here: every public page, listed, and the server puts the results of `?q=` above them. */
export const SEARCH_FALLBACK_URL = '/sitemap';
/**
 * The pages that carry the site search box, besides the 404 page. The
 * pages read it to place the box, and the server to allow the search's WebAssembly there.
 */
export const SEARCH_BOX_PATHS: readonly string[] = ['/blog', '/roofing-expertise-center'];
