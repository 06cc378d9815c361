import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { jsonError } from './api-response.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the window resets; use for Retry-After. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one request for `key` and says whether it is within the limit. */
  hit(key: string, now?: number): RateLimitResult;
  /** Number of keys currently tracked (bounded by `maxKeys`). */
  readonly size: number;
}

export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /** Memory bound: the most keys tracked at once. Default 10,000. */
  maxKeys?: number;
}

/**
 * A fixed-window counter per key, in memory. Counters are per instance, which
 * DECISIONS.md accepts for scale-out. Memory stays bounded: expired windows are
 * swept when the map fills, and if every key is still live the oldest go first.
 */
export function createRateLimiter({ limit, windowMs, maxKeys = 10_000 }: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const makeRoom = (now: number) => {
    for (const [key, window] of windows) {
      if (window.resetAt <= now) windows.delete(key);
    }
    // Map iteration is insertion order, so this drops the keys whose windows started first.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  return {
    hit(key, now = Date.now()) {
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= now) {
        if (window !== undefined) windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        remaining: Math.max(0, limit - window.count),
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    },
    get size() {
      return windows.size;
    },
  };
}

/**
 * The client's address, used as a rate-limit key. X-Forwarded-For is forgeable,
 * so it counts only behind a trusted proxy (TRUST_PROXY), and then only its
 * first hop, which the proxy recorded. Otherwise the socket address; 'unknown'
 * when there is no socket (tests calling `app.request()`).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const first = forwarded?.split(',', 1)[0]?.trim();
    if (first) return first;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Hono middleware answering 429 in the API error shape, with Retry-After, once a client passes the limit. */
export function rateLimit(limiter: RateLimiter, options: { trustProxy: boolean; scope?: string }): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.scope ?? ''}:${clientAddress(c, options.trustProxy)}`;
    const result = limiter.hit(key);
    if (!result.allowed) {
      return jsonError(c, 429, 'Too many requests. Please wait a minute and try again.', undefined, {
        'retry-after': String(result.retryAfterSeconds),
      });
    }
    await next();
  };
}
