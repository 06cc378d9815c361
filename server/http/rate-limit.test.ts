import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, createRateLimiter, rateLimit } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows the limit within a window and refuses the next request', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000 });
    const results = [1, 2, 3, 4].map(() => limiter.hit('a', 1_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]!.retryAfterSeconds).toBe(60);
  });

  it('starts a fresh window once the old one has passed', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('a', 999).allowed).toBe(false);
    expect(limiter.hit('a', 1_000).allowed).toBe(true);
  });

  it('counts each key separately', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect(limiter.hit('a', 0).allowed).toBe(true);
    expect(limiter.hit('b', 0).allowed).toBe(true);
    expect(limiter.hit('a', 0).allowed).toBe(false);
  });

  it('never tracks more than maxKeys keys, dropping expired and then oldest ones', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, maxKeys: 100 });
    for (let i = 0; i < 1_000; i++) limiter.hit(`client-${i}`, i);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest client is still being counted.
    expect(limiter.hit('client-999', 1_000).allowed).toBe(false);
  });
});

describe('clientAddress', () => {
  const appReturningAddress = (trustProxy: boolean, trustedHops = 1) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientAddress(c, { trustProxy, trustedHops })));
    return app;
  };
  const addressFor = async (forwardedFor: string, trustProxy = true, trustedHops = 1) =>
    (await appReturningAddress(trustProxy, trustedHops).request('/', { headers: { 'x-forwarded-for': forwardedFor } })).text();

  it('takes the right-most X-Forwarded-For entry behind one trusted proxy, never the client-chosen left one', async () => {
    // What the security review sent: a forged first entry, then the address nginx saw.
    expect(await addressFor('198.51.100.7, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressFor('203.0.113.9')).toBe('203.0.113.9');
    expect(await addressFor('203.0.113.9, 10.0.0.2', false)).toBe('unknown');
  });

  it('skips as many proxies as TRUST_PROXY_HOPS says', async () => {
    // client → CDN (appends client) → nginx (appends the CDN's address) → us
    expect(await addressFor('6.6.6.6, 203.0.113.7, 198.18.0.1', true, 2)).toBe('203.0.113.7');
    // Fewer entries than hops: the left-most one is the best there is.
    expect(await addressFor('203.0.113.7', true, 3)).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by /64 and unwraps IPv4-mapped addresses', async () => {
    expect(await addressFor('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(await addressFor('2001:db8:abcd:12:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(await addressFor('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(await addressFor('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });

  it('falls back to "unknown" without a socket', async () => {
    expect(await (await appReturningAddress(true).request('/')).text()).toBe('unknown');
  });
});

describe('rateLimit middleware', () => {
  it('answers 429 in the API error shape with Retry-After', async () => {
    const app = new Hono();
    app.post('/x', rateLimit(createRateLimiter({ limit: 1, windowMs: 60_000 }), { trustProxy: false, trustedHops: 1 }), (c) =>
      c.body(null, 204),
    );
    expect((await app.request('/x', { method: 'POST' })).status).toBe(204);
    const refused = await app.request('/x', { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ ok: false, error: expect.stringContaining('Too many requests') });
  });
});
