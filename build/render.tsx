import { renderToString } from 'react-dom/server';
import Document from '../components/Document.tsx';
import { renderedIslands } from '../components/Island.tsx';
import { PageContext, type PageContextValue } from '../components/page-context.ts';
import type { PageMeta } from '../components/meta.ts';
import { islandNames } from './assets.ts';
import { loadPageModule } from './routes.ts';

export interface RenderedPage {
  html: string;
  meta: PageMeta;
  islands: string[];
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
  renderedIslands.clear();
  const body = renderToString(
    <PageContext.Provider value={{ ...context, path: urlPath }}>
      <Document meta={meta}>
        <Page {...props} />
      </Document>
    </PageContext.Provider>,
  );
  const islands = [...renderedIslands];
  const known = new Set(islandNames());
  const unknown = islands.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new Error(`${file}: island(s) ${unknown.join(', ')} have no file in client/islands/ (name must match the file)`);
  }
  return { html: `<!DOCTYPE html>${body}`, meta, islands };
}
