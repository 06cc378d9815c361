/**
 * The preview of the business draft: the whole site built with the draft over the
 * live content into a folder of its own (never dist/), its pages shown under
 * /admin/business/preview/ behind the guard, with their links kept inside the preview.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminPageDeps } from '../core/deps.ts';
import type { AdminContext } from '../core/workbench.ts';
import { BUSINESS_PREVIEW_PAGES } from './paths.ts';

/** The folder a preview is built into. */
export function previewDir(dataDir: string): string {
  return path.join(dataDir, 'preview', 'business');
}

const BANNER = `<p role="note" class="preview-note">Preview of your draft: visitors do not see this yet. <a href="/admin/business">Back to the business details</a></p>`;

/** One page of the preview, or a plain answer when there is none. */
export async function previewPage(c: AdminContext, { env }: Pick<AdminPageDeps, 'env'>): Promise<Response> {
  const rest = c.req.path.slice(BUSINESS_PREVIEW_PAGES.length).replace(/^\/+|\/+$/g, '');
  if (rest.split('/').some((part) => part === '..' || part.startsWith('.') || part.startsWith('_')) || !/^[a-z0-9/-]*$/.test(rest)) {
    return c.text('No such page in the preview.', 404);
  }
  const file = path.join(previewDir(env.DATA_DIR), rest === '' ? 'index.html' : `${rest}.html`);
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch {
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>No preview</title></head><body><main><h1>No preview of this page</h1><p>Make one with “Preview” on <a href="/admin/business">the business details</a>.</p></main></body></html>`,
      404,
      { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
    );
  }
  // Links to the site's pages stay in the preview; its files (/assets/…) come from the live site, the same build's code.
  const inside = html
    .replace(/href="\/(?!assets\/|admin|api\/|_|sw\.js|favicon)([^"]*)"/g, (_m, p: string) => `href="${BUSINESS_PREVIEW_PAGES}${p ? `/${p}` : ''}"`)
    .replace(/(<body[^>]*>)/, `$1${BANNER}`);
  return c.html(inside, 200, { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' });
}
