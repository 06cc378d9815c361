import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { securityHeaders } from './security.ts';

/** A ready-to-send answer: pass `headers` to `res.writeHead` or `new Response` unchanged (they are frozen and shared). */
export interface StaticResponse<S extends number = number> {
  status: S;
  headers: Readonly<Record<string, string>>;
  /** `null` for HEAD and 304. */
  body: Bytes | null;
}

export type StaticHit = StaticResponse<200 | 304>;

/** The built site held in memory; see `loadStaticStore`. */
export interface StaticStore {
  readonly distDir: string;
  /**
   * Answers a GET or HEAD for a built file, or `undefined` when the store has
   * nothing for it (other methods, unknown paths, `_` files, redirect sources).
   * `path` is the raw request path; a query string is ignored, percent-escapes are decoded.
   * Picks br > gzip > identity from Accept-Encoding (q=0 excludes) and answers 304
   * when If-None-Match names the chosen variant. `https` adds HSTS (see security.ts).
   * The Hono app and the raw node:http fast path both call this, so they cannot disagree.
   */
  lookup(
    method: string,
    path: string,
    acceptEncoding: string | null | undefined,
    ifNoneMatch: string | null | undefined,
    https?: boolean,
  ): StaticHit | undefined;
  /** The 404 page (dist/404.html, negotiated like any page) with `X-Robots-Tag: noindex`. */
  notFound(method: string, acceptEncoding: string | null | undefined, https?: boolean): StaticResponse<404>;
  /** The permanent redirect target for a path listed in `_redirects.json`, if any. */
  redirectFor(path: string): string | undefined;
  /** The URL paths the store serves, sorted. */
  paths(): string[];
  /** Re-reads `distDir` and swaps the new contents in at once; requests keep being answered meanwhile. */
  reload(): Promise<void>;
}

type Encoding = 'br' | 'gzip';
type Bytes = Uint8Array<ArrayBuffer>;

interface Variant {
  etag: string;
  // Index 0 without HSTS, 1 with it: chosen per request, built once here.
  ok: [StaticHit, StaticHit];
  head: [StaticHit, StaticHit];
  notModified: [StaticHit, StaticHit];
}

interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

interface NotFoundVariant {
  get: [StaticResponse<404>, StaticResponse<404>];
  head: [StaticResponse<404>, StaticResponse<404>];
}

interface NotFoundEntry {
  identity: NotFoundVariant;
  br?: NotFoundVariant;
  gzip?: NotFoundVariant;
}

interface State {
  files: Map<string, Entry>;
  notFound: NotFoundEntry;
  redirects: Map<string, string>;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const SHORT_CACHE = 'public, max-age=3600';

// Unhashed files that change rarely and that crawlers fetch often.
const SHORT_CACHE_PATHS = new Set(['/robots.txt', '/sitemap.xml', '/favicon.svg', '/favicon.ico']);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

const FALLBACK_404_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

const redirectsSchema = z.array(
  z.object({
    from: z.string().startsWith('/'),
    to: z.string().refine((to) => to.startsWith('/') || /^https?:\/\//.test(to), 'must start with / or http(s)://'),
  }),
);

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/img/')) return IMMUTABLE;
  if (SHORT_CACHE_PATHS.has(urlPath)) return SHORT_CACHE;
  return REVALIDATE;
}

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

const encodingCache = new Map<string, readonly Encoding[]>();
const NO_ENCODING: readonly Encoding[] = Object.freeze([]);

/**
 * The compressed encodings a client accepts, best first. Identity is always the fallback:
 * answering 406 to a client that refuses identity helps nobody.
 */
export function acceptedEncodings(header: string | null | undefined): readonly Encoding[] {
  if (!header) return NO_ENCODING;
  const cached = encodingCache.get(header);
  if (cached) return cached;

  let br: number | undefined;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of header.split(',')) {
    const [rawCoding, ...params] = part.split(';');
    const coding = rawCoding!.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key!.trim().toLowerCase() === 'q') {
        const parsed = Number.parseFloat(value ?? '');
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
    else if (coding === '*') star = q;
  }
  const qBr = br ?? star ?? 0;
  const qGzip = gzip ?? star ?? 0;
  const result: Encoding[] = [];
  if (qBr > 0 && qBr >= qGzip) result.push('br');
  if (qGzip > 0) result.push('gzip');
  if (qBr > 0 && qBr < qGzip) result.push('br');
  const frozen = Object.freeze(result);
  // Real clients send a handful of distinct headers; the bound stops a hostile client growing the map.
  if (encodingCache.size >= 256) encodingCache.clear();
  encodingCache.set(header, frozen);
  return frozen;
}

/** If-None-Match against one strong ETag, using the weak comparison RFC 9110 prescribes for GET/HEAD. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*') return true;
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

function pick<T>(entry: { identity: T; br?: T; gzip?: T }, acceptEncoding: string | null | undefined): T {
  if (entry.br === undefined && entry.gzip === undefined) return entry.identity;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const variant = entry[encoding];
    if (variant !== undefined) return variant;
  }
  return entry.identity;
}

function decodePath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

function etagOf(bytes: Bytes): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function freeze<T extends object>(value: T): Readonly<T> {
  return Object.freeze(value);
}

function buildVariant(
  bytes: Bytes,
  encoding: Encoding | 'identity',
  contentType: string,
  cacheControl: string,
  vary: boolean,
): Variant {
  const etag = etagOf(bytes);
  const pair = <S extends 200 | 304>(status: S, withBody: boolean, representation: boolean) =>
    [false, true].map((https) => {
      const headers: Record<string, string> = { ...securityHeaders(https), 'cache-control': cacheControl, etag };
      if (vary) headers.vary = 'Accept-Encoding';
      if (representation) {
        headers['content-type'] = contentType;
        headers['content-length'] = String(bytes.byteLength);
        if (encoding !== 'identity') headers['content-encoding'] = encoding;
      }
      return freeze({ status, headers: freeze(headers), body: withBody ? bytes : null });
    }) as [StaticResponse<S>, StaticResponse<S>];
  return {
    etag,
    ok: pair(200, true, true),
    head: pair(200, false, true),
    // 304 repeats the validators and caching headers, not the representation's length or type.
    notModified: pair(304, false, false),
  };
}

function buildNotFoundVariant(bytes: Bytes, encoding: Encoding | 'identity', vary: boolean): NotFoundVariant {
  const pair = (withBody: boolean) =>
    [false, true].map((https) => {
      const headers: Record<string, string> = {
        ...securityHeaders(https),
        'cache-control': REVALIDATE,
        'content-type': CONTENT_TYPES['.html']!,
        'content-length': String(bytes.byteLength),
        'x-robots-tag': 'noindex',
      };
      if (vary) headers.vary = 'Accept-Encoding';
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      return freeze({ status: 404 as const, headers: freeze(headers), body: withBody ? bytes : null });
    }) as [StaticResponse<404>, StaticResponse<404>];
  return { get: pair(true), head: pair(false) };
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

async function readState(distDir: string): Promise<State> {
  try {
    if (!(await stat(distDir)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new Error(`No build output at ${distDir}. Run \`npm run build\` first, or point DIST_DIR at the build.`);
  }
  const redirects = await readRedirects(distDir);
  const all = await listFiles(distDir);
  const present = new Set(all);
  // .br/.gz beside their source are variants, not files of their own.
  const isVariant = (file: string) => (file.endsWith('.br') || file.endsWith('.gz')) && present.has(file.slice(0, -3));
  // Sorted so that when two files claim one URL the same one wins on every machine.
  const sources = all.filter((file) => !isVariant(file)).sort();

  const readOptional = async (file: string) => {
    if (!present.has(file)) return undefined;
    // Buffer is a Uint8Array; keeping it avoids copying every file once more.
    const bytes: Bytes = await readFile(path.join(distDir, file));
    return bytes;
  };
  const loaded = await mapLimit(sources, 32, async (file) => {
    const isNotFoundPage = file === '404.html';
    const urlPath = isNotFoundPage ? null : urlPathForFile(file);
    if (!isNotFoundPage && (urlPath === null || redirects.has(urlPath))) return null;
    const [identity, br, gzip] = await Promise.all([readOptional(file), readOptional(`${file}.br`), readOptional(`${file}.gz`)]);
    return { file, urlPath, identity: identity!, br, gzip };
  });

  const files = new Map<string, Entry>();
  let notFound: NotFoundEntry | undefined;
  for (const item of loaded) {
    if (!item) continue;
    const vary = item.br !== undefined || item.gzip !== undefined;
    if (item.urlPath === null) {
      notFound = {
        identity: buildNotFoundVariant(item.identity, 'identity', vary),
        ...(item.br && { br: buildNotFoundVariant(item.br, 'br', vary) }),
        ...(item.gzip && { gzip: buildNotFoundVariant(item.gzip, 'gzip', vary) }),
      };
      continue;
    }
    // Two files claiming one URL (about.html and about/index.html): the build means one, keep the first.
    if (files.has(item.urlPath)) continue;
    const contentType = contentTypeFor(item.file);
    const cacheControl = cacheControlFor(item.urlPath);
    files.set(item.urlPath, {
      identity: buildVariant(item.identity, 'identity', contentType, cacheControl, vary),
      ...(item.br && { br: buildVariant(item.br, 'br', contentType, cacheControl, vary) }),
      ...(item.gzip && { gzip: buildVariant(item.gzip, 'gzip', contentType, cacheControl, vary) }),
    });
  }
  notFound ??= { identity: buildNotFoundVariant(new TextEncoder().encode(FALLBACK_404_HTML), 'identity', false) };
  return { files, notFound, redirects };
}

/**
 * Loads every file of the build (`distDir`, absolute) with its .br/.gz variants,
 * ETags and response headers precomputed, so serving a hit is a map lookup.
 * @throws when the folder is missing or `_redirects.json` is malformed.
 */
export async function loadStaticStore(distDir: string): Promise<StaticStore> {
  const root = path.resolve(distDir);
  let state = await readState(root);

  return {
    distDir: root,
    lookup(method, urlPath, acceptEncoding, ifNoneMatch, https = false) {
      const isHead = method === 'HEAD';
      if (!isHead && method !== 'GET') return undefined;
      const queryStart = urlPath.indexOf('?');
      if (queryStart !== -1) urlPath = urlPath.slice(0, queryStart);
      let entry = state.files.get(urlPath);
      if (entry === undefined) {
        if (!urlPath.includes('%')) return undefined;
        const decoded = decodePath(urlPath);
        entry = decoded === undefined ? undefined : state.files.get(decoded);
        if (entry === undefined) return undefined;
      }
      const variant = pick(entry, acceptEncoding);
      const index = https ? 1 : 0;
      if (ifNoneMatch && etagMatches(ifNoneMatch, variant.etag)) return variant.notModified[index];
      return isHead ? variant.head[index] : variant.ok[index];
    },
    notFound(method, acceptEncoding, https = false) {
      const variant = pick(state.notFound, acceptEncoding);
      return (method === 'HEAD' ? variant.head : variant.get)[https ? 1 : 0];
    },
    redirectFor(urlPath) {
      return state.redirects.get(urlPath);
    },
    paths() {
      return [...state.files.keys()].sort();
    },
    async reload() {
      state = await readState(root);
    },
  };
}
