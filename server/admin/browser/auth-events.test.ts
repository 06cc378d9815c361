import { describe, expect, it } from 'vitest';
import type { MeAnswer } from '../../../lib/admin/sign-in.ts';
import { backoffDelay, BACKOFF_CAP_MS, createAuthClient, MAX_ATTEMPTS, type AuthEvent } from './auth-events.ts';

function me(expiresAt: string, login = 'octo-owner'): MeAnswer {
  return {
    ok: true,
    user: { login, name: null, avatarUrl: null },
    role: 'admin',
    session: { expiresAt, absoluteExpiresAt: '2026-12-31T00:00:00.000Z' },
  };
}

/** A fetch that answers from a script: a status with a body, or a network failure (null). */
function scripted(answers: (Response | null)[]) {
  const calls: { url: string; method: string }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET' });
    const next = answers.shift();
    if (next === undefined) throw new Error('no more scripted answers');
    if (next === null) throw new TypeError('Failed to fetch');
    return next;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function recorder(client: ReturnType<typeof createAuthClient>) {
  const events: AuthEvent[] = [];
  client.on((event) => events.push(event));
  return events;
}

describe('the admin’s auth events', () => {
  it('retries a network failure with backoff from 200 ms, doubling, capped', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(backoffDelay)).toEqual([200, 400, 800, 1600, 3200, 6400, BACKOFF_CAP_MS, BACKOFF_CAP_MS]);
    const waits: number[] = [];
    const { fetch, calls } = scripted([null, null, json({}, 503), json(me('2026-10-01T10:00:00Z'))]);
    const client = createAuthClient({ fetch, sleep: async (ms) => void waits.push(ms) });
    const events = recorder(client);
    const connection: boolean[] = [];
    client.onConnection((failing) => connection.push(failing));
    await client.check();
    expect(waits).toEqual([200, 400, 800]);
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/me', '/api/me', '/api/me']);
    expect(events.map((e) => e.name)).toEqual(['INITIAL_SESSION']);
    expect(connection).toEqual([true, true, true, false]);
  });

  it('gives up after its tries, until the next check', async () => {
    const waits: number[] = [];
    const { fetch, calls } = scripted(Array.from({ length: MAX_ATTEMPTS }, () => null));
    const client = createAuthClient({ fetch, sleep: async (ms) => void waits.push(ms) });
    const events = recorder(client);
    await client.check();
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    expect(waits).toHaveLength(MAX_ATTEMPTS - 1);
    expect(events).toEqual([]);
  });

  it('emits INITIAL_SESSION, then TOKEN_REFRESHED when the session was renewed, then SIGNED_OUT on a definitive 401', async () => {
    const { fetch } = scripted([
      json(me('2026-10-01T10:00:00Z')),
      json(me('2026-10-01T10:00:00Z')),
      json(me('2026-10-01T18:00:00Z')),
      json({ ok: false, error: 'Sign in first' }, 401),
    ]);
    const client = createAuthClient({ fetch, sleep: async () => {} });
    const events = recorder(client);
    for (let i = 0; i < 4; i++) await client.check();
    expect(events.map((e) => [e.name, e.reason ?? null])).toEqual([
      ['INITIAL_SESSION', null],
      ['TOKEN_REFRESHED', null],
      ['SIGNED_OUT', 'ended'],
    ]);
  });

  it('emits SIGNED_IN when a session appears (signed in from another tab), and SIGNED_OUT for a lost role', async () => {
    const { fetch } = scripted([json({}, 401), json(me('2026-10-01T10:00:00Z')), json({}, 403)]);
    const client = createAuthClient({ fetch, sleep: async () => {} });
    const events = recorder(client);
    for (let i = 0; i < 3; i++) await client.check();
    expect(events.map((e) => [e.name, e.session?.user.login ?? null, e.reason ?? null])).toEqual([
      ['INITIAL_SESSION', null, 'ended'],
      ['SIGNED_IN', 'octo-owner', null],
      ['SIGNED_OUT', null, 'not-authorised'],
    ]);
  });

  it('reports a session that ended before the page asked as INITIAL_SESSION without one, with the reason', async () => {
    const { fetch } = scripted([json({}, 403)]);
    const client = createAuthClient({ fetch, sleep: async () => {} });
    const events = recorder(client);
    await client.check();
    expect(events).toEqual([{ name: 'INITIAL_SESSION', session: null, reason: 'not-authorised' }]);
  });

  it('asks once for checks that overlap (load and focus together)', async () => {
    const { fetch, calls } = scripted([json(me('2026-10-01T10:00:00Z'))]);
    const client = createAuthClient({ fetch, sleep: async () => {} });
    await Promise.all([client.check(), client.check(), client.check()]);
    expect(calls).toHaveLength(1);
  });

  it('signs out whatever the answer: 401, 403 and 404 are ignored', async () => {
    for (const status of [200, 401, 403, 404]) {
      const { fetch, calls } = scripted([json(me('2026-10-01T10:00:00Z')), json({}, status)]);
      const client = createAuthClient({ fetch, sleep: async () => {} });
      const events = recorder(client);
      await client.check();
      await client.signOut();
      expect(calls.at(-1), String(status)).toEqual({ url: '/api/auth/sign-out', method: 'POST' });
      expect(events.at(-1), String(status)).toEqual({ name: 'SIGNED_OUT', session: null, reason: 'signed-out' });
    }
  });

  it('says when sign-out reached only this device (the database failed), and retries a network failure', async () => {
    const waits: number[] = [];
    const { fetch } = scripted([null, json({ ok: false }, 503)]);
    const client = createAuthClient({ fetch, sleep: async (ms) => void waits.push(ms) });
    const events = recorder(client);
    await client.signOut();
    expect(waits).toEqual([200]);
    expect(events).toEqual([{ name: 'SIGNED_OUT', session: null, reason: 'signed-out-here' }]);
  });
});
