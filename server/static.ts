// The admin screens, the guard and their test app still import the built site under its former names; they switch
// to SiteFiles (./site/site-files.ts) and Built (./built/built.ts) when they move into their topic folders.
export { loadSiteFiles as loadStaticStore, type SiteFiles as StaticStore } from './site/site-files.ts';
