import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { bundleServerRender } from '../build/assets.ts';
import { loadReviewsFile } from '../content/layer/content.ts';
import { businessFactsOf } from '../content/layer/business.ts';
import { galleryChoices } from '../content/layer/gallery.ts';
import { articleData } from '../content/layer/articles.ts';
import { leadServiceOptions } from '../content/layer/lead-services.ts';
import { listPlaceholders, siteFacts } from '../content/site.ts';
import { SERVER_DATA_FILE, SERVER_RENDER_FILE, type ServerData } from '../lib/server-data.ts';
import { loadEnv, type Env } from '../server/config/env.ts';

/** What the build writes for the server, from the real facts and content, with the real pages' paths. */
export function fixtureServerData(overrides: Partial<ServerData> = {}): ServerData {
  return {
    facts: siteFacts(),
    leadServices: leadServiceOptions(),
    galleryChoices: galleryChoices(),
    articles: articleData(),
    pages: {
      'lead-forms': '/contact',
      'consultation-result': '/consultation-received',
      'inspection-result': '/appointment-scheduled',
      'issue-report': '/report-issue',
      'blog-list': '/blog',
      'seo-monitoring': '/seo-monitoring',
      'seo-checklist': '/seo-completion-checklist',
      'admin-login': '/admin/login',
      'admin-home': '/admin',
      'admin-settings': '/admin/settings',
      'admin-leads': '/admin/leads',
      'admin-lead': '/admin/lead',
      'admin-inspections': '/admin/inspections',
      'admin-errors': '/admin/errors',
      'admin-users': '/admin/users',
      'site-search': '/sitemap',
      'admin-business': '/admin/business',
      'admin-gallery': '/admin/gallery',
      'admin-articles': '/admin/articles',
      'admin-second-factor': '/admin/second-factor',
      'admin-invitation': '/admin/invitation',
      'admin-notifications': '/admin/notifications',
    },
    settingsScripts: { tagManager: '/assets/tag-manager-test.js', siteNotice: '/assets/site-notice-test.js' },
    settingsStyles: { siteNotice: '.site-notice{color:navy}' },
    placeholders: listPlaceholders(),
    curatedReviews: loadReviewsFile(),
    business: businessFactsOf(),
    contentStamp: null,
    ...overrides,
  };
}

const props = (value: unknown) => JSON.stringify(value).replace(/"/g, '&quot;');
const page = (title: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><main>${body}</main></body></html>`;

/** The built pages the lead routes complete, in the shape the build writes them. */
export const LEAD_PAGE_FILES: Record<string, string> = {
  'index.html': page('Home', '<h1>Home</h1>'),
  '404.html': page('Not found', '<h1>Not found</h1>'),
  'contact.html': page(
    'Contact',
    `<section id="consultation"><div data-island="ConsultationForm" data-hydrate="intent" data-props="${props({ idPrefix: 'consultation' })}" class="island"><form><div><input name="name"/></div></form></div></section>` +
      `<section id="book-inspection"><div data-island="InspectionForm" data-hydrate="intent" data-props="${props({ idPrefix: 'book' })}" class="island"><form></form></div></section>`,
  ),
  'appointment-scheduled.html': page('Booked', '<h1>Booked</h1><div data-slot="lead-details"><p>Generic booking text.</p></div>'),
  'consultation-received.html': page(
    'Received',
    '<h1>Received</h1><div data-slot="lead-details"><p>Generic consultation text.</p></div>',
  ),
  'report-issue.html': page(
    'Report',
    `<div data-island="ReportIssueForm" data-hydrate="intent" data-props="${props({ idPrefix: 'report' })}" class="island"></div>`,
  ),
};

export const FIXTURE_404_HTML = '<!doctype html><title>Roof Not Found</title><h1>Looks like this page slipped a shingle.</h1>';

/** A small build in the shape the real one writes (see the build/server interface). */
export const FIXTURE_FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Home</title><h1>Home</h1>${'<p>Roofing in Savannah.</p>'.repeat(200)}`,
  'about.html': '<!doctype html><title>About</title><h1>About</h1>',
  'offline.html': '<!doctype html><title>Offline</title><h1>You are offline</h1>',
  '404.html': FIXTURE_404_HTML,
  'blog/atlas-vs-gaf.html': '<!doctype html><title>Atlas vs GAF</title><h1>Atlas vs GAF</h1>',
  'assets/app-3f9a1c.js': `console.log(${JSON.stringify('island '.repeat(100))});`,
  'assets/app-3f9a1c.css': `body{color:#111}${'.a{margin:0}'.repeat(100)}`,
  'img/roof-480.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  'sw.js': `self.addEventListener('install', () => {});${' '.repeat(300)}`,
  'robots.txt': 'User-agent: *\nDisallow: /admin\n',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
  'locations/pooler.html': '<!doctype html><title>Stale page the redirect replaces</title>',
  '_redirects.json': JSON.stringify([
    { from: '/locations/pooler', to: '/locations/pooler-roofing' },
    { from: '/locations/ardlesly-park-roofing', to: '/locations/ardsley-park-roofing' },
  ]),
  '_headers.txt': 'never served',
  '_private/secret.txt': 'never served either',
};

/** Files written without .br/.gz, as the build does for tiny files. */
const UNCOMPRESSED = new Set(['about.html', 'img/roof-480.svg', 'robots.txt', 'sitemap.xml', 'locations/pooler.html']);
const TEXT = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;

/**
 * Writes a throw-away dist/ folder (with .br/.gz beside text files and the
 * build's `_server.json`, from the real facts unless `serverData` is false, and
 * its bundle of the server's React) and returns
 * its path and a cleanup. Each test file makes its own, so none shares leftovers.
 */
let renderBundle: Promise<string> | undefined;

/** The real build's bundle of the server's React, made once per test process. */
function serverRenderBundle(): Promise<string> {
  renderBundle ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'roofing-render-'));
    await bundleServerRender(dir);
    return path.join(dir, SERVER_RENDER_FILE);
  })();
  return renderBundle;
}

export async function makeTempDist(
  files: Record<string, string | Uint8Array> = FIXTURE_FILES,
  options: { serverData?: boolean } = {},
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'roofing-dist-'));
  await mkdir(path.join(dir, path.dirname(SERVER_RENDER_FILE)), { recursive: true });
  await copyFile(await serverRenderBundle(), path.join(dir, SERVER_RENDER_FILE));
  // Every build writes _server.json; a test of its absence says so.
  const all = options.serverData === false ? files : { [SERVER_DATA_FILE]: JSON.stringify(fixtureServerData()), ...files };
  for (const [name, content] of Object.entries(all)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    if (TEXT.test(name) && !name.startsWith('_') && !UNCOMPRESSED.has(name)) {
      const bytes = typeof content === 'string' ? Buffer.from(content) : content;
      await writeFile(`${file}.br`, brotliCompressSync(bytes));
      await writeFile(`${file}.gz`, gzipSync(bytes));
    }
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A valid environment for tests, with overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', ...overrides });
}
