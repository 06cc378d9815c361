import cluster from 'node:cluster';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { isAdminPath } from '../lib/admin-paths.ts';
import { CHANGED_FILES_FILE, isAdminOnlyPage, isPerRequestPage, isResultPage } from '../lib/server-data.ts';
import { createApp } from './app.ts';
import { reportListening, runClusterPrimary } from './process/cluster.ts';
import { openDbFromEnv, type Db } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { loadEnvOrReport, siteIsHttps, type Env } from './config/env.ts';
import { outboxTiming, smtpConfig, webhookConfig } from './config/leads.ts';
import { createOutboxWorker } from './leads/outbox.ts';
import { onLockout } from './auth/notices.ts';
import { leadPush, lockoutPush } from './push/messages.ts';
import { createPushSender, vapidKeys } from './push/push.ts';
import { purgeErrorLog } from './db/error-log.ts';
import { purgeWebVitals } from './db/web-vitals.ts';
import { createReviewsService, curatedReviews } from './reviews/service.ts';
import { isEntryPoint } from './process/entry-point.ts';
import { requestIsHttps } from './http/security.ts';
import { sitePublisher } from './publish/site-publisher.ts';
import { createSettingsService } from './settings/service.ts';
import { loadSiteFiles, type SiteFiles } from './site/site-files.ts';

/** How long in-flight requests may run after SIGTERM before their sockets are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  server: Server;
  /** The URL people can open, e.g. http://localhost:4321. */
  url: string;
  port: number;
  db: Db;
  files: SiteFiles;
  /** Stops accepting, closes idle keep-alive sockets, lets requests finish (capped), closes the db. Idempotent. */
  shutdown(): Promise<void>;
}

function displayUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const shownHost = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${port}`;
}

/**
 * What a failed listen means for the person starting the server, naming the variable to change;
 * Node's own message ("getaddrinfo ENOTFOUND …") names neither HOST nor PORT.
 */
function listenFailure(error: NodeJS.ErrnoException, env: Pick<Env, 'HOST' | 'PORT'>): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new Error(
        `PORT ${env.PORT} on ${env.HOST} is already in use by another program: stop it, or set PORT to a free port.`,
      );
    case 'EACCES':
      return new Error(
        `PORT ${env.PORT} needs more privileges than this user has: use a port above 1023 (nginx in front takes 80 and 443).`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EADDRNOTAVAIL':
      return new Error(
        `HOST ${env.HOST} is not an address of this machine: set HOST to 127.0.0.1 (this machine only, behind nginx) or 0.0.0.0 (every address).`,
      );
    default:
      return error;
  }
}

/** How often old error reports are purged. */
const ERROR_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** What shutdown needs to know of the requests: that it began, and which dynamic answers are still going. */
interface Traffic {
  closing: boolean;
  dynamicInFlight: Set<ServerResponse>;
}

/** The HTTP server: built files straight from memory, everything else (and the admin, always) through Hono. */
function staticFirstServer(env: Env, files: SiteFiles, honoListener: ReturnType<typeof getRequestListener>, traffic: Traffic) {
  const alwaysHttps = siteIsHttps(env);

  // Static hits skip Hono: the budget is 0.8x nginx's requests/second with p99
  // under 5 ms, and a Request/Response pair per hit is a cost nginx does not pay. lookup()
  // is the same function Hono's static middleware calls, so both paths answer identically.
  // optimizeEmptyRequests (Node 24.12+): a GET has no body, so it gets no body stream to set up.
  return createServer({ optimizeEmptyRequests: true }, (req, res) => {
    if (traffic.closing) res.setHeader('connection', 'close');
    const method = req.method;
    const url = req.url;
    // Pages completed per request go to Hono: the confirmation pages always (their details come from a
    // cookie), the others when they carry a query string (?page=…, ?category=…).
    const query = url === undefined ? -1 : url.indexOf('?');
    const urlPath = url === undefined || query === -1 ? url : url.slice(0, query);
    if (
      (method === 'GET' || method === 'HEAD') &&
      url !== undefined &&
      urlPath !== undefined &&
      url.charCodeAt(0) === 47 &&
      !isResultPage(files.site, urlPath) &&
      (query === -1 || !isPerRequestPage(files.site, urlPath)) &&
      // The admin area always goes through Hono, where the guard runs first (the store never holds its pages anyway).
      !(url.charCodeAt(1) === 97 && isAdminPath(urlPath)) &&
      !isAdminOnlyPage(files.site, urlPath)
    ) {
      const hit = files.lookup(
        method,
        url,
        req.headers['accept-encoding'],
        req.headers['if-none-match'],
        alwaysHttps || (env.TRUST_PROXY && requestIsHttps(env, req.headers['x-forwarded-proto'] as string | undefined)),
      );
      if (hit !== undefined) {
        res.writeHead(hit.status, hit.headers);
        if (hit.body === null) res.end();
        else res.end(hit.body);
        return;
      }
    }
    // Tracked so shutdown can tell their clients not to reuse the connection.
    traffic.dynamicInFlight.add(res);
    res.once('close', () => traffic.dynamicInFlight.delete(res));
    void honoListener(req, res);
  });
}

function listen(server: Server, env: Env, reusePort: boolean | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenFailure(error, env));
    server.once('error', failed);
    // reusePort: each process of a cluster owns a socket on the port and the kernel spreads
    // connections over them, so no process relays another's connections (server/process/cluster.ts).
    const reuse = reusePort ? { exclusive: true, reusePort: true } : {};
    server.listen({ port: env.PORT, host: env.HOST, ...reuse }, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function startPurging(db: Db, env: Env): NodeJS.Timeout {
  // Error reports past their retention go at start and every hour after,
  // and web-vitals samples older than the dashboard's 28 days, which nothing reads.
  const purge = () =>
    Promise.all([
      purgeErrorLog(db, env.ERROR_RETENTION_DAYS)
        .then((removed) => {
          if (removed > 0) console.log(`Removed ${removed} error reports older than ${env.ERROR_RETENTION_DAYS} days.`);
        })
        .catch((error: unknown) => console.error('Could not purge old error reports:', (error as Error).message)),
      purgeWebVitals(db).catch((error: unknown) =>
        console.error('Could not purge old web-vitals samples:', (error as Error).message),
      ),
    ]);
  void purge();
  const purgeTimer = setInterval(purge, ERROR_PURGE_INTERVAL_MS);
  purgeTimer.unref();
  return purgeTimer;
}

/** Where a new lead is announced: the outbox's email and webhook, and push to the phones that asked for it. */
async function notifications(db: Db, env: Env, files: SiteFiles) {
  const keys = await vapidKeys(db, env);
  const push = createPushSender(db, async () => keys);
  // Lead notifications: a bad SMTP or webhook setting stops the start here, with its reason.
  const outbox = createOutboxWorker({
    db,
    smtp: smtpConfig(env),
    webhook: webhookConfig(env),
    facts: () => files.site.facts,
    push: { sender: push, message: (lead) => leadPush(lead, files.site.pages['admin-lead']) },
    ...outboxTiming(env),
  });
  return { push, outbox };
}

/**
 * Opens the database, migrates it, loads dist/ and listens. Pass `db` to use an
 * already open database (tests use in-memory PGlite); it is still migrated and
 * is closed by `shutdown()`. `graceMs` overrides SHUTDOWN_GRACE_MS.
 */
export async function startServer(
  env: Env,
  options: { db?: Db; graceMs?: number; reusePort?: boolean } = {},
): Promise<RunningServer> {
  const db = options.db ?? (await openDbFromEnv(env));
  try {
    await migrate(db);
    const files = await loadSiteFiles(env.DIST_DIR);
    // The saved settings are in the pages before the first request is answered.
    const settings = createSettingsService({ db, files, pixelHosts: env.PIXEL_SCRIPT_HOSTS });
    await settings.start();
    const reviews = createReviewsService({ env, placeId: () => settings.current().placeId, curated: curatedReviews(files) });
    // A dist/ holding another version of the owner's content than the newest published is built again
    // in the background, the built site served meanwhile (docs/decisions/061-owner-content-and-publishing.md).
    const publisher = sitePublisher({ env, db, files, settings });
    void publisher.start();
    const closingRequests = new AbortController();
    const app = createApp({ env, db, files, reviews, settings, publisher, closing: closingRequests.signal });
    const { push, outbox } = await notifications(db, env, files);
    // A lockout by wrong codes reaches the super admins' phones at once (the dashboard shows it too).
    const stopLockoutPush = onLockout((notice) => {
      push.send(['super_admin'], lockoutPush(notice, files.site.pages['admin-home'])).catch((error: unknown) => {
        console.warn(`Lockout push not delivered: ${(error as Error).message}`);
      });
    });
    const traffic: Traffic = { closing: false, dynamicInFlight: new Set() };
    const server = staticFirstServer(env, files, getRequestListener(app.fetch), traffic);

    await listen(server, env, options.reusePort);

    // Google reviews refresh every 300000 ms while the server runs.
    reviews.start();
    // Delivers what earlier runs still owe at once, then whatever new leads bring.
    outbox.start();
    const purgeTimer = startPurging(db, env);
    const port = (server.address() as AddressInfo).port;
    let shuttingDown: Promise<void> | undefined;
    const shutdown = () => {
      shuttingDown ??= (async () => {
        traffic.closing = true;
        closingRequests.abort();
        reviews.stop();
        settings.stop();
        publisher.stop();
        clearInterval(purgeTimer);
        for (const res of traffic.dynamicInFlight) {
          if (!res.headersSent) res.setHeader('connection', 'close');
        }
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Requests in flight when we started end on a keep-alive socket that then sits idle;
        // sweep such sockets until every connection is gone.
        server.closeIdleConnections();
        const sweeper = setInterval(() => server.closeIdleConnections(), 50);
        const deadline = setTimeout(() => server.closeAllConnections(), options.graceMs ?? SHUTDOWN_GRACE_MS);
        try {
          await closed;
        } finally {
          clearInterval(sweeper);
          clearTimeout(deadline);
        }
        stopLockoutPush();
        await outbox.stop();
        await db.close();
      })();
      return shuttingDown;
    };

    return { server, url: displayUrl(env.HOST, port), port, db, files, shutdown };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

async function main(): Promise<void> {
  const env = loadEnvOrReport();
  if (!env) process.exit(1);

  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    runClusterPrimary(env, {
      graceMs: SHUTDOWN_GRACE_MS,
      onListening: (port) => console.log(`Listening on ${displayUrl(env.HOST, port)} (${env.WEB_CONCURRENCY} server processes)`),
    });
    return;
  }
  // In a cluster the first worker speaks for all; the primary says where they listen.
  const inCluster = cluster.isWorker;
  const announce = !inCluster || cluster.worker?.id === 1;

  let running: RunningServer;
  try {
    // Elsewhere Node refuses reusePort, and cluster's primary hands connections out instead.
    running = await startServer(env, { reusePort: inCluster && process.platform === 'linux' });
  } catch (error) {
    console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (inCluster) reportListening(running.port);
  if (announce) {
    console.log(
      running.db.kind === 'postgres'
        ? `Database: PostgreSQL (DATABASE_URL), schema ${running.db.schema}`
        : `Database: embedded PGlite in ${path.join(env.DATA_DIR, 'pglite')}`,
    );
    console.log(`Serving ${running.files.paths().length} files from ${running.files.distDir}`);
    if (!inCluster) console.log(`Listening on ${running.url}`);
    if (!env.SMTP_HOST) {
      console.warn(
        'Warning: SMTP_HOST is not set. Leads are stored, but the office is not emailed: their notifications stay pending until SMTP is configured and the server restarts.',
      );
    }
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `once`: a second Ctrl-C falls back to Node's default and ends the process at once.
    process.once(signal, () => {
      if (announce) console.log(`${signal} received, finishing in-flight requests...`);
      running.shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
  process.on('SIGHUP', () => {
    running.files.reload().then(
      () => console.log(`Reloaded ${running.files.distDir}`),
      (error: unknown) => console.error('Reload failed, still serving the previous build:', error),
    );
  });
  // `npm run dev` after an edited page: re-read only the files its quick rebuild lists.
  process.on('SIGUSR2', () => {
    const listed = path.join(running.files.distDir, CHANGED_FILES_FILE);
    readFile(listed, 'utf8')
      .then((text) => {
        const files: unknown = JSON.parse(text);
        if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
          throw new Error(`${listed} is not a list of files`);
        return running.files.reloadFiles(files);
      })
      .then(
        () => console.log(`Reloaded the changed files listed in ${listed}`),
        (error: unknown) => console.error('Reload of the changed files failed, still serving the previous ones:', error),
      );
  });
}

if (isEntryPoint(import.meta.url)) await main();
