import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isAdminPath } from '../../lib/admin-paths.ts';
import type { ServerData } from '../../lib/server-data.ts';
import { CONTENT_SECURITY_POLICY, policyForPath } from '../http/security.ts';
import type { ServerRender } from '../built/render.ts';
import { readServerData } from '../built/server-data.ts';
import {
  buildNotFoundVariant,
  buildVariant,
  cacheControlFor,
  contentTypeFor,
  FALLBACK_404_HTML,
  type Bytes,
  type Entry,
  type NotFoundEntry,
} from './responses.ts';

export interface State {
  site: ServerData;
  render?: Promise<ServerRender>;
  files: Map<string, Entry>;
  notFound: NotFoundEntry;
  redirects: Map<string, string>;
  /** Admin pages by URL path, kept apart from `files` so that no lookup can serve one. */
  admin: Map<string, string>;
}

const redirectsSchema = z.array(
  z.object({
    from: z.string().startsWith('/'),
    to: z.string().refine((to) => to.startsWith('/') || /^https?:\/\//.test(to), 'must start with / or http(s)://'),
  }),
);

/**
 * Maps a file in dist/ to the URL it answers, or null when it is never served:
 * any segment starting with `_` or `.`, the 404 page (not a route) and anything under /api.
 */
export function urlPathForFile(relativePath: string): string | null {
  const segments = relativePath.split('/');
  if (segments.some((segment) => segment.startsWith('_') || segment.startsWith('.'))) return null;
  if (relativePath === '404.html') return null;
  let urlPath: string;
  if (relativePath.endsWith('.html')) {
    const withoutExt = relativePath.slice(0, -'.html'.length);
    if (withoutExt === 'index') urlPath = '/';
    else if (withoutExt.endsWith('/index')) urlPath = `/${withoutExt.slice(0, -'/index'.length)}`;
    else urlPath = `/${withoutExt}`;
  } else {
    urlPath = `/${relativePath}`;
  }
  if (urlPath === '/api' || urlPath.startsWith('/api/')) return null;
  return urlPath;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function readRedirects(distDir: string): Promise<Map<string, string>> {
  const file = path.join(distDir, '_redirects.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = redirectsSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - [${issue.path.join('.')}] ${issue.message}`);
    throw new Error(`${file} is not a list of { from, to } redirects:\n${problems.join('\n')}`);
  }
  return new Map(result.data.map((redirect) => [redirect.from, redirect.to]));
}

interface LoadedSource {
  file: string;
  /** Null for 404.html. */
  urlPath: string | null;
  identity: Bytes;
  br?: Bytes;
  gzip?: Bytes;
}

async function readBytes(distDir: string, file: string): Promise<Bytes | undefined> {
  try {
    // Buffer is a Uint8Array; keeping it avoids copying every file once more.
    const bytes: Bytes = await readFile(path.join(distDir, file));
    return bytes;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** One built file with its .br/.gz variants; null when it is not served (no URL, or a redirect source). */
async function loadSource(
  file: string,
  redirects: Map<string, string>,
  read: (file: string) => Promise<Bytes | undefined>,
): Promise<LoadedSource | null> {
  const isNotFoundPage = file === '404.html';
  const urlPath = isNotFoundPage ? null : urlPathForFile(file);
  if (!isNotFoundPage && (urlPath === null || redirects.has(urlPath))) return null;
  const [identity, br, gzip] = await Promise.all([read(file), read(`${file}.br`), read(`${file}.gz`)]);
  if (!identity) return null;
  return { file, urlPath, identity, br, gzip };
}

/** Files `item` into `files` or `admin`; returns the 404 page's entry when it is the 404 page. */
function addSource(item: LoadedSource, files: Map<string, Entry>, admin: Map<string, string>): NotFoundEntry | undefined {
  const vary = item.br !== undefined || item.gzip !== undefined;
  const html = item.file.endsWith('.html');
  if (item.urlPath === null) {
    const policy = policyForPath(CONTENT_SECURITY_POLICY, '/404', 404, true);
    return {
      identity: buildNotFoundVariant(item.identity, 'identity', vary, policy),
      ...(item.br && { br: buildNotFoundVariant(item.br, 'br', vary, policy) }),
      ...(item.gzip && { gzip: buildNotFoundVariant(item.gzip, 'gzip', vary, policy) }),
      html: item.identity,
    };
  }
  if (isAdminPath(item.urlPath)) {
    if (html && !admin.has(item.urlPath)) admin.set(item.urlPath, new TextDecoder().decode(item.identity));
    return undefined;
  }
  // Two files claiming one URL (about.html and about/index.html): the build means one, keep the first.
  if (files.has(item.urlPath)) return undefined;
  const contentType = contentTypeFor(item.file);
  const cacheControl = cacheControlFor(item.urlPath);
  // Only where the search runs does a file get a policy of its own (security.ts carriesSearch).
  const own = policyForPath(CONTENT_SECURITY_POLICY, item.urlPath, 200, html);
  const policy = own === CONTENT_SECURITY_POLICY ? undefined : own;
  files.set(item.urlPath, {
    identity: buildVariant(item.identity, 'identity', contentType, cacheControl, vary, policy),
    ...(item.br && { br: buildVariant(item.br, 'br', contentType, cacheControl, vary, policy) }),
    ...(item.gzip && { gzip: buildVariant(item.gzip, 'gzip', contentType, cacheControl, vary, policy) }),
    ...(html && { html: item.identity }),
  });
  return undefined;
}

/** `state` with `changed` re-read from disk (a removed file drops out); the other files are shared. */
export async function updatedState(
  distDir: string,
  state: State,
  changed: readonly string[],
): Promise<{ state: State; paths: Set<string>; notFoundChanged: boolean }> {
  const files = new Map(state.files);
  const admin = new Map(state.admin);
  let notFound = state.notFound;
  const paths = new Set<string>();
  let notFoundChanged = false;
  for (const raw of new Set(changed.map((f) => f.replace(/\.(br|gz)$/, '')))) {
    const file = path.posix.normalize(raw.split(path.sep).join('/'));
    if (file.startsWith('../') || path.isAbsolute(file)) throw new Error(`${raw} is not inside ${distDir}`);
    const urlPath = file === '404.html' ? null : urlPathForFile(file);
    if (urlPath === null) notFoundChanged ||= file === '404.html';
    else {
      files.delete(urlPath);
      admin.delete(urlPath);
      paths.add(urlPath);
    }
    const item = await loadSource(file, state.redirects, (f) => readBytes(distDir, f));
    if (item) notFound = addSource(item, files, admin) ?? notFound;
  }
  return { state: { ...state, files, admin, notFound }, paths, notFoundChanged };
}

export async function readState(distDir: string): Promise<State> {
  try {
    if (!(await stat(distDir)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new Error(`No build output at ${distDir}. Run \`npm run build\` first, or point DIST_DIR at the build.`);
  }
  const site = await readServerData(distDir);
  const redirects = await readRedirects(distDir);
  const all = await listFiles(distDir);
  const present = new Set(all);
  // .br/.gz beside their source are variants, not files of their own.
  const isVariant = (file: string) => (file.endsWith('.br') || file.endsWith('.gz')) && present.has(file.slice(0, -3));
  // Sorted so that when two files claim one URL the same one wins on every machine.
  const sources = all.filter((file) => !isVariant(file)).sort();

  const readOptional = async (file: string) => (present.has(file) ? readBytes(distDir, file) : undefined);
  const loaded = await mapLimit(sources, 32, (file) => loadSource(file, redirects, readOptional));

  const files = new Map<string, Entry>();
  const admin = new Map<string, string>();
  let notFound: NotFoundEntry | undefined;
  for (const item of loaded) {
    if (item) notFound = addSource(item, files, admin) ?? notFound;
  }
  notFound ??= {
    identity: buildNotFoundVariant(new TextEncoder().encode(FALLBACK_404_HTML), 'identity', false),
  };
  return { site, files, notFound, redirects, admin };
}
