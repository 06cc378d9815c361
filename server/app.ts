import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { site, telHref } from '../content/site.ts';
import { errorReportApi } from './api/error-report.ts';
import { leadsApi } from './api/leads.ts';
import { reportIssueApi } from './api/report-issue.ts';
import { reviewsApi } from './api/reviews.ts';
import { vitalsApi } from './api/vitals.ts';
import { jsonError } from './api-response.ts';
import type { Db } from './db/index.ts';
import { insertErrorLog } from './db/error-log.ts';
import { leadPages } from './leads/pages.tsx';
import type { Env } from './env.ts';
import { clientAddress, createRateLimiter } from './rate-limit.ts';
import { createReviewsService, type ReviewsService } from './reviews/service.ts';
import { requestIsHttps, securityHeadersMiddleware } from './security.ts';
import type { StaticStore } from './static.ts';

/** What the app and every API module are built from. */
export interface AppDeps {
  env: Env;
  db: Db;
  store: StaticStore;
  /** The reviews source; index.ts passes one whose refresh timer it runs. Made here (without a timer) when absent. */
  reviews?: ReviewsService;
}

/** Default body limit for every API; single endpoints set tighter ones. */
export const MAX_API_BODY_BYTES = 64 * 1024;

// A crawler walking dead links must not be able to fill error_log.
const NOT_FOUND_LOGS_PER_MINUTE = 30;

/**
 * The path and query of a request URL exactly as sent: Hono's `c.req.path` is
 * percent-decoded, and static lookup must see what the node:http fast path sees.
 */
export function splitRequestUrl(url: string): { path: string; search: string } {
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  if (pathStart === -1) return { path: '/', search: '' };
  const hash = url.indexOf('#', pathStart);
  const end = hash === -1 ? url.length : hash;
  const queryStart = url.indexOf('?', pathStart);
  if (queryStart === -1 || queryStart > end) return { path: url.slice(pathStart, end), search: '' };
  return { path: url.slice(pathStart, queryStart), search: url.slice(queryStart, end) };
}

/**
 * Where a GET for `path` should permanently redirect, or undefined. All rules
 * apply in one hop (`/locations/pooler/` goes straight to `/locations/pooler-roofing`):
 * trailing slash, `.html` and `/index.html` suffixes, then `_redirects.json`.
 */
export function redirectTarget(path: string, redirectFor: (path: string) => string | undefined): string | undefined {
  let target = path;
  if (target.length > 1 && target.endsWith('/')) target = target.replace(/\/+$/, '') || '/';
  if (target.endsWith('/index.html')) target = target.slice(0, -'/index.html'.length) || '/';
  else if (target.endsWith('.html')) target = target.slice(0, -'.html'.length) || '/';
  // "//host" or "/\host" in Location is read by browsers as another site: never emit it.
  target = target.replace(/^[/\\]{2,}/, '/');
  target = redirectFor(target) ?? target;
  return target === path ? undefined : target;
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// SPEC.md "Fallback error screen", server-side: it must work with nothing else loaded, so no assets.
const ERROR_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Something went wrong | ${escapeHtml(site.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style>
</head>
<body>
<main>
<h1>Something went wrong</h1>
<p>Please refresh the page or try again later. If you need a roofer now, call us at
<a href="${escapeHtml(telHref(site.phone))}">${escapeHtml(site.phone)}</a>.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;

/**
 * Builds the Hono app: security headers, redirects, `/api/*`, the static store,
 * then the logged 404 page. It never listens; `index.ts` does, and tests call `app.request()`.
 */
export function createApp(deps: AppDeps): Hono {
  const { env, db, store } = deps;
  const app = new Hono();
  const notFoundLimiter = createRateLimiter({ limit: NOT_FOUND_LOGS_PER_MINUTE, windowMs: 60_000 });
  const isHttps = (c: { req: { header(name: string): string | undefined } }) =>
    requestIsHttps(env, c.req.header('x-forwarded-proto'));

  app.use('*', securityHeadersMiddleware(env));

  const redirects: MiddlewareHandler = async (c, next) => {
    // Only safe methods: a 301 turns a POST into a GET in browsers and would lose its body.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const { path, search } = splitRequestUrl(c.req.url);
    const target = redirectTarget(path, store.redirectFor);
    if (target === undefined) return next();
    return c.redirect(target + search, 301);
  };
  app.use('*', redirects);

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_API_BODY_BYTES,
      onError: (c) => jsonError(c, 413, `The request body may be at most ${MAX_API_BODY_BYTES / 1024} KB.`),
    }),
  );
  app.route('/api', errorReportApi(deps));
  app.route('/api', reviewsApi({ reviews: deps.reviews ?? createReviewsService({ env }) }));
  app.route('/api', vitalsApi(deps));
  app.route('/api', leadsApi(deps));
  app.route('/api', reportIssueApi(deps));
  // The result pages with ?ref=… and /report-issue?page=… are completed per request, before the static store.
  app.route('/', leadPages(deps));

  app.use('*', async (c, next) => {
    const hit = store.lookup(
      c.req.method,
      splitRequestUrl(c.req.url).path,
      c.req.header('accept-encoding'),
      c.req.header('if-none-match'),
      isHttps(c),
    );
    if (hit === undefined) return next();
    return new Response(hit.body, { status: hit.status, headers: hit.headers });
  });

  app.notFound(async (c) => {
    const { path } = splitRequestUrl(c.req.url);
    if (notFoundLimiter.hit(clientAddress(c, env.TRUST_PROXY)).allowed) {
      try {
        await insertErrorLog(db, {
          kind: 'not_found',
          message: `Not found: ${path.slice(0, 200)}`,
          url: path.slice(0, 2048),
          referrer: c.req.header('referer')?.slice(0, 2048),
          userAgent: c.req.header('user-agent')?.slice(0, 512),
        });
      } catch (error) {
        // The visitor still gets the 404 page; a broken log must not turn it into a 500.
        console.error('Could not log a 404:', error instanceof Error ? error.message : error);
      }
    }
    if (isApiPath(path)) {
      return jsonError(c, 404, 'No such API endpoint.', undefined, { 'x-robots-tag': 'noindex' });
    }
    const page = store.notFound(c.req.method, c.req.header('accept-encoding'), isHttps(c));
    return new Response(page.body, { status: page.status, headers: page.headers });
  });

  app.onError((error, c) => {
    const { path } = splitRequestUrl(c.req.url);
    if (error instanceof HTTPException && error.status < 500) {
      return isApiPath(path) ? jsonError(c, error.status, error.message || 'Bad request.') : error.getResponse();
    }
    console.error(`Error answering ${c.req.method} ${path}:`, error);
    if (isApiPath(path)) return jsonError(c, 500, 'Something went wrong on our side. Please try again.');
    return c.html(ERROR_PAGE_HTML, 500, { 'cache-control': 'no-store' });
  });

  return app;
}
