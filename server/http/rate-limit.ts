import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import ipaddr from 'ipaddr.js';
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
 * docs/decisions/008-server-processes.md accepts for scale-out. Memory stays bounded: expired windows are
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

/** How the server learns who the client is (server/config/env.ts: TRUST_PROXY, TRUST_PROXY_HOPS). */
export interface ProxyTrust {
  trustProxy: boolean;
  /** Proxies of ours between the client and us (a CDN in front of nginx is 2). */
  trustedHops: number;
}

/**
 * The client's address as a rate-limit key. X-Forwarded-For counts only behind
 * a proxy we were told to trust, and then only from the right: each proxy appends
 * the address it was reached from, so the entry `trustedHops` from the right is
 * the last one our own proxies wrote. Entries left of it are whatever the client
 * sent and prove nothing. IPv6 clients are grouped by /64, the block one customer
 * line gets, so rotating through it earns no fresh limits. Otherwise the socket
 * address; 'unknown' when there is no socket (tests calling `app.request()`).
 */
export function clientAddress(c: Context, trust: ProxyTrust): string {
  if (trust.trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (forwarded?.length) {
      const address = forwarded[Math.max(0, forwarded.length - trust.trustedHops)]!;
      return addressKey(address);
    }
  }
  try {
    return addressKey(getConnInfo(c).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/**
 * One key per client: IPv4 as is (IPv4-mapped IPv6 too), IPv6 as its /64, and
 * anything that is not an address (a proxy writing `unknown`) as itself.
 */
export function addressKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // Brackets and a zone id are legal in some proxies' output: [fe80::1%eth0].
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return address.slice(0, 100);
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const parts = v6.parts.slice(0, 4).map((part) => part.toString(16));
    return `${parts.join(':')}::/64`;
  }
  return parsed.toString();
}

/** Hono middleware answering 429 in the API error shape, with Retry-After, once a client passes the limit. */
export function rateLimit(limiter: RateLimiter, options: ProxyTrust & { scope?: string }): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.scope ?? ''}:${clientAddress(c, options)}`;
    const result = limiter.hit(key);
    if (!result.allowed) {
      return jsonError(c, 429, 'Too many requests. Please wait a minute and try again.', undefined, {
        'retry-after': String(result.retryAfterSeconds),
      });
    }
    await next();
  };
}
