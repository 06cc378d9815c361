// The admin screens still import the built site under its former names; they move to ./site/ with the admin folders.
export { loadSiteFiles as loadStaticStore, type SiteFiles as StaticStore } from './site/site-files.ts';
export type { Injection, InjectionSource } from './site/page-injection.ts';
export type { StaticHit, StaticResponse } from './site/responses.ts';
export { IMMUTABLE, REVALIDATE, SHORT_CACHE, cacheControlFor, contentTypeFor, etagOf } from './site/responses.ts';
export { acceptedEncodings, etagMatches } from './site/negotiation.ts';
export { urlPathForFile } from './site/dist-reader.ts';
export { injectHtml } from './site/page-injection.ts';
