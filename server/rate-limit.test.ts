import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, createRateLimiter, rateLimit } from './rate-limit.ts';

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
  const appReturningAddress = (trustProxy: boolean) => {
    const app = new Hono();
    app.get('/', (c) => c.text(clientAddress(c, trustProxy)));
    return app;
  };

  it('uses the first X-Forwarded-For hop only behind a trusted proxy', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' };
    expect(await (await appReturningAddress(true).request('/', { headers })).text()).toBe('203.0.113.9');
    expect(await (await appReturningAddress(false).request('/', { headers })).text()).toBe('unknown');
  });

  it('falls back to "unknown" without a socket', async () => {
    expect(await (await appReturningAddress(true).request('/')).text()).toBe('unknown');
  });
});

describe('rateLimit middleware', () => {
  it('answers 429 in the API error shape with Retry-After', async () => {
    const app = new Hono();
    app.post('/x', rateLimit(createRateLimiter({ limit: 1, windowMs: 60_000 }), { trustProxy: false }), (c) => c.body(null, 204));
    expect((await app.request('/x', { method: 'POST' })).status).toBe(204);
    const refused = await app.request('/x', { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ ok: false, error: expect.stringContaining('Too many requests') });
  });
});
