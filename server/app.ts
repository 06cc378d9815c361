import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { telHref, type SiteFacts } from '../lib/site-facts.ts';
import { adminBuilt } from './admin/core/deps.ts';
import { notAuthorisedPage } from './admin/core/pages.ts';
import { adminRoutes } from './admin/routes.ts';
import { errorReportApi } from './api/error-report.ts';
import { leadsApi } from './api/leads.ts';
import { reportIssueApi } from './api/report-issue.ts';
import { reviewsApi } from './api/reviews.ts';
import { vitalsApi } from './api/vitals.ts';
import { jsonError } from './http/api-response.ts';
import { adminGuard } from './auth/guard.ts';
import { passkeyApi } from './auth/passkey-routes.ts';
import { authApi } from './auth/routes.ts';
import { insertErrorLog, type ErrorLogKind } from './db/error-log.ts';
import { blogListPage } from './site/blog-list.ts';
import { searchPage } from './site/search-page.ts';
import { failedPostPage, leadPages } from './leads/pages.ts';
import { proxyTrust } from './config/env.ts';
import { isFormPost, refuseCrossSite } from './http/form-post.ts';
import { clientAddress, createRateLimiter } from './http/rate-limit.ts';
import { createReviewsService, curatedReviews } from './reviews/service.ts';
import { splitRequestUrl } from './http/request-url.ts';
import { requestIsHttps, securityHeadersMiddleware } from './http/security.ts';
import { createSettingsService } from './settings/service.ts';
import { sitePublisher } from './publish/site-publisher.ts';
import { escapeHtml } from './http/escape-html.ts';
import { describeError } from './http/log-error.ts';
import { serverErrorLog } from './http/server-error-log.ts';
import { devBuildWait } from './site/dev-build-wait.ts';

import type { AppDeps } from './app-deps.ts';
import type { SiteFiles } from './site/site-files.ts';

export { splitRequestUrl };
export type { AppDeps };

// A crawler walking dead links must not be able to fill error_log.
const NOT_FOUND_LOGS_PER_MINUTE = 30;

/**
 * Rows the error log takes per minute from all clients together, by kind: per-client
 * limits alone let rotating addresses fill the table.
 */
export const ERROR_LOG_WRITES_PER_MINUTE: Readonly<Record<ErrorLogKind, number>> = {
  render: 60,
  server: 60,
  not_found: 60,
  visitor: 20,
};

/** One counter per error-log kind, shared by every client of this instance. */
export function createErrorLogCap(limits: Readonly<Record<ErrorLogKind, number>> = ERROR_LOG_WRITES_PER_MINUTE) {
  const limiters = Object.fromEntries(
    Object.entries(limits).map(([kind, limit]) => [kind, createRateLimiter({ limit, windowMs: 60_000, maxKeys: 1 })]),
  ) as Record<ErrorLogKind, ReturnType<typeof createRateLimiter>>;
  return { allow: (kind: ErrorLogKind) => limiters[kind].hit(kind).allowed };
}

/** Methods a built page answers; anything else gets 405 with this list. */
const PAGE_METHODS = 'GET, HEAD';

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

// The fallback error screen, server-side: it must work with nothing else loaded, so no assets.
const errorPageHtml = (site: Pick<SiteFacts, 'name' | 'phone'>) => `<!doctype html>
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
 * Builds the Hono app: security headers, the admin guard, redirects, `/api/*`, the
 * admin pages, the built files, then the logged 404 page. It never listens;
 * `index.ts` does, and tests call `app.request()`.
 */
// Long because the order of its middleware and routes is the app's behaviour, and reads best top to bottom in one place.
export function createApp(deps: AppDeps): Hono {
  const { env, db, files } = deps;
  const adminBuiltView = adminBuilt(files);
  const settings = deps.settings ?? createSettingsService({ db, files, pixelHosts: env.PIXEL_SCRIPT_HOSTS, pollMs: null });
  const app = new Hono();
  const notFoundLimiter = createRateLimiter({ limit: NOT_FOUND_LOGS_PER_MINUTE, windowMs: 60_000 });
  const errorLogCap = createErrorLogCap();
  const isHttps = (c: { req: { header(name: string): string | undefined } }) =>
    requestIsHttps(env, c.req.header('x-forwarded-proto'));

  // Outermost, so a failure anywhere below reaches the owner's error log.
  app.use(
    '*',
    serverErrorLog(db, () => errorLogCap.allow('server')),
  );
  // Public pages get the policy that goes with the settings their HTML carries.
  app.use(
    '*',
    securityHeadersMiddleware(env, () => files.publicPolicy()),
  );
  // Before anything else can answer an admin page or API.
  app.use(
    '*',
    adminGuard({
      env,
      db,
      built: files,
      notAuthorised: (c, login) => notAuthorisedPage(c, adminBuiltView, login),
    }) as MiddlewareHandler,
  );

  const redirects: MiddlewareHandler = async (c, next) => {
    // Only safe methods: a 301 turns a POST into a GET in browsers and would lose its body.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const { path, search } = splitRequestUrl(c.req.url);
    const target = redirectTarget(path, files.redirectFor);
    if (target === undefined) return next();
    return c.redirect(target + search, 301);
  };
  app.use('*', redirects);

  // Any website could otherwise make its visitors post leads to us. Each API sets its own body limit.
  app.use(
    '/api/*',
    refuseCrossSite(
      env,
      () =>
        `We only accept requests sent from our own website. Please use the form here, or call us at ${files.site.facts.phone}.`,
      (c, message) => failedPostPage(c, files, message, 403),
    ),
  );
  app.route(
    '/api',
    errorReportApi(deps, () => errorLogCap.allow('render')),
  );
  const reviews =
    deps.reviews ?? createReviewsService({ env, placeId: () => settings.current().placeId, curated: curatedReviews(files) });
  app.route('/api', reviewsApi({ reviews }));
  app.route('/api', vitalsApi(deps));
  app.route('/api', leadsApi(deps));
  app.route(
    '/api',
    reportIssueApi(deps, () => errorLogCap.allow('visitor')),
  );
  app.route('/', authApi({ env, db, built: files }));
  app.route('/', passkeyApi({ env, db, built: files }));
  // The result pages (from the visitor's cookie), /report-issue?page=… and /blog?category=… are completed
  // per request, before the built files.
  app.route('/', leadPages(deps));
  app.route('/', blogListPage(deps));
  app.route('/', searchPage(deps));
  // The admin screens' APIs and pages, after the guard.
  const publisher = deps.publisher ?? sitePublisher({ env, db, files, settings }, null);
  app.route('/', adminRoutes({ env, db, files, settings, publisher, retentionDays: env.ERROR_RETENTION_DAYS }));

  app.route('/', devBuildWait(deps));

  app.use('*', async (c, next) => {
    const { path } = splitRequestUrl(c.req.url);
    const hit = files.lookup(c.req.method, path, c.req.header('accept-encoding'), c.req.header('if-none-match'), isHttps(c));
    if (hit !== undefined) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    // A POST to a page is a wrong method, not a missing page: say so, and keep it out of the 404 log.
    if (!isApiPath(path) && files.has(path)) {
      return c.text(
        `This address is a page: it can only be read (GET or HEAD). To reach us, call ${files.site.facts.phone}.`,
        405,
        {
          allow: PAGE_METHODS,
          'cache-control': 'no-store',
        },
      );
    }
    return next();
  });

  app.notFound(async (c) => {
    const { path } = splitRequestUrl(c.req.url);
    if (notFoundLimiter.hit(clientAddress(c, proxyTrust(env))).allowed && errorLogCap.allow('not_found')) {
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
    const page = files.notFound(c.req.method, c.req.header('accept-encoding'), isHttps(c));
    return new Response(page.body, { status: page.status, headers: page.headers });
  });

  app.onError((error, c) => {
    const { path } = splitRequestUrl(c.req.url);
    if (error instanceof HTTPException && error.status < 500) {
      return isApiPath(path) ? jsonError(c, error.status, error.message || 'Bad request.') : error.getResponse();
    }
    console.error(`Error answering ${c.req.method} ${path}: ${describeError(error)}`);
    // A form posted without JavaScript gets the page with the phone number too, never raw JSON.
    if (isApiPath(path) && !isFormPost(c)) return jsonError(c, 500, 'Something went wrong on our side. Please try again.');
    return c.html(errorPageHtml(files.site.facts), 500, { 'cache-control': 'no-store' });
  });

  return app;
}
