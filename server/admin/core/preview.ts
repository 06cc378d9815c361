/**
 * A preview of the owner's draft: the whole site built with the draft over the live
 * content into a folder of its own (never dist/), its pages shown under the screen's
 * preview address behind the guard, with their links kept inside the preview.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminContext } from './workbench.ts';

export interface PreviewPlace {
  /** The folder the preview was built into. */
  dir: string;
  /** Where its pages are shown: `<base>/contact` is the draft's /contact. */
  base: string;
  /** The screen the banner leads back to. */
  back: { href: string; label: string };
}

/** The folder a screen's preview is built into. */
export function previewFolder(dataDir: string, screen: string): string {
  return path.join(dataDir, 'preview', screen);
}

/** One page of the preview, or a plain answer when there is none. */
export async function previewPageOf(c: AdminContext, place: PreviewPlace): Promise<Response> {
  const rest = c.req.path.slice(place.base.length).replace(/^\/+|\/+$/g, '');
  if (
    rest.split('/').some((part) => part === '..' || part.startsWith('.') || part.startsWith('_')) ||
    !/^[a-z0-9/-]*$/.test(rest)
  ) {
    return c.text('No such page in the preview.', 404);
  }
  const file = path.join(place.dir, rest === '' ? 'index.html' : `${rest}.html`);
  let html: string;
  try {
    html = await readFile(file, 'utf8');
  } catch {
    return c.html(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>No preview</title></head><body><main><h1>No preview of this page</h1><p>Make one with “Preview” on <a href="${place.back.href}">${place.back.label}</a>.</p></main></body></html>`,
      404,
      { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' },
    );
  }
  const banner = `<p role="note" class="preview-note">Preview of your draft: visitors do not see this yet. <a href="${place.back.href}">Back to ${place.back.label}</a></p>`;
  // Links to the site's pages stay in the preview; its files (/assets/…) come from the live site, the same build's code.
  const inside = html
    .replace(
      /href="\/(?!assets\/|admin|api\/|_|sw\.js|favicon|apple-touch-icon)([^"]*)"/g,
      (_m, p: string) => `href="${place.base}${p ? `/${p}` : ''}"`,
    )
    .replace(/(<body[^>]*>)/, `$1${banner}`);
  return c.html(inside, 200, { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' });
}
