import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ENTRY_LOADER } from '../../lib/entry-loader.ts';
import { isAdminPath } from '../../lib/admin-paths.ts';
import { SEARCH_BOX_PATHS, SEARCH_INDEX_DIR } from '../../lib/urls.ts';
import { siteIsHttps, type Env } from '../config/env.ts';

/** Hosts a Content-Security-Policy directive allows beyond the base policy, as `https://host` sources. */
export interface CspSources {
  script: readonly string[];
  connect: readonly string[];
  img: readonly string[];
  frame: readonly string[];
}

export const NO_SOURCES: CspSources = Object.freeze({ script: [], connect: [], img: [], frame: [] });

/** The one inline script public pages carry (lib/entry-loader.ts), allowed by its hash; nothing else inline runs. */
export const ENTRY_LOADER_SOURCE = `'sha256-${createHash('sha256').update(ENTRY_LOADER).digest('base64')}'`;

// `https://host` or `https://*.host`: the only kind of source a setting can add, checked again here
// because a policy is a header, and a `;` or a quote would change its meaning.
const HOST_SOURCE = /^https:\/\/(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function directive(name: string, base: readonly string[], extra: readonly string[]): string {
  const sources = [...base];
  for (const source of extra) if (HOST_SOURCE.test(source) && !sources.includes(source)) sources.push(source);
  return `${name} ${sources.join(' ')}`;
}

/**
 * The site's Content-Security-Policy with `extra` hosts added. The base allows no
 * third-party script or connection at all; settings add Google's and the pixel's
 * hosts while they are on. Scripts never
 * get 'unsafe-inline', whatever is added; styles keep it for the style attributes
 * React writes. The map frame's hosts are part of the page, not of a setting.
 */
export function contentSecurityPolicy(extra: CspSources = NO_SOURCES): string {
  return [
    "default-src 'self'",
    directive('script-src', ["'self'", ENTRY_LOADER_SOURCE], extra.script),
    "style-src 'self' 'unsafe-inline'",
    directive('img-src', ["'self'", 'data:', 'https:'], extra.img),
    "font-src 'self'",
    directive('connect-src', ["'self'"], extra.connect),
    directive('frame-src', ['https://www.google.com', 'https://maps.google.com'], extra.frame),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * `policy` with `'wasm-unsafe-eval'` in script-src: Pagefind's search runs as
 * WebAssembly, which a CSP without it refuses to compile
 * (https://pagefind.app/docs/hosting/#content-security-policy). It allows
 * compiling WebAssembly only, not JavaScript eval, and goes only on the pages
 * that carry the search box.
 */
export function withWebAssembly(policy: string): string {
  return policy
    .split('; ')
    .map((d) =>
      d.startsWith('script-src ') && !d.includes("'wasm-unsafe-eval'")
        ? d.replace(/^script-src 'self'/, "script-src 'self' 'wasm-unsafe-eval'")
        : d,
    )
    .join('; ');
}

const SEARCH_PAGES = new Set(SEARCH_BOX_PATHS);
/** Pagefind searches in a worker when it can; a worker runs under its own script's policy. */
const SEARCH_WORKER = `${SEARCH_INDEX_DIR}/pagefind-worker.js`;

/**
 * Whether a response runs the search: a public HTML page with the search box (the
 * pages listed in lib/urls.ts and the 404 page), or the search's worker script.
 */
export function carriesSearch(path: string, status: number, html: boolean): boolean {
  if (!html) return path === SEARCH_WORKER && status === 200;
  return status === 404 || SEARCH_PAGES.has(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
}

/** `policy` as the response at `path` needs it: with WebAssembly where the search runs (carriesSearch). */
export function policyForPath(policy: string, path: string, status: number, html: boolean): string {
  return !isAdminPath(path) && carriesSearch(path, status, html) ? withWebAssembly(policy) : policy;
}

/** The base policy: every response but public pages while a setting adds hosts. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

function headersWith(policy: string, https: boolean): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  });
}

const BASE_HEADERS = headersWith(CONTENT_SECURITY_POLICY, false);
const HTTPS_HEADERS = headersWith(CONTENT_SECURITY_POLICY, true);
// A handful of policies are live at a time (the current settings, the one before); bounded anyway.
const byPolicy = new Map<string, Readonly<Record<string, string>>>();

/**
 * The security headers every response carries (lower-case names), with `policy`
 * as the CSP (the base one by default). With `https` true they include HSTS.
 * The returned object is frozen and shared.
 */
export function securityHeaders(https: boolean, policy: string = CONTENT_SECURITY_POLICY): Readonly<Record<string, string>> {
  if (policy === CONTENT_SECURITY_POLICY) return https ? HTTPS_HEADERS : BASE_HEADERS;
  const key = `${https ? 1 : 0}${policy}`;
  let headers = byPolicy.get(key);
  if (!headers) {
    if (byPolicy.size >= 16) byPolicy.clear();
    headers = headersWith(policy, https);
    byPolicy.set(key, headers);
  }
  return headers;
}

/**
 * Whether this request reached us over https. X-Forwarded-Proto is a client-controlled
 * header, so it only counts behind a proxy we were told to trust (TRUST_PROXY).
 */
export function requestIsHttps(env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>, forwardedProto: string | null | undefined): boolean {
  if (siteIsHttps(env)) return true;
  if (!env.TRUST_PROXY || !forwardedProto) return false;
  // A chain of proxies appends; the first value is what the visitor used.
  const first = forwardedProto.split(',', 1)[0]!.trim().toLowerCase();
  return first === 'https';
}

/**
 * Hono middleware that stamps the security headers onto whatever response the app
 * produced. A public HTML page gets `publicPolicy()` (the policy that goes with the
 * settings its HTML carries); admin pages, APIs and files get the base policy.
 */
export function securityHeadersMiddleware(
  env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>,
  publicPolicy: () => string = () => CONTENT_SECURITY_POLICY,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const html = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
    const base = html && !isAdminPath(c.req.path) ? publicPolicy() : CONTENT_SECURITY_POLICY;
    const policy = policyForPath(base, c.req.path, c.res.status, html);
    const headers = securityHeaders(requestIsHttps(env, c.req.header('x-forwarded-proto')), policy);
    try {
      for (const name in headers) c.res.headers.set(name, headers[name]!);
    } catch {
      // Responses passed through from fetch() have immutable headers; Hono's setter copies them.
      c.res = new Response(c.res.body, c.res);
      for (const name in headers) c.res.headers.set(name, headers[name]!);
    }
  };
}
