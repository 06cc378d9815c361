/** The preview of the business draft (../core/preview.ts), under /admin/business/preview/. */
import type { AdminPageDeps } from '../core/deps.ts';
import { previewFolder, previewPageOf } from '../core/preview.ts';
import type { AdminContext } from '../core/workbench.ts';
import { BUSINESS_PREVIEW_PAGES } from './paths.ts';

/** The folder a preview is built into. */
export function previewDir(dataDir: string): string {
  return previewFolder(dataDir, 'business');
}

/** One page of the preview, or a plain answer when there is none. */
export function previewPage(c: AdminContext, { env }: Pick<AdminPageDeps, 'env'>): Promise<Response> {
  return previewPageOf(c, {
    dir: previewDir(env.DATA_DIR),
    base: BUSINESS_PREVIEW_PAGES,
    back: { href: '/admin/business', label: 'the business details' },
  });
}
