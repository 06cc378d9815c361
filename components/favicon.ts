import { svgDataUri } from './Picture.tsx';

/**
 * The site's icon: a roof over a door on the navy tile. Public pages carry it in their head as a
 * `data:` URL, so the browser fetches no icon while the page loads: Lighthouse's simulation counts
 * every request that ends before the observed largest paint against LCP
 * (docs/decisions/077-no-request-before-the-largest-paint.md). The build writes the same drawing
 * to FAVICON_URL (lib/urls.ts), for the web app manifests and the admin pages, and TOUCH_ICON_SVG
 * as a PNG to TOUCH_ICON_URL, which the home page links for Google Search.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="12" fill="#12304a"/>' +
  '<path d="M17 30V53H47V30L32 18z" fill="#efe6d8"/>' +
  '<rect x="27" y="38" width="10" height="15" fill="#12304a"/>' +
  '<path d="M10 33L32 14 54 33" fill="none" stroke="#b4562a" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>' +
  '</svg>';

export const FAVICON_DATA_URI = svgDataUri(FAVICON_SVG);

/** The icon on a square tile, for the home screen: iOS rounds the corners itself and fills transparent ones with black. */
export const TOUCH_ICON_SVG = FAVICON_SVG.replace(' rx="12"', '');
