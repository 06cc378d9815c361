import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { z } from 'zod';
import { isAdminPath } from '../lib/admin-paths.ts';
import type { ServerData } from '../lib/server-data.ts';
import { CONTENT_SECURITY_POLICY, policyForPath, securityHeaders } from './security.ts';
import { loadServerRender, type ServerRender } from './render.ts';
import { readServerData } from './server-data.ts';

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
  /** What the build wrote for the server (business facts, lead services, page paths); replaced by `reload()`. */
  readonly site: ServerData;
  /** The build's bundle of the server's React, imported on first use (and afresh after `reload()`). */
  render(): Promise<ServerRender>;
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
  /** True when `path` (raw, as `lookup` takes it) names a built file or a redirect source: a page, whatever the method. */
  has(path: string): boolean;
  /** The URL paths the store serves, sorted. */
  paths(): string[];
  /** Re-reads `distDir` and swaps the new contents in at once; requests keep being answered meanwhile. */
  reload(): Promise<void>;
  /**
   * Re-reads only `files` (paths inside `distDir`, such as `blog/post.html`), which a
   * build changed, added or removed, and keeps everything else as loaded: the dev
   * server's reload after one edited page (issue 11). Server data, redirects and
   * admin pages are not re-read: changes to them need `reload()`.
   */
  reloadFiles(files: readonly string[]): Promise<void>;
  /**
   * Resolves the next time what the store serves changes: a `reload()`, a `reloadFiles()` or new
   * settings applied. Also resolves when `signal` aborts, and then the store forgets the caller:
   * a dev page's wait that ended otherwise must not stay referenced until the next build.
   */
  changed(signal?: AbortSignal): Promise<void>;
  /**
   * The built HTML of an admin page (`/admin`, `/admin/...`). Admin pages are never
   * answered by `lookup`: only the server's guarded admin routes hand them out.
   */
  adminPage(path: string): string | undefined;
  /**
   * Serves every public HTML page (and the 404 page) with what `source` makes
   * inserted, or as built for null. The source is asked again for each build
   * (`reload()`), since script paths and the renderer change with it. The injected
   * pages, their compressed bytes, ETags and headers are made in the background and
   * swapped in at once; until then the previous ones are served. Resolves when the
   * new pages are being served.
   */
  setInjection(source: InjectionSource | null): Promise<void>;
  /** The Content-Security-Policy public pages are served with now (the one that goes with the injection). */
  publicPolicy(): string;
  /** Resolves when the injected pages served now are compressed as the build would (the background pass is done). */
  settled(): Promise<void>;
}

/** Makes the injection for one build, from what that build wrote for the server; null injects nothing. */
export type InjectionSource = (build: { site: ServerData; render: () => Promise<ServerRender> }) => Promise<Injection | null>;

/** What the settings add to every public page (server/settings/injection.ts makes it). */
export interface Injection {
  /** Inserted just before the first `</head>`. */
  head: string;
  /** Inserted right after the opening `<body ...>` tag. */
  body: string;
  /** The Content-Security-Policy of the injected pages. */
  policy: string;
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
  /** HTML pages keep their uncompressed bytes, from which injected copies are made. */
  html?: Bytes;
}

interface NotFoundVariant {
  get: [StaticResponse<404>, StaticResponse<404>];
  head: [StaticResponse<404>, StaticResponse<404>];
}

interface NotFoundEntry {
  identity: NotFoundVariant;
  br?: NotFoundVariant;
  gzip?: NotFoundVariant;
  html?: Bytes;
}

interface State {
  site: ServerData;
  render?: Promise<ServerRender>;
  files: Map<string, Entry>;
  notFound: NotFoundEntry;
  redirects: Map<string, string>;
  /** Admin pages by URL path, kept apart from `files` so that no lookup can serve one. */
  admin: Map<string, string>;
}

/** What lookups answer from: the build's files, or copies of its pages with an injection. */
interface Served {
  files: Map<string, Entry>;
  notFound: NotFoundEntry;
  policy: string;
  /** What the pages carry (none when served as built), and whether they are compressed as the build would. */
  injection?: Injection;
  final?: boolean;
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

/** A strong ETag of a representation's bytes (and of its policy, for an injected page). */
export function etagOf(bytes: Bytes, policy?: string): string {
  const hash = createHash('sha256').update(bytes);
  // The policy is part of what an injected page is: a changed policy is a changed representation.
  if (policy !== undefined) hash.update(policy);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
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
  policy?: string,
): Variant {
  const etag = etagOf(bytes, policy);
  const pair = <S extends 200 | 304>(status: S, withBody: boolean, representation: boolean) =>
    [false, true].map((https) => {
      const headers: Record<string, string> = { ...securityHeaders(https, policy), 'cache-control': cacheControl, etag };
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

function buildNotFoundVariant(bytes: Bytes, encoding: Encoding | 'identity', vary: boolean, policy?: string): NotFoundVariant {
  const pair = (withBody: boolean) =>
    [false, true].map((https) => {
      const headers: Record<string, string> = {
        ...securityHeaders(https, policy),
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
async function updatedState(
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

async function readState(distDir: string): Promise<State> {
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

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Where `injection` goes in a built page, found structurally: just before the first
 * `</head>`, and right after the end of the first `<body` tag that follows it. React
 * escapes `<` and `>` in text and attribute values, so neither can appear earlier
 * inside a value. Null when the page has no head or body to put it in.
 */
export function injectHtml(html: string, injection: Pick<Injection, 'head' | 'body'>): string | null {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return null;
  const afterHead = html.slice(headEnd);
  const bodyStart = afterHead.search(/<body[\s>]/i);
  if (bodyStart === -1) return null;
  const bodyTagEnd = afterHead.indexOf('>', bodyStart);
  if (bodyTagEnd === -1) return null;
  const at = headEnd + bodyTagEnd + 1;
  return html.slice(0, headEnd) + injection.head + html.slice(headEnd, at) + injection.body + html.slice(at);
}

/**
 * The compressed forms of an injected page. `best` is brotli quality 11, some 15%
 * smaller than quality 5 but about 25 times slower: a change is first served at
 * quality 5 within a second, then the pages are compressed again at 11 in the
 * background. (The build uses 6, so that a cold build stays fast: build/compress.ts.)
 */
async function compressBoth(bytes: Bytes, best: boolean): Promise<{ br: Bytes; gzip: Bytes }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: best ? 9 : 6 }),
  ]);
  return { br: br as Bytes, gzip: gz as Bytes };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The pages of `state` with `injection` in them, one page at a time so requests keep
 * being answered meanwhile. Null when `wanted()` turns false on the way (superseded).
 */
async function injectedServed(
  state: State,
  injection: Injection,
  best = false,
  wanted: () => boolean = () => true,
  only?: { paths: ReadonlySet<string>; notFoundChanged: boolean; previous: Served },
): Promise<Served | null> {
  const files = new Map(state.files);
  if (only) {
    // Unchanged pages keep the injected entries already served.
    for (const [urlPath, entry] of only.previous.files)
      if (!only.paths.has(urlPath) && files.has(urlPath)) files.set(urlPath, entry);
  }
  const html = CONTENT_TYPES['.html']!;
  for (const [urlPath, entry] of state.files) {
    if (!entry.html) continue;
    if (only && !only.paths.has(urlPath)) continue;
    if (!wanted()) return null;
    const injected = injectHtml(decoder.decode(entry.html), injection);
    if (injected === null) continue;
    const bytes = encoder.encode(injected) as Bytes;
    const compressed = await compressBoth(bytes, best);
    const cacheControl = cacheControlFor(urlPath);
    const policy = policyForPath(injection.policy, urlPath, 200, true);
    files.set(urlPath, {
      identity: buildVariant(bytes, 'identity', html, cacheControl, true, policy),
      br: buildVariant(compressed.br, 'br', html, cacheControl, true, policy),
      gzip: buildVariant(compressed.gzip, 'gzip', html, cacheControl, true, policy),
      html: entry.html,
    });
  }
  let notFound = state.notFound;
  if (only && !only.notFoundChanged)
    return { files, notFound: only.previous.notFound, policy: injection.policy, injection, final: false };
  const notFoundHtml = notFound.html && injectHtml(decoder.decode(notFound.html), injection);
  if (notFoundHtml) {
    const bytes = encoder.encode(notFoundHtml) as Bytes;
    const compressed = await compressBoth(bytes, best);
    const policy = policyForPath(injection.policy, '/404', 404, true);
    notFound = {
      identity: buildNotFoundVariant(bytes, 'identity', true, policy),
      br: buildNotFoundVariant(compressed.br, 'br', true, policy),
      gzip: buildNotFoundVariant(compressed.gzip, 'gzip', true, policy),
      html: notFound.html,
    };
  }
  return { files, notFound, policy: injection.policy, injection, final: best };
}

function plainServed(state: State): Served {
  return { files: state.files, notFound: state.notFound, policy: CONTENT_SECURITY_POLICY };
}

function renderOf(root: string, state: State): Promise<ServerRender> {
  state.render ??= loadServerRender(root).catch((error: unknown) => {
    // Not cached: a build finished later may have written it.
    state.render = undefined;
    throw error;
  });
  return state.render;
}

async function servedFor(root: string, state: State, source: InjectionSource | null): Promise<Served> {
  const injection = source && (await source({ site: state.site, render: () => renderOf(root, state) }));
  return injection ? (await injectedServed(state, injection))! : plainServed(state);
}

/**
 * Loads every file of the build (`distDir`, absolute) with its .br/.gz variants,
 * ETags and response headers precomputed, so serving a hit is a map lookup.
 * @throws when the folder is missing, or `_server.json` or `_redirects.json` is missing or malformed.
 */
export async function loadStaticStore(distDir: string): Promise<StaticStore> {
  const root = path.resolve(distDir);
  let state = await readState(root);
  let served = plainServed(state);
  let injection: InjectionSource | null = null;
  let applying = 0;
  const waiting = new Set<() => void>();
  // Every swap of `served` for new content goes through here, so waiters on changed() hear of each.
  const serve = (next: Served) => {
    served = next;
    for (const heard of [...waiting]) heard();
  };

  // Once a change is served, the same pages compressed as the build does replace them in the background.
  let refining: Promise<void> = Promise.resolve();
  const refine = () => {
    const call = applying;
    const base = state;
    const fast = served;
    if (!fast.injection || fast.final) return;
    const current = () => call === applying && base === state && served === fast;
    refining = injectedServed(base, fast.injection, true, current).then(
      (best) => {
        if (best && current()) served = best;
      },
      (error: unknown) => console.error('Could not recompress the pages with the settings:', error),
    );
  };

  // Makes `served` match the current state and injection; a later call or a reload supersedes it.
  const apply = async () => {
    const call = ++applying;
    for (;;) {
      const base = state;
      const wanted = injection;
      const next = await servedFor(root, base, wanted);
      if (call !== applying) return;
      if (base === state && wanted === injection) {
        serve(next);
        refine();
        return;
      }
    }
  };

  return {
    distDir: root,
    get site() {
      return state.site;
    },
    render() {
      return renderOf(root, state);
    },
    lookup(method, urlPath, acceptEncoding, ifNoneMatch, https = false) {
      const isHead = method === 'HEAD';
      if (!isHead && method !== 'GET') return undefined;
      const queryStart = urlPath.indexOf('?');
      if (queryStart !== -1) urlPath = urlPath.slice(0, queryStart);
      const files = served.files;
      let entry = files.get(urlPath);
      if (entry === undefined) {
        if (!urlPath.includes('%')) return undefined;
        const decoded = decodePath(urlPath);
        entry = decoded === undefined ? undefined : files.get(decoded);
        if (entry === undefined) return undefined;
      }
      const variant = pick(entry, acceptEncoding);
      const index = https ? 1 : 0;
      if (ifNoneMatch && etagMatches(ifNoneMatch, variant.etag)) return variant.notModified[index];
      return isHead ? variant.head[index] : variant.ok[index];
    },
    notFound(method, acceptEncoding, https = false) {
      const variant = pick(served.notFound, acceptEncoding);
      return (method === 'HEAD' ? variant.head : variant.get)[https ? 1 : 0];
    },
    redirectFor(urlPath) {
      return state.redirects.get(urlPath);
    },
    has(urlPath) {
      const queryStart = urlPath.indexOf('?');
      if (queryStart !== -1) urlPath = urlPath.slice(0, queryStart);
      const known = (p: string) => state.files.has(p) || state.redirects.has(p) || state.admin.has(p);
      if (known(urlPath)) return true;
      const decoded = urlPath.includes('%') ? decodePath(urlPath) : undefined;
      return decoded !== undefined && known(decoded);
    },
    paths() {
      return [...state.files.keys(), ...state.admin.keys()].sort();
    },
    async reload() {
      const next = await readState(root);
      const wanted = injection;
      // The new build is swapped in with the settings already in its pages.
      const nextServed = await servedFor(root, next, wanted);
      state = next;
      serve(nextServed);
      if (wanted !== injection) await apply();
      else refine();
    },
    async reloadFiles(changed) {
      const before = state;
      const { state: next, paths, notFoundChanged } = await updatedState(root, state, changed);
      const wanted = injection;
      const base = served;
      // With an injection, only the changed pages are injected again; the others keep theirs.
      const nextServed =
        wanted && base.injection
          ? await injectedServed(next, base.injection, false, () => true, { paths, notFoundChanged, previous: base })
          : wanted
            ? await servedFor(root, next, wanted)
            : plainServed(next);
      // A full reload that finished meanwhile read these files too.
      if (!nextServed || state !== before) return;
      state = next;
      serve(nextServed);
      if (wanted !== injection) await apply();
      else refine();
    },
    adminPage(urlPath) {
      return state.admin.get(urlPath);
    },
    setInjection(next) {
      injection = next;
      return apply();
    },
    publicPolicy() {
      return served.policy;
    },
    settled() {
      return refining;
    },
    changed(signal) {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const heard = () => {
          waiting.delete(heard);
          signal?.removeEventListener('abort', heard);
          resolve();
        };
        waiting.add(heard);
        signal?.addEventListener('abort', heard);
      });
    },
  };
}
