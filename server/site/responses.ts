import { createHash } from 'node:crypto';
import path from 'node:path';
import { FAVICON_URL, TOUCH_ICON_URL } from '../../lib/urls.ts';
import { securityHeaders } from '../http/security.ts';

/** A ready-to-send answer: pass `headers` to `res.writeHead` or `new Response` unchanged (they are frozen and shared). */
export interface StaticResponse<S extends number = number> {
  status: S;
  headers: Readonly<Record<string, string>>;
  /** `null` for HEAD and 304. */
  body: Bytes | null;
}

export type StaticHit = StaticResponse<200 | 304>;

export type Encoding = 'br' | 'gzip';
export type Bytes = Uint8Array<ArrayBuffer>;

export interface Variant {
  etag: string;
  // Index 0 without HSTS, 1 with it: chosen per request, built once here.
  ok: [StaticHit, StaticHit];
  head: [StaticHit, StaticHit];
  notModified: [StaticHit, StaticHit];
}

export interface Entry {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** HTML pages keep their uncompressed bytes, from which injected copies are made. */
  html?: Bytes;
}

export interface NotFoundVariant {
  get: [StaticResponse<404>, StaticResponse<404>];
  head: [StaticResponse<404>, StaticResponse<404>];
}

export interface NotFoundEntry {
  identity: NotFoundVariant;
  br?: NotFoundVariant;
  gzip?: NotFoundVariant;
  html?: Bytes;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const SHORT_CACHE = 'public, max-age=3600';

// Unhashed files that change rarely and that crawlers fetch often.
const SHORT_CACHE_PATHS = new Set(['/robots.txt', '/sitemap.xml', FAVICON_URL, TOUCH_ICON_URL, '/favicon.ico']);

export const CONTENT_TYPES: Record<string, string> = {
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

export const FALLBACK_404_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex">' +
  '<title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/') || urlPath.startsWith('/img/')) return IMMUTABLE;
  if (SHORT_CACHE_PATHS.has(urlPath)) return SHORT_CACHE;
  return REVALIDATE;
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

export function buildVariant(
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

export function buildNotFoundVariant(
  bytes: Bytes,
  encoding: Encoding | 'identity',
  vary: boolean,
  policy?: string,
): NotFoundVariant {
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
