/**
 * A request that failed on the server goes into the owner's error log (/admin/errors), not only
 * the process log: an exception in a route, answered 5xx, with its message, its path and its stack.
 * Never its query string (an invitation's token rides in one), its body (a visitor's name, phone
 * and address) or its headers but the browser's name; database errors keep only the fields that
 * name the failure (describeError).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/index.ts';
import { insertErrorLog } from '../db/error-log.ts';
import { describeError } from './log-error.ts';
import { splitRequestUrl } from './request-url.ts';

const MAX_MESSAGE = 500;
const MAX_STACK = 8000;

/**
 * Records every answer of 5xx that an exception caused (`c.error`: Hono sets it when the app's
 * onError answers; a route that answers a failure itself, such as a form page with the phone
 * number, sets it too). `allow` is the log's per-minute cap, so a failing page under load cannot
 * fill the table. A log that cannot be written leaves the visitor's answer as it was.
 */
export function serverErrorLog(db: Queryable, allow: () => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 500 || !c.error || !allow()) return;
    try {
      await insertErrorLog(db, serverErrorEntry(c, c.error));
    } catch (logError) {
      console.error('Could not log a server error:', logError instanceof Error ? logError.message : logError);
    }
  };
}

function serverErrorEntry(c: Context, error: Error) {
  return {
    kind: 'server' as const,
    message: `${error.name}: ${error.message}`.slice(0, MAX_MESSAGE),
    stack: `${c.req.method} ${splitRequestUrl(c.req.url).path}\n${describeError(error)}`.slice(0, MAX_STACK),
    url: splitRequestUrl(c.req.url).path.slice(0, 2048),
    userAgent: c.req.header('user-agent')?.slice(0, 512),
  };
}
