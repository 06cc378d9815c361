/**
 * Publishing the owner's content (docs/decisions/061-owner-content-and-publishing.md):
 * the content is written as an overlay folder, the build runs as its own process
 * into a fresh folder beside dist/, and only a build that succeeded is swapped in
 * (two renames) and reloaded into memory. A failed build deletes its folder: dist/
 * stays byte for byte as it was. Every server polls the newest version's stamp and
 * reloads or rebuilds when its dist/ holds another.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_DATA_FILE } from '../../lib/server-data.ts';
import type { Db } from '../db/index.ts';
import type { SiteFiles } from '../site/site-files.ts';
import {
  insertVersion,
  latestStamp,
  latestVersion,
  type OwnerArticle,
  type OwnerContent,
  type OwnerPagePhoto,
  type OwnerProject,
} from './store.ts';

/** The checkout this server runs from: publishing needs its build/ and content/ too. */
export const CHECKOUT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The folder under DATA_DIR holding the published version's overlay, which `npm run build` reads too. */
export const OVERLAY_FOLDER = 'owner-content';

/** How often a server on PostgreSQL looks for a version published by another one. */
export const PUBLISH_POLL_MS = 2_000;
/** A build that has not finished by then is stopped and the publish refused. */
const BUILD_TIMEOUT_MS = 180_000;
/** How much of the build's output is kept to explain a failure. */
const OUTPUT_KEEP = 64 * 1024;

export type PublishResult =
  | {
      ok: true;
      stamp: string;
      versionId: number | null;
      seconds: number;
      /** The build's own log (its phases, for the bench). */ output: string;
    }
  | { ok: false; reason: string };

export interface HookRun {
  stamp: string;
  ok: boolean;
  at: Date;
  output: string;
}

export interface Publisher {
  /** Null when this server can publish; otherwise why not, in plain words. */
  cannotPublish(): string | null;
  /**
   * Builds the site with the given content over the repository's, swaps it in and records it as a new
   * version (in `record`'s transaction, so the row and the audit entry go together).
   */
  publish(
    content: OwnerContent,
    record: (stamp: string) => (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<number>,
  ): Promise<PublishResult>;
  /** Builds the given content into a fresh folder without swapping it in (a preview); the caller removes it. */
  buildInto(content: OwnerContent, dir: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Serves the newest published version if this server does not yet (the poll calls it). */
  sync(): Promise<void>;
  /** Syncs once, then polls on PostgreSQL. Never throws: a failed sync is logged and tried again. */
  start(): Promise<void>;
  stop(): void;
  /** The last run of the hook, if one ran since start. */
  lastHook(): HookRun | null;
  /** Resolves when no publish, sync or hook is running (tests wait on it). */
  idle(): Promise<void>;
}

export interface PublisherOptions {
  db: Db;
  files: SiteFiles;
  dataDir: string;
  hook?: string | undefined;
  /** The checkout with build/ and content/; CHECKOUT_ROOT unless a test moves it. */
  root?: string;
  /** The build's entry, relative to root (or absolute: a test's stand-in build). */
  buildEntry?: string;
  pollMs?: number | null;
  /** An uploaded photo's bytes for a gallery project (server/gallery/store.ts `widestWebp`); none by default. */
  photo?: (id: number) => Promise<Buffer | null>;
  /** The environment the build runs with (process.env unless given). */
  buildEnv?: Record<string, string | undefined>;
  /** The Google Place ID saved in the admin's settings, which each build's overlay carries (none by default). */
  placeId?: () => string | null;
}

/** A fresh stamp: time first, so stamps sort like versions. */
export function newStamp(now = new Date()): string {
  return `${now
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14)}-${randomBytes(4).toString('hex')}`;
}

/** The build's reason for failing, from its output: the lines after "Build failed" or an error, at most 12. */
export function failureReason(output: string, code: number | null, signal: string | null): string {
  const lines = output
    .split('\n')
    .map((l) => l.replace(/\u001b\[[0-9;]*m/g, '').trimEnd())
    .filter((l) => l.trim() !== '');
  const start = lines.findIndex((l) => /Build failed|Content is invalid|Error:/.test(l));
  const picked = (start === -1 ? lines.slice(-12) : lines.slice(start, start + 12)).join('\n');
  if (signal) return `The build was stopped (${signal}) before it finished. ${picked}`.trim();
  return picked || `The build ended with code ${code} and said nothing.`;
}

/** Renames `from` aside and `next` into its place; returns the undo. */
async function swapIn(next: string, target: string): Promise<{ old: string | null; undo: () => Promise<void> }> {
  const old = path.join(path.dirname(target), `.${path.basename(target)}-old-${process.pid}-${Date.now()}`);
  let moved = false;
  try {
    await rename(target, old);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(next, target);
  } catch (error) {
    if (moved) await rename(old, target);
    throw error;
  }
  return {
    old: moved ? old : null,
    async undo() {
      await rename(target, next);
      if (moved) await rename(old, target);
    },
  };
}

/**
 * Runs `work` holding a lock file beside dist/, so the processes of one machine
 * (WEB_CONCURRENCY) never build and swap dist/ at the same time. Null when another
 * holds it; a lock older than a build can take is left from a crash and taken over.
 */
async function withMachineLock<T>(distDir: string, work: () => Promise<T>): Promise<T | null> {
  const lock = path.join(path.dirname(distDir), `.${path.basename(distDir)}-publish.lock`);
  const take = () => open(lock, 'wx').then((handle) => handle.close());
  try {
    await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age < BUILD_TIMEOUT_MS + 60_000) return null;
    await rm(lock, { force: true });
    try {
      await take();
    } catch {
      return null;
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { force: true });
  }
}

/** The name an uploaded photo has in the overlay's images/. */
export const photoName = (id: number) => `owner-photo-${id}.webp`;

/** The uploaded photo a picture's name stands for (`photoName`), or null for a picture of content/images/. */
export function photoIdOf(name: string): number | null {
  const match = /^owner-photo-(\d+)\.webp$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** A gallery project as the content layer reads it: front matter (JSON strings are YAML) and the story. */
function projectFile(project: OwnerProject, order: number): string {
  const q = (v: string) => JSON.stringify(v);
  return [
    '---',
    `title: ${q(project.title)}`,
    `service: ${q(project.service)}`,
    `location: ${q(project.location)}`,
    `date: ${q(project.date)}`,
    // Real projects come before the drawings, newest first among themselves.
    `order: ${order}`,
    'illustrated: false',
    'before:',
    `  src: ${q(photoName(project.before.photo))}`,
    `  alt: ${q(project.before.alt)}`,
    'after:',
    `  src: ${q(photoName(project.after.photo))}`,
    `  alt: ${q(project.after.alt)}`,
    '---',
    '',
    project.story.trim(),
    '',
  ].join('\n');
}

/**
 * The owner's articles as blog/<slug>.md: each front-matter field as JSON (which is YAML), then the body.
 * An article whose picture is one of the gallery photos gets that photo in images/, as a page photo does.
 */
async function writeArticles(
  dir: string,
  articles: OwnerArticle[],
  photo: (id: number) => Promise<Buffer | null>,
): Promise<void> {
  if (!articles.length) return;
  await mkdir(path.join(dir, 'blog'), { recursive: true });
  for (const article of articles) {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(article.slug)) throw new Error(`The article "${article.slug}" has no usable address.`);
    const fields = Object.entries(article.data).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    await writeFile(
      path.join(dir, 'blog', `${article.slug}.md`),
      ['---', ...fields, '---', '', article.body.trim(), ''].join('\n'),
    );
    const image = (article.data.image ?? {}) as { src?: unknown };
    const id = typeof image.src === 'string' ? photoIdOf(image.src) : null;
    if (id === null) continue;
    const bytes = await photo(id);
    if (!bytes) throw new Error(`The photo chosen for the article "${article.slug}" is no longer stored; choose another one.`);
    await mkdir(path.join(dir, 'images'), { recursive: true });
    await writeFile(path.join(dir, 'images', photoName(id)), bytes);
  }
}

/**
 * The photos in place of illustrations, as content/layer/page-photos.ts reads them
 * (`page-photos.json`, by collection and slug), with their files in images/.
 */
async function writePagePhotos(
  dir: string,
  chosen: OwnerPagePhoto[],
  photo: (id: number) => Promise<Buffer | null>,
): Promise<void> {
  const byCollection: Record<string, Record<string, { src: string; alt: string }>> = {};
  for (const choice of chosen) {
    const [collection, slug] = choice.page.split('/') as [string, string];
    const bytes = await photo(choice.photo);
    if (!bytes) throw new Error(`The photo chosen for a page (${choice.page}) is no longer stored; choose another one.`);
    await writeFile(path.join(dir, 'images', photoName(choice.photo)), bytes);
    (byCollection[collection] ??= {})[slug] = { src: photoName(choice.photo), alt: choice.alt };
  }
  await writeFile(path.join(dir, 'page-photos.json'), JSON.stringify(byCollection, null, 2) + '\n');
}

/**
 * Writes the given content as the overlay folder the build reads: business.json,
 * stamp.json, the owner's articles, each gallery project with its photos and the
 * photos in place of illustrations (`photo` gives an uploaded photo's bytes). Throws
 * when a project, a page or an article names a photo that is not there.
 */
export async function writeOverlay(
  dir: string,
  content: OwnerContent,
  stamp: string,
  photo: (id: number) => Promise<Buffer | null> = async () => null,
  /** Settings the build reads from the overlay: the owner's Place ID (build/place-id.ts), null for none. */
  settings: { placeId?: string | null } = {},
): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'stamp.json'), JSON.stringify({ stamp }, null, 2) + '\n');
  if (settings.placeId) {
    await writeFile(path.join(dir, 'google-place.json'), JSON.stringify({ placeId: settings.placeId }, null, 2) + '\n');
  }
  if (content.business !== undefined) {
    await writeFile(path.join(dir, 'business.json'), JSON.stringify(content.business, null, 2) + '\n');
  }
  await writeArticles(dir, content.articles ?? [], photo);
  const projects = content.gallery ?? [];
  const pagePhotos = content.pagePhotos ?? [];
  if (projects.length || pagePhotos.length) await mkdir(path.join(dir, 'images'), { recursive: true });
  if (pagePhotos.length) await writePagePhotos(dir, pagePhotos, photo);
  if (!projects.length) return;
  await mkdir(path.join(dir, 'gallery'), { recursive: true });
  const newest = [...projects].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  for (const [index, project] of newest.entries()) {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(project.slug))
      throw new Error(`The gallery project "${project.title}" has no usable address.`);
    await writeFile(path.join(dir, 'gallery', `${project.slug}.md`), projectFile(project, index));
    for (const id of [project.before.photo, project.after.photo]) {
      const bytes = await photo(id);
      if (!bytes) throw new Error(`A photo of the gallery project "${project.title}" is no longer stored; upload it again.`);
      await writeFile(path.join(dir, 'images', photoName(id)), bytes);
    }
  }
}

/** The stamp of the build in `distDir`, read from its _server.json (null: none, or no build). */
async function stampOnDisk(distDir: string): Promise<string | null> {
  try {
    const data = JSON.parse(await readFile(path.join(distDir, SERVER_DATA_FILE), 'utf8')) as { contentStamp?: unknown };
    return typeof data.contentStamp === 'string' ? data.contentStamp : null;
  } catch {
    return null;
  }
}

// Long because every step shares the one queue and the options it closes over.
export function createPublisher(options: PublisherOptions): Publisher {
  const { db, files, dataDir } = options;
  const root = options.root ?? CHECKOUT_ROOT;
  const entry = path.resolve(root, options.buildEntry ?? 'build/index.ts');
  const pollMs = options.pollMs === undefined ? (db.kind === 'postgres' ? PUBLISH_POLL_MS : null) : options.pollMs;
  const overlayDir = path.join(dataDir, OVERLAY_FOLDER);
  let queue: Promise<unknown> = Promise.resolve();
  let hookRun: HookRun | null = null;
  let hooking: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let warnedNoCheckout = false;

  /** One publish, sync or preview at a time on this server: they share .cache/ and dist/. */
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  const cannotPublish = () =>
    existsSync(entry) && existsSync(path.join(root, 'node_modules'))
      ? null
      : 'Publishing needs the full checkout of the site (its build and content folders and installed packages) on this server. This one has only what serves the built site, so changes can be saved as drafts but not published here.';

  const runBuild = (distDir: string, overlay: string, extra: Record<string, string> = {}) =>
    new Promise<{ ok: true; output: string } | { ok: false; reason: string }>((resolve) => {
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx/esm', entry], {
        cwd: root,
        env: {
          ...(options.buildEnv ?? process.env),
          DIST_DIR: distDir,
          CONTENT_OVERLAY_DIR: overlay,
          DATA_DIR: dataDir,
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEEP);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const killer = setTimeout(() => child.kill('SIGTERM'), BUILD_TIMEOUT_MS);
      child.on('error', (error) => {
        clearTimeout(killer);
        resolve({ ok: false, reason: `The build could not be started: ${error.message}` });
      });
      child.on('close', (code, signal) => {
        clearTimeout(killer);
        resolve(code === 0 ? { ok: true, output } : { ok: false, reason: failureReason(output, code, signal) });
      });
    });

  const buildInto = async (content: OwnerContent, distDir: string, stamp: string, extra: Record<string, string> = {}) => {
    const reason = cannotPublish();
    if (reason) return { ok: false as const, reason };
    const overlay = path.join(dataDir, `.${OVERLAY_FOLDER}-next-${stamp}`);
    try {
      await writeOverlay(overlay, content, stamp, options.photo, { placeId: options.placeId?.() ?? null });
    } catch (error) {
      await rm(overlay, { recursive: true, force: true });
      return { ok: false as const, reason: error instanceof Error ? error.message : String(error) };
    }
    await rm(distDir, { recursive: true, force: true });
    const built = await runBuild(distDir, overlay, extra);
    if (!built.ok) {
      await Promise.all([rm(distDir, { recursive: true, force: true }), rm(overlay, { recursive: true, force: true })]);
    }
    return { ...built, overlay };
  };

  const runHook = (stamp: string) => {
    const hook = options.hook;
    if (!hook) return;
    hooking = new Promise<void>((resolve) => {
      let output = '';
      const child = spawn('sh', ['-c', hook], {
        cwd: root,
        env: { ...process.env, DIST_DIR: files.distDir, PUBLISHED_VERSION: stamp },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4096);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => {
        hookRun = { stamp, ok: false, at: new Date(), output: error.message };
        resolve();
      });
      child.on('close', (code) => {
        hookRun = { stamp, ok: code === 0, at: new Date(), output: output.trim() };
        if (code !== 0) console.error(`The publish hook (PUBLISH_HOOK) failed with code ${code}: ${output.trim()}`);
        resolve();
      });
    });
  };

  /** Builds the given content as `stamp`, swaps it in and reloads; `record` runs once it is served (null: nothing to record). */
  const buildAndSwap = async (
    content: OwnerContent,
    stamp: string,
    record: ((tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<number>) | null,
  ): Promise<PublishResult> => {
    const started = performance.now();
    const target = files.distDir;
    const next = path.join(path.dirname(target), `.${path.basename(target)}-next-${stamp}`);
    const built = await buildInto(content, next, stamp);
    if (!built.ok) return built;
    const swap = await swapIn(next, target);
    let versionId: number | null = null;
    try {
      await files.reload();
      if (record) versionId = await db.transaction(record);
    } catch (error) {
      // The new build could not be served or recorded: put the old one back, as it was.
      await swap.undo();
      await files.reload().catch(() => {});
      await rm(next, { recursive: true, force: true });
      await rm(built.overlay, { recursive: true, force: true });
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, reason: `The new version was built but could not be put live (${reason}); the site is unchanged.` };
    }
    const overlaySwap = await swapIn(built.overlay, overlayDir);
    void Promise.all([swap.old, overlaySwap.old].map((dir) => (dir ? rm(dir, { recursive: true, force: true }) : null)));
    return { ok: true, stamp, versionId, seconds: (performance.now() - started) / 1000, output: built.output };
  };

  const sync = () =>
    inTurn(async () => {
      const stamp = await latestStamp(db);
      if (stamp === null || stamp === files.site.contentStamp) return;
      // Another process of this machine may have swapped it in already: then reading it is enough.
      if ((await stampOnDisk(files.distDir)) === stamp) {
        await files.reload();
        return;
      }
      if (cannotPublish()) {
        if (!warnedNoCheckout)
          console.warn(`A newer version of the owner's content (${stamp}) is published, but this server cannot build it.`);
        warnedNoCheckout = true;
        return;
      }
      const version = await latestVersion(db);
      if (!version) return;
      // Another process of this machine building it swaps dist/ for all of them: the next poll reloads it.
      const result = await withMachineLock(files.distDir, () => buildAndSwap(version.content, version.stamp, null));
      if (result === null) return;
      if (!result.ok) console.error(`Could not build the published version ${version.stamp}: ${result.reason}`);
      else console.log(`Now serving the owner's published version ${version.stamp} (built in ${result.seconds.toFixed(1)} s).`);
    });

  const poll = () => {
    if (stopped || pollMs === null) return;
    timer = setTimeout(() => {
      sync()
        .catch((error: unknown) =>
          console.error('Could not check for a published version:', error instanceof Error ? error.message : error),
        )
        .finally(poll);
    }, pollMs);
    timer.unref();
  };

  return {
    cannotPublish,
    publish(content, record) {
      return inTurn(async () => {
        const stamp = newStamp();
        const result = (await withMachineLock(files.distDir, () => buildAndSwap(content, stamp, record(stamp)))) ?? {
          ok: false as const,
          reason: 'Another publish is being built on this server right now. Wait a minute, then publish again.',
        };
        if (result.ok) runHook(stamp);
        return result;
      });
    },
    buildInto: (content, dir) =>
      inTurn(async () => {
        const built = await buildInto(content, dir, newStamp());
        if (built.ok) await rm(built.overlay, { recursive: true, force: true });
        return built.ok ? { ok: true } : built;
      }),
    sync,
    async start() {
      await sync().catch((error: unknown) =>
        console.error('Could not check for a published version:', error instanceof Error ? error.message : error),
      );
      poll();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    lastHook: () => hookRun,
    async idle() {
      await queue;
      await hooking;
    },
  };
}
