import type { MiddlewareHandler } from 'hono';
import { siteIsHttps, type Env } from './env.ts';

/**
 * The site's Content-Security-Policy. Scripts never get 'unsafe-inline': the
 * tag-manager and SEO hosts are the only third parties allowed (DECISIONS.md
 * "Settings: tag manager and SEO pixel"); styles keep 'unsafe-inline' for the
 * style attributes React writes.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; " +
  "script-src 'self' https://www.googletagmanager.com https://www.google-analytics.com https://app.searchatlas.com https://api.searchatlas.com; " +
  "style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: https:; " +
  "font-src 'self'; " +
  "connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com https://api.searchatlas.com; " +
  'frame-src https://www.google.com https://maps.google.com; ' +
  "frame-ancestors 'none'; " +
  "base-uri 'self'; " +
  "form-action 'self'; " +
  "object-src 'none'";

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
});

const HTTPS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...BASE_HEADERS,
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
});

/**
 * The security headers every response carries (lower-case names). With
 * `https` true they include HSTS. The returned object is frozen and shared.
 */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  return https ? HTTPS_HEADERS : BASE_HEADERS;
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

/** Hono middleware that stamps the security headers onto whatever response the app produced. */
export function securityHeadersMiddleware(env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = securityHeaders(requestIsHttps(env, c.req.header('x-forwarded-proto')));
    try {
      for (const name in headers) c.res.headers.set(name, headers[name]!);
    } catch {
      // Responses passed through from fetch() have immutable headers; Hono's setter copies them.
      c.res = new Response(c.res.body, c.res);
      for (const name in headers) c.res.headers.set(name, headers[name]!);
    }
  };
}
