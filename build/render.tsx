import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import AdminDocument from '../components/AdminDocument.tsx';
import Document from '../components/Document.tsx';
import { isAdminPath } from '../lib/admin-paths.ts';
import { renderedIslands } from '../components/Island.tsx';
import { PageContext, type PageContextValue } from '../components/page-context.ts';
import { PAGE_SHEETS_SLOT, usedSheets } from '../components/page-sheets.ts';
import type { PageMeta } from '../components/meta.ts';
import { islandNames } from './assets.ts';
import { replaceTokens } from '../content/layer/tokens.ts';
import { renderMarkdown } from './markdown.ts';
import { loadPageModule } from './routes.ts';
import { CLIENT_DIR } from './paths.ts';

const ISLANDS_DIR = path.join(CLIENT_DIR, 'islands');

/** What a build hands its components (components/page-context.ts), the renderers they call included. */
export function pageContext(
  data: Omit<PageContextValue, 'path' | 'renderMarkdown' | 'headings' | 'replaceTokens'>,
): Omit<PageContextValue, 'path'> {
  return {
    ...data,
    renderMarkdown: (markdown, file) => renderMarkdown(markdown, file, data.images).html,
    headings: (markdown, file) => renderMarkdown(markdown, file, data.images).headings,
    replaceTokens,
  };
}

export interface RenderedPage {
  html: string;
  meta: PageMeta;
  islands: string[];
}

let islands: { mtimeMs: number; names: Set<string> } | undefined;

/**
 * The islands' names, listed again only when client/islands/ changed (a file added,
 * removed or renamed): listing it for each page was 6% of the pages' time in a profile.
 */
function knownIslands(): Set<string> {
  const { mtimeMs } = fs.statSync(ISLANDS_DIR);
  if (islands?.mtimeMs !== mtimeMs) islands = { mtimeMs, names: new Set(islandNames()) };
  return islands.names;
}

/** Renders one page module inside the shared layout to a complete HTML document. */
export async function renderPage(
  file: string,
  urlPath: string,
  params: Record<string, string>,
  context: Omit<PageContextValue, 'path'>,
): Promise<RenderedPage> {
  const mod = await loadPageModule(file);
  const props = { path: urlPath, params, siteUrl: context.siteUrl };
  const meta = mod.meta(props);
  const Page = mod.default;
  // The admin area has its own layout, script and stylesheet: no public chrome, islands or injected settings.
  const admin = isAdminPath(urlPath);
  if (admin && (!context.assets.admin || !context.assets.adminCss)) {
    throw new Error(`${file}: the admin bundle was not built, so ${urlPath} would have no script or styles`);
  }
  const Layout = admin ? AdminDocument : Document;
  renderedIslands.clear();
  usedSheets.clear();
  const body = renderToString(
    <PageContext.Provider value={{ ...context, path: urlPath }}>
      <Layout meta={meta}>
        <Page {...props} />
      </Layout>
    </PageContext.Provider>,
  );
  const islands = [...renderedIslands];
  const known = knownIslands();
  const unknown = islands.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new Error(`${file}: island(s) ${unknown.join(', ')} have no file in client/islands/ (name must match the file)`);
  }
  // In the order the page's components asked for them, but the inner pages' sheet first: its rules
  // were the site stylesheet's, and later sheets were written to override them.
  const sheets = [...usedSheets]
    .sort((a, b) => Number(b === 'inner') - Number(a === 'inner'))
    .map((name) => context.assets.sheets[name])
    .join('');
  return { html: `<!DOCTYPE html>${body.replace(PAGE_SHEETS_SLOT, () => sheets)}`, meta, islands };
}
