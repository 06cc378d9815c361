/**
 * The build process of `npm run dev` (build/dev.ts starts it with an IPC channel).
 * It builds the site once, keeps its modules and what the build made (assets,
 * images, routes), and then answers edits of content Markdown by rendering only
 * the pages of the edited entries (an edited article is in the browser
 * in under 300 ms). The rest of the pages, which may list the entry, follow in
 * the background. Any other change (code, styles, images) makes dev.ts start a
 * fresh builder, which imports every module afresh.
 *
 * Messages to the parent: `built` (a whole build is in dist/), `quick` (the
 * listed files are written: the server re-reads them and the pages reload),
 * `settled` (the background pass is done), `failed` (dist/ is unchanged).
 */
import fs from 'node:fs';
import path from 'node:path';
import { CHANGED_FILES_FILE } from '../lib/server-data.ts';
import { buildSite, writeDevBuildId, type SiteRenderer } from './build-site.ts';
import { clearContentCache, ContentError, reloadContentFile } from '../content/layer/content.ts';
import { DIST_DIR } from './paths.ts';
import { routesOfEntry } from './routes.ts';
import { resolveSiteOrigin } from './site-origin.ts';

export type BuilderMessage =
  | { type: 'built'; ms: number }
  | { type: 'quick'; ms: number; files: string[]; paths: string[] }
  | { type: 'settled'; ms: number }
  | { type: 'failed'; message: string };

export interface ContentEdit {
  type: 'content';
  /** Paths relative to the project root, such as `content/blog/x.md`. */
  files: string[];
}

const send = (message: BuilderMessage) => process.send?.(message);
/** How long the other pages wait after the edited one: its reload takes some 100–200 ms. */
const BACKGROUND_PAUSE_MS = 1000;
const siteUrl = resolveSiteOrigin();
let renderer: SiteRenderer | undefined;
/** Bumped by every edit, so a background pass for an older one stops. */
let generation = 0;

async function buildAll(): Promise<void> {
  const started = performance.now();
  renderer = undefined;
  renderer = (await buildSite({ distDir: DIST_DIR, siteUrl, dev: true })).renderer;
  send({ type: 'built', ms: Math.round(performance.now() - started) });
}

async function edited(files: string[]): Promise<void> {
  const started = performance.now();
  const mine = ++generation;
  const entries = renderer ? files.map(reloadContentFile) : [null];
  const targets = entries.flatMap((e) => (e && renderer ? routesOfEntry(renderer.routes, e.collection, e.slug) : []));
  if (!renderer || entries.some((e) => e === null) || targets.length === 0) {
    // Added, removed or not a page of its own: the whole build, with every collection read again.
    clearContentCache();
    await buildAll();
    return;
  }
  const written = [...(await renderer.render(targets)), writeDevBuildId(DIST_DIR)];
  fs.writeFileSync(path.join(DIST_DIR, CHANGED_FILES_FILE), JSON.stringify(written));
  send({ type: 'quick', ms: Math.round(performance.now() - started), files: written, paths: targets.map((r) => r.path) });
  // Lists, related articles and menus elsewhere may show the entry: render them too, unless another edit comes first,
  // after a pause that leaves the cores to the server and the browser reloading the edited page.
  await new Promise((resolve) => setTimeout(resolve, BACKGROUND_PAUSE_MS));
  if (mine !== generation) return;
  const rest = renderer.routes.filter((route) => !targets.includes(route));
  await renderer.render(rest, () => mine !== generation);
  if (mine === generation) send({ type: 'settled', ms: Math.round(performance.now() - started) });
}

/** One message at a time, in order. */
let queue: Promise<void> = Promise.resolve();
const run = (work: () => Promise<void>) => {
  queue = queue.then(work).catch((error: unknown) => {
    const message = error instanceof ContentError || error instanceof Error ? error.message : String(error);
    console.error(`\nBuild failed: ${message}`);
    send({ type: 'failed', message });
  });
};

process.on('message', (message: ContentEdit) => {
  if (message.type === 'content') {
    // A newer edit stops the background pass of the one before at its next page.
    generation++;
    run(() => edited(message.files));
  }
});
// The parent going away ends the builder.
process.on('disconnect', () => process.exit(0));
run(buildAll);
