import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { Built } from '../built/built.ts';
import { CONTENT_SECURITY_POLICY, policyForPath } from '../http/security.ts';
import type { State } from './dist-reader.ts';
import {
  buildNotFoundVariant,
  buildVariant,
  cacheControlFor,
  CONTENT_TYPES,
  type Bytes,
  type Entry,
  type NotFoundEntry,
} from './responses.ts';

/** Makes the injection for one build, from what that build wrote for the server; null injects nothing. */
export type InjectionSource = (build: Built) => Promise<Injection | null>;

/** What the settings add to every public page (server/settings/injection.ts makes it). */
export interface Injection {
  /** Inserted just before the first `</head>`. */
  head: string;
  /** Inserted right after the opening `<body ...>` tag. */
  body: string;
  /** The Content-Security-Policy of the injected pages. */
  policy: string;
}

/** The served files by URL path: a map, or pages that get their injection when first asked for. */
export type ServedFiles = Pick<ReadonlyMap<string, Entry>, 'get'> & Iterable<[string, Entry]>;

/** What lookups answer from: the build's files, or copies of its pages with an injection. */
export interface Served {
  files: ServedFiles;
  notFound: NotFoundEntry;
  policy: string;
  /** What the pages carry (none when served as built), and whether they are compressed as the build would. */
  injection?: Injection;
  final?: boolean;
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
 * quality 5, each page made when first asked for, then the pages are compressed again
 * at 11 in the background. (The build uses 6, so that a cold build stays fast: build/compress.ts.)
 */
async function compressBoth(bytes: Bytes, best: boolean): Promise<Compressed> {
  const [br, gz] = await Promise.all([brotli(bytes, brotliOptions(bytes, best)), gzipAsync(bytes, { level: best ? 9 : 6 })]);
  return { br: br as Bytes, gzip: gz as Bytes };
}

/** The fast forms, at once: a page asked for right after a change (a few milliseconds a page). */
function compressNow(bytes: Bytes): Compressed {
  return { br: brotliCompressSync(bytes, brotliOptions(bytes, false)) as Bytes, gzip: gzipSync(bytes, { level: 6 }) as Bytes };
}

interface Compressed {
  br: Bytes;
  gzip: Bytes;
}

function brotliOptions(bytes: Bytes, best: boolean) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A built page's bytes with `injection` in them; null when it has no head or body to put it in. */
function injectedBytes(html: Bytes, injection: Injection): Bytes | null {
  const injected = injectHtml(decoder.decode(html), injection);
  return injected === null ? null : (encoder.encode(injected) as Bytes);
}

function pageEntry(urlPath: string, built: Bytes, bytes: Bytes, compressed: Compressed, injection: Injection): Entry {
  const html = CONTENT_TYPES['.html']!;
  const cacheControl = cacheControlFor(urlPath);
  const policy = policyForPath(injection.policy, urlPath, 200, true);
  return {
    identity: buildVariant(bytes, 'identity', html, cacheControl, true, policy),
    br: buildVariant(compressed.br, 'br', html, cacheControl, true, policy),
    gzip: buildVariant(compressed.gzip, 'gzip', html, cacheControl, true, policy),
    html: built,
  };
}

function notFoundEntry(built: Bytes, bytes: Bytes, compressed: Compressed, injection: Injection): NotFoundEntry {
  const policy = policyForPath(injection.policy, '/404', 404, true);
  return {
    identity: buildNotFoundVariant(bytes, 'identity', true, policy),
    br: buildNotFoundVariant(compressed.br, 'br', true, policy),
    gzip: buildNotFoundVariant(compressed.gzip, 'gzip', true, policy),
    html: built,
  };
}

/**
 * The pages of `state` with `injection` in them, one page at a time so requests keep
 * being answered meanwhile. Null when `wanted()` turns false on the way (superseded).
 */
export async function injectedServed(
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
  for (const [urlPath, entry] of state.files) {
    if (!entry.html) continue;
    if (only && !only.paths.has(urlPath)) continue;
    if (!wanted()) return null;
    const bytes = injectedBytes(entry.html, injection);
    if (bytes === null) continue;
    files.set(urlPath, pageEntry(urlPath, entry.html, bytes, await compressBoth(bytes, best), injection));
  }
  let notFound = state.notFound;
  if (only && !only.notFoundChanged)
    return { files, notFound: only.previous.notFound, policy: injection.policy, injection, final: false };
  const notFoundBytes = notFound.html && injectedBytes(notFound.html, injection);
  if (notFoundBytes) notFound = notFoundEntry(notFound.html!, notFoundBytes, await compressBoth(notFoundBytes, best), injection);
  return { files, notFound, policy: injection.policy, injection, final: best };
}

/**
 * The pages of `state` with `injection`, each made the first time a request asks for it, so a
 * change is served the moment it is applied rather than after every page was remade; the
 * background pass (`injectedServed` at the best compression) then replaces them all.
 */
export function injectedOnDemand(state: State, injection: Injection): Served {
  const made = new Map<string, Entry>();
  const get = (urlPath: string): Entry | undefined => {
    const entry = state.files.get(urlPath);
    if (!entry?.html) return entry;
    let page = made.get(urlPath);
    if (page === undefined) {
      try {
        const bytes = injectedBytes(entry.html, injection);
        page = bytes ? pageEntry(urlPath, entry.html, bytes, compressNow(bytes), injection) : entry;
      } catch (error) {
        // Made inside a lookup, which the static fast path calls outside any error handler.
        console.error(`Could not put the settings into ${urlPath}:`, error instanceof Error ? error.message : error);
        return entry;
      }
      made.set(urlPath, page);
    }
    return page;
  };
  const files: ServedFiles = {
    get,
    *[Symbol.iterator]() {
      for (const urlPath of state.files.keys()) yield [urlPath, get(urlPath)!];
    },
  };
  const built = state.notFound.html;
  const bytes = built && injectedBytes(built, injection);
  const notFound = bytes ? notFoundEntry(built!, bytes, compressNow(bytes), injection) : state.notFound;
  return { files, notFound, policy: injection.policy, injection, final: false };
}

export function plainServed(state: State): Served {
  return { files: state.files, notFound: state.notFound, policy: CONTENT_SECURITY_POLICY };
}
