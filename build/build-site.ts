import fs from 'node:fs';
import path from 'node:path';
import { listPlaceholders, site, siteFacts } from '../content/site.ts';
import { DEV_BUILD_FILE, SERVER_DATA_FILE, type ServerData } from '../lib/server-data.ts';
import { FAVICON_URL, FEED_URL, TOUCH_ICON_URL, WEB_MANIFEST_URL } from '../lib/urls.ts';
import { FAVICON_SVG, TOUCH_ICON_SVG } from '../components/favicon.ts';
import { buildAdminAssets, buildAssets, bundleServerRender, DEV_RELOAD_URL, writeDevReload } from './assets.ts';
import { ContentError, loadCollection, loadReviewsFile } from '../content/layer/content.ts';
import { applyOverlay, businessFactsOf } from '../content/layer/business.ts';
import { businessFactsSchema } from '../lib/business-facts.ts';
import { blogFeed } from './feed.ts';
import { buildImages, buildOgImage, buildTouchIcon } from './images.ts';
import { CACHE_DIR, CONTENT_DIR, installedVersion, PUBLIC_DIR } from './paths.ts';
import { knownZipCentroids, rememberZipCentroids, useZipTable, type ZipCentroid } from '../lib/zip-centroids.ts';
import { pageContext, renderPage } from './render.tsx';
import { leadServiceOptions } from '../content/layer/lead-services.ts';
import { galleryChoices } from '../content/layer/gallery.ts';
import { articleData } from '../content/layer/articles.ts';
import type { ImageManifest } from '../components/page-context.ts';
import { listRedirects, listRoutes, loadPageModule, serverPagePaths, specialPages, type Route } from './routes.ts';
import type { Redirect } from '../components/page-module.ts';
import type { PageContextValue } from '../components/page-context.ts';
import { builtReviewsFile, loadBuildReviews, reviewsForPages } from './reviews.ts';
import type { PageAnalysis } from '../components/page-analysis.ts';
import { analyzeHtml, blockingProblems } from './seo.ts';
import { clearNavData, getNavData } from '../content/layer/site-data.ts';
import { gitDates, robotsTxt, sitemapXml } from './sitemap.ts';
import { buildServiceWorker } from './service-worker.ts';
import { zipTableAsData } from './zip-table.ts';
import { SearchIndexer } from './search-index.ts';
import { Precompressor } from './compress.ts';
import { saveMarkdownCache, useMarkdownCache } from './markdown.ts';
import { cachedBundles } from './assets-cache.ts';
import { clearDist, FileWriter } from './dist-dir.ts';

export interface BuildOptions {
  distDir: string;
  siteUrl: string;
  dev?: boolean;
  /** Write `.br` and `.gz` beside served files (default true; dev builds never do). */
  precompress?: boolean;
  log?: (line: string) => void;
}

/** What `npm run dev` keeps of a build to render pages again after a content edit. */
export interface SiteRenderer {
  readonly routes: readonly Route[];
  /**
   * Renders `routes` again into the build's folder with the build's assets and
   * images, and the navigation as the content is now. Stops early when `stop()`
   * turns true. Returns the files written, relative to the folder.
   */
  render(routes: readonly Route[], stop?: () => boolean): Promise<string[]>;
}

export interface BuildSummary {
  renderer: SiteRenderer;
  pages: number;
  redirects: number;
  bytes: number;
  seconds: number;
  images: { processed: number; cached: number };
  placeholders: string[];
}

/** Thrown for problems the build reports as a list (bad pages, bad content). */
export class BuildError extends Error {}

type Phase = <T>(name: string, work: () => Promise<T> | T, describe?: (r: T) => string) => Promise<T>;

/** Runs one named step of the build and logs what it made and how long it took. */
const phaseLogger =
  (log: (line: string) => void): Phase =>
  async (name, work, describe) => {
    const t = performance.now();
    const result = await work();
    log(`  ${name.padEnd(16)} ${describe ? describe(result) : ''} (${Math.round(performance.now() - t)} ms)`);
    return result;
  };

/** Builds the whole site into distDir. Every phase logs its progress; any error rejects. */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const phase = phaseLogger(options.log ?? ((line: string) => console.log(line)));
  const { distDir, siteUrl } = options;

  clearDist(distDir);
  const zips = zipCache();
  useMarkdownCache(path.join(CACHE_DIR, 'markdown.json'));
  await phase('content', loadContent, (s) => s);
  const routes = await phase(
    'routes',
    () => listRoutes(),
    (r) => `${r.length} routes`,
  );
  const redirects = await phase(
    'redirects',
    () => listRedirects(routes),
    (r) => `${r.length} redirects`,
  );
  const { reviews, reviewsFile, images, assets, settings } = await buildInputs(options, phase);
  const context = pageContext({ siteUrl, assets, images: images.manifest, nav: getNavData(), reviews, analyses: [] });
  const pages = await phase(
    'pages',
    () => renderPages(options, routes, context),
    () => `${routes.length} pages`,
  );
  zips.save();
  saveMarkdownCache();
  await phase(
    'search index',
    () => pages.search.write(distDir),
    (r) => `${r.pages} pages${r.cached ? ' (from cache)' : ''}`,
  );
  await phase(
    'static files',
    async () => {
      write(distDir, reviews.url.slice(1), reviewsFile);
      await writeStaticFiles(distDir, siteUrl, { routes, redirects, sitemap: pages.sitemap, analyses: pages.analyses });
      write(distDir, SERVER_DATA_FILE, JSON.stringify(await serverData(routes, settings, images.manifest), null, 2));
      return pages.sitemap.length;
    },
    (n) => `sitemap with ${n} URLs`,
  );
  await finish(options, phase, pages.compressor);
  return {
    renderer: siteRenderer(distDir, routes, { ...context, analyses: pages.before }),
    pages: routes.length,
    redirects: redirects.length,
    bytes: dirBytes(distDir),
    seconds: (performance.now() - started) / 1000,
    images: images.stats,
    placeholders: listPlaceholders().map((p) => `${p.field} = "${p.value}" (${p.why})`),
  };
}

/** Loads and checks every collection and the reviews file, so a content error fails the build first. */
function loadContent(): string {
  // The owner's published facts go into `site` before anything reads it.
  const overlay = applyOverlay();
  contentStamp = overlay?.stamp ?? null;
  const facts = businessFactsSchema.safeParse(businessFactsOf());
  if (!facts.success) {
    throw new ContentError(facts.error.issues.map((issue) => `content/site.ts: ${issue.path.join('.')}: ${issue.message}`));
  }
  const counts = (['blog', 'services', 'locations', 'brands', 'landings', 'pages', 'gallery'] as const).map(
    (c) => `${loadCollection(c).length} ${c}`,
  );
  loadReviewsFile();
  const owner = overlay
    ? `; the owner's content from ${path.relative(process.cwd(), overlay.dir) || overlay.dir}${overlay.stamp ? ` (${overlay.stamp})` : ''}`
    : '';
  return counts.join(', ') + owner;
}

/** The reviews, the images and the bundles, made at once. */
async function buildInputs(options: BuildOptions, phase: Phase) {
  const { distDir } = options;
  const dev = Boolean(options.dev);
  // Images, bundles and reviews at once: esbuild works in its own process while svgo and sharp
  // work in this one, and Google's reviews (when the build has credentials) come over the network.
  const [{ reviews, body: reviewsFile }, images, bundles] = await Promise.all([
    loadBuildReviews().then(reviewsForPages),
    phase(
      'images',
      () => buildImages(distDir),
      (r) => `${r.manifest.size} images (${r.stats.processed} processed, ${r.stats.cached} from cache)`,
    ),
    phase(
      'assets',
      () =>
        cachedBundles(distDir, dev, async () => {
          const [assets, admin] = await Promise.all([
            buildAssets(distDir, { dev }),
            buildAdminAssets(distDir, { dev }),
            bundleServerRender(distDir),
          ]);
          return [assets, admin] as const;
        }),
      ({ result: [r, a], cached }) =>
        `${Object.keys(r.outputs).length + Object.keys(a.outputs).length} files and the server's renderer${cached ? ' (from cache)' : ''}`,
    ),
  ]);
  const [built, adminBuilt] = bundles.result;
  const withAdmin = { ...built.assets, admin: adminBuilt.admin, adminCss: adminBuilt.adminCss };
  const assets = dev ? { ...withAdmin, devReload: DEV_RELOAD_URL } : withAdmin;
  const { settingsScripts, settingsStyles } = adminBuilt;
  return { reviews, reviewsFile, images, assets, settings: { settingsScripts, settingsStyles } };
}

type Context = Omit<PageContextValue, 'path'>;

/**
 * Renders every route, then the pages that render last (the SEO pages, which read
 * what the others produced), then the special pages, and fails on blocking SEO problems.
 */
async function renderPages(options: BuildOptions, routes: readonly Route[], context: Context) {
  const { distDir, siteUrl } = options;
  const dates = gitDates();
  const analyses: PageAnalysis[] = [];
  const search = new SearchIndexer();
  // Dev builds skip compression (slow, pointless locally).
  const compressor = !options.dev && options.precompress !== false ? new Precompressor(distDir) : undefined;
  const sitemap: { path: string; lastmod: Date }[] = [];
  const writer = new FileWriter();
  let before: readonly PageAnalysis[] = [];

  const renderRoute = async (route: Route) => {
    const page = await renderPage(route.file, route.path, route.params, { ...context, analyses: before });
    const file = path.join(distDir, route.output);
    const bytes = Buffer.from(page.html);
    writer.write(file, bytes);
    compressor?.add(file, bytes);
    const analysis = analyzeHtml(route.path, page.html);
    analyses.push(analysis);
    search.add(analysis, page.html);
    // Rendering is synchronous: yield, so the page just handed to the search indexer is sent to it now.
    await new Promise((resolve) => setImmediate(resolve));
    if (page.meta.noIndex) return;
    const mod = await loadPageModule(route.file);
    const sources = [route.file, ...(mod.sources?.({ path: route.path, params: route.params, siteUrl }) ?? [])];
    const known = sources.map((s) => dates.get(s)).filter((d): d is Date => Boolean(d));
    sitemap.push({ path: route.path, lastmod: known.length ? new Date(Math.max(...known.map(Number))) : new Date() });
  };

  const last: Route[] = [];
  for (const route of routes) {
    if ((await loadPageModule(route.file)).renderLast) last.push(route);
    else await renderRoute(route);
  }
  before = [...analyses];
  for (const route of last) await renderRoute(route);
  for (const special of specialPages()) {
    const page = await renderPage(special.file, `/${special.output.replace(/\.html$/, '')}`, {}, context);
    write(distDir, special.output, page.html);
  }
  await writer.done();
  const problems = blockingProblems(analyses);
  if (problems.length) throw new BuildError(`Pages are invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return { analyses, before, search, compressor, sitemap };
}

/** Everything of dist/ besides the pages, the bundles and the images. */
async function writeStaticFiles(
  distDir: string,
  siteUrl: string,
  built: { routes: Route[]; redirects: Redirect[]; sitemap: { path: string; lastmod: Date }[]; analyses: PageAnalysis[] },
): Promise<void> {
  const { redirects, sitemap, analyses } = built;
  copyDir(PUBLIC_DIR, distDir);
  write(distDir, 'robots.txt', robotsTxt(siteUrl));
  write(distDir, FEED_URL.slice(1), blogFeed(siteUrl));
  write(
    distDir,
    'sitemap.xml',
    sitemapXml(
      siteUrl,
      sitemap.sort((a, b) => a.path.localeCompare(b.path)),
    ),
  );
  write(distDir, '_redirects.json', JSON.stringify(redirects, null, 2));
  // The route list as built, for the browser tests (files starting with _ are never served).
  const builtRoutes = analyses.map((a) => ({ path: a.path, noIndex: a.noIndex })).sort((a, b) => a.path.localeCompare(b.path));
  write(distDir, '_routes.json', JSON.stringify(builtRoutes, null, 2));
  // Netlify/Cloudflare-style redirects file, for static hosts serving dist/ alone.
  write(distDir, '_redirects', redirects.map((r) => `${r.from} ${r.to} 301`).join('\n') + '\n');
  await buildOgImage(path.join(CONTENT_DIR, 'images', 'og-default.svg'), path.join(distDir, 'og-default.jpg'));
  write(distDir, WEB_MANIFEST_URL.slice(1), JSON.stringify(WEB_MANIFEST));
  write(distDir, FAVICON_URL.slice(1), FAVICON_SVG);
  await buildTouchIcon(TOUCH_ICON_SVG, path.join(distDir, TOUCH_ICON_URL.slice(1)));
  write(distDir, 'admin.webmanifest', JSON.stringify(ADMIN_MANIFEST));
}

const WEB_MANIFEST = {
  name: site.name,
  short_name: 'Roofing',
  start_url: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#12304a',
  icons: [{ src: FAVICON_URL, sizes: 'any', type: 'image/svg+xml' }],
};

/** The admin on the home screen (docs/decisions/060-installable-admin-and-push.md): its own app, scoped to /admin. */
const ADMIN_MANIFEST = {
  id: '/admin',
  name: `${site.name} admin`,
  short_name: 'Roof admin',
  description: 'New leads, inspections and the site’s settings.',
  start_url: '/admin',
  scope: '/admin',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: '#12304a',
  icons: [
    { src: '/icons/admin-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/admin-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/admin-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/** Everything the server needs from the build-time sources, so it never reads content/. */
async function serverData(
  routes: Route[],
  settings: Pick<ServerData, 'settingsScripts' | 'settingsStyles'>,
  images: ImageManifest,
): Promise<ServerData> {
  return {
    facts: siteFacts(),
    leadServices: leadServiceOptions(),
    galleryChoices: galleryChoices(),
    pages: await serverPagePaths(routes),
    curatedReviews: builtReviewsFile(),
    ...settings,
    placeholders: listPlaceholders(),
    business: businessFactsOf(),
    // Where each picture is served, for the article editor's preview: an illustration's SVG, a photo's smallest WebP.
    articles: articleData((name) => images.get(name)?.svg ?? images.get(name)?.webp[0]?.url),
    contentStamp,
  };
}

/** The published version the overlay named (null without one), for _server.json. */
let contentStamp: string | null = null;

/** The dev page script and build id for a dev build; the service worker and compression for the others. */
async function finish(options: BuildOptions, phase: Phase, compressor: Precompressor | undefined): Promise<void> {
  const { distDir } = options;
  if (options.dev) {
    // Dev builds skip the worker: it would cache pages being edited.
    writeDevReload(distDir);
    writeDevBuildId(distDir);
    return;
  }
  await phase(
    'service worker',
    () => buildServiceWorker(distDir),
    (r) => `${r.precached} precached files`,
  );
  if (compressor)
    await phase(
      'compress',
      () => compressor.finish(),
      (r) =>
        `${r.files} files as .br and .gz (${r.compressed} compressed, ${r.cached} from cache; pages since they were written)`,
    );
}

/** What `npm run dev` keeps to render pages again after a content edit, with the menus as the content is now. */
function siteRenderer(distDir: string, routes: readonly Route[], context: Context): SiteRenderer {
  return {
    routes,
    async render(list, stop = () => false) {
      clearNavData();
      const now = { ...context, nav: getNavData() };
      const written: string[] = [];
      for (const route of list) {
        if (stop()) break;
        const page = await renderPage(route.file, route.path, route.params, now);
        write(distDir, route.output, page.html);
        written.push(route.output);
        // Lets a newer edit's message in between two pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return written;
    },
  };
}

/** Gives the dev build a new id, so the open pages reload; returns the file written. */
export function writeDevBuildId(distDir: string): string {
  write(distDir, DEV_BUILD_FILE, JSON.stringify({ id: `${Date.now()}-${process.hrtime.bigint()}` }));
  return DEV_BUILD_FILE;
}

/**
 * The ZIP centroids the pages looked up (location maps and distances), kept in
 * .cache/ with the `zipcodes` version, so a rebuild need not load its 5 MB table.
 */
function zipCache(): { save(): void } {
  const file = path.join(CACHE_DIR, 'zip-centroids.json');
  const version = installedVersion('zipcodes');
  useZipTable(zipTableAsData);
  try {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string; entries: [string, ZipCentroid | null][] };
    if (cached.version === version) rememberZipCentroids(cached.entries);
  } catch {
    // No cache yet: the table is loaded on the first ZIP.
  }
  return {
    save() {
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ version, entries: knownZipCentroids() }));
    },
  };
}

/** Writes one file of the build; returns its path. */
function write(distDir: string, rel: string, data: string): string {
  const file = path.join(distDir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

function copyDir(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, { recursive: true });
}

function dirBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => {
    const abs = path.join(dir, e.name);
    return n + (e.isDirectory() ? dirBytes(abs) : /\.(br|gz)$/.test(e.name) ? 0 : fs.statSync(abs).size);
  }, 0);
}
