import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookiesOf, SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { pkceChallenge } from './github.ts';
import { grantRole, hashSecret } from './store.ts';

let t: AdminTestApp;

beforeAll(async () => {
  t = await startAdminTestApp();
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  t.standIn!.signInAs({ login: 'octo-owner', name: 'Olive Owner' });
  t.standIn!.stall(null);
});

interface Started {
  state: string;
  /** The callback URL GitHub (the stand-in) sent the browser back to, as a path with its query. */
  callback: string;
}

/** Starts a sign-in and lets the stand-in approve it, as the browser would follow the redirects. */
async function startAndApprove(next?: string): Promise<Started> {
  const start = await t.app.request(`/api/auth/github/start${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  expect(start.status).toBe(302);
  const state = cookiesOf(start).admin_oauth_state!.value;
  const github = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(github.status).toBe(302);
  const back = new URL(github.headers.get('location')!);
  return { state, callback: back.pathname + back.search };
}

async function callback(started: Started, cookie = `admin_oauth_state=${started.state}`): Promise<Response> {
  return t.app.request(started.callback, { headers: { cookie } });
}

/** The sentence the login page shows after a failed sign-in, and its way to try again. */
async function loginPageAfter(res: Response): Promise<{ title: string; text: string; tryAgain: boolean }> {
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/admin\/login\?error=/);
  const flash = cookiesOf(res).admin_sign_in_message?.value;
  const page = await t.app.request(location, flash ? { headers: { cookie: `admin_sign_in_message=${flash}` } } : {});
  expect(page.status).toBe(200);
  const html = await page.text();
  const alert = /<div class="admin-alert admin-alert-error" role="alert"><h2>([^<]*)<\/h2><p>([^<]*)<\/p>/.exec(html);
  expect(alert, html).not.toBeNull();
  return {
    title: alert![1]!.replace(/&#x27;/g, "'"),
    text: alert![2]!.replace(/&#x27;/g, "'").replace(/&quot;/g, '"'),
    tryAgain: html.includes('href="/api/auth/github/start"') && html.includes('Try again: sign in with GitHub'),
  };
}

describe('GitHub sign-in through the stand-in', () => {
  it('signs an admin in: state and PKCE S256 at GitHub, a session cookie of 256 random bits, then the saved next page', async () => {
    await grantRole(t.db, 'octo-owner', 'super_admin');
    const start = await t.app.request('/api/auth/github/start?next=%2Fadmin%2Fsettings%3Fsaved%3Dx');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(t.standIn!.url);
    expect(authorize.pathname).toBe('/login/oauth/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: t.standIn!.clientId,
      redirect_uri: 'http://localhost:4321/api/auth/github/callback',
      scope: 'read:user',
      code_challenge_method: 'S256',
    });
    const stateCookie = cookiesOf(start).admin_oauth_state!;
    expect(stateCookie.value).toBe(authorize.searchParams.get('state'));
    expect(stateCookie.attributes).toMatch(/HttpOnly/);
    expect(stateCookie.attributes).toMatch(/SameSite=Lax/);
    // The database keeps the state's hash and the verifier whose S256 is the challenge sent to GitHub.
    const row = await t.db.one<{ code_verifier: string; next_path: string }>(
      'SELECT code_verifier, next_path FROM oauth_states WHERE state_hash = $1',
      [hashSecret(stateCookie.value)],
    );
    expect(pkceChallenge(row.code_verifier)).toBe(authorize.searchParams.get('code_challenge'));
    expect(row.next_path).toBe('/admin/settings?saved=x');

    const github = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(github.headers.get('location')!);
    const res = await t.app.request(back.pathname + back.search, {
      headers: { cookie: `admin_oauth_state=${stateCookie.value}` },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/settings?saved=x');
    const cookies = cookiesOf(res);
    expect(cookies.admin_oauth_state!.attributes).toMatch(/Max-Age=0/);
    const session = cookies.admin_session!;
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(session.value, 'base64url')).toHaveLength(32);
    expect(session.attributes).toMatch(/HttpOnly/);
    expect(session.attributes).toMatch(/SameSite=Lax/);
    expect(session.attributes).toMatch(/Path=\//);
    expect(session.attributes).not.toMatch(/Secure/);
    // Only the token's hash is stored.
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(stored.map((r) => r.token_hash)).toContain(hashSecret(session.value));
    expect(stored.map((r) => r.token_hash)).not.toContain(session.value);

    const user = await t.db.one<{ github_id: number; name: string; avatar_url: string; last_sign_in_at: Date | null }>(
      `SELECT github_id, name, avatar_url, last_sign_in_at FROM users WHERE github_login = 'octo-owner'`,
    );
    expect(user.github_id).toBeGreaterThan(0);
    expect(user.name).toBe('Olive Owner');
    expect(user.avatar_url).toMatch(/^https:\/\/avatars\.githubusercontent\.com\//);
    expect(user.last_sign_in_at).not.toBeNull();

    const me = await t.app.request('/api/me', { headers: { cookie: `admin_session=${session.value}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ ok: true, user: { login: 'octo-owner', name: 'Olive Owner' }, role: 'super_admin' });
  });

  it('lands on /admin when no next path was saved, and never on another site', async () => {
    await grantRole(t.db, 'octo-owner', 'admin');
    for (const next of [undefined, 'https://evil.test/', '//evil.test/x', '/\\evil.test', '/api/me']) {
      const started = await startAndApprove(next);
      const res = await callback(started);
      expect(res.headers.get('location'), String(next)).toBe('/admin');
    }
  });

  it('uses the __Host- prefix and Secure under https', async () => {
    const https = await startAdminTestApp({ env: { SITE_URL: 'https://roof.example.com' } });
    try {
      await grantRole(https.db, 'octo-owner', 'admin');
      https.standIn!.signInAs({ login: 'octo-owner' });
      const start = await https.app.request('/api/auth/github/start');
      const state = cookiesOf(start)['__Host-admin_oauth_state']!;
      expect(state.attributes).toMatch(/Secure/);
      const github = await fetch(start.headers.get('location')!, { redirect: 'manual' });
      const back = new URL(github.headers.get('location')!);
      expect(back.origin).toBe('https://roof.example.com');
      const res = await https.app.request(back.pathname + back.search, {
        headers: { cookie: `__Host-admin_oauth_state=${state.value}` },
      });
      const session = cookiesOf(res)['__Host-admin_session']!;
      expect(session.attributes).toMatch(/Secure/);
      expect(session.attributes).toMatch(/Path=\//);
      expect(session.attributes).not.toMatch(/Domain/i);
      // The plain name is not read under https: only the prefixed cookie signs in.
      const plain = await https.app.request('/api/me', { headers: { cookie: `admin_session=${session.value}` } });
      expect(plain.status).toBe(401);
      const prefixed = await https.app.request('/api/me', { headers: { cookie: `__Host-admin_session=${session.value}` } });
      expect(prefixed.status).toBe(200);
    } finally {
      await https.close();
    }
  });
});

describe('each failed sign-in comes back to /admin/login with its reason and a way to try again', () => {
  it('access_denied (the person pressed Cancel at GitHub)', async () => {
    t.standIn!.denyNext();
    const message = await loginPageAfter(await callback(await startAndApprove()));
    expect(message).toEqual({
      title: 'Sign-in cancelled',
      text: 'GitHub says access was denied, so you are not signed in. Nothing was changed. Press the button below to try again.',
      tryAgain: true,
    });
  });

  it('a missing code: "No code detected."', async () => {
    const started = await startAndApprove();
    const url = new URL(started.callback, 'http://x');
    url.searchParams.delete('code');
    const message = await loginPageAfter(await callback({ ...started, callback: url.pathname + url.search }));
    expect(message.title).toBe('No code detected.');
    expect(message.tryAgain).toBe(true);
  });

  it('a bad state: altered, missing, or from another browser', async () => {
    const started = await startAndApprove();
    const altered = started.callback.replace(/state=([^&]+)/, 'state=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await loginPageAfter(await callback({ ...started, callback: altered }))).title).toBe(
      'This sign-in link is not valid',
    );
    // The same link opened in a browser that did not start it (no state cookie).
    expect((await loginPageAfter(await callback(started, ''))).title).toBe('This sign-in link is not valid');
    const noState = started.callback.replace(/state=[^&]+&?/, '');
    expect((await loginPageAfter(await callback({ ...started, callback: noState }))).title).toBe(
      'This sign-in link is not valid',
    );
  });

  it('a replayed state: each works once', async () => {
    await grantRole(t.db, 'octo-owner', 'admin');
    const started = await startAndApprove();
    expect((await callback(started)).headers.get('location')).toBe('/admin');
    const message = await loginPageAfter(await callback(started));
    expect(message.title).toBe('This sign-in link was already used');
  });

  it('an expired state: more than 10 minutes after the start', async () => {
    const started = await startAndApprove();
    await t.db.query(`UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE state_hash = $1`, [
      hashSecret(started.state),
    ]);
    const message = await loginPageAfter(await callback(started));
    expect(message.title).toBe('The sign-in took too long');
    expect(message.text).toContain('within 10 minutes');
    // A new sign-in row expires 10 minutes after it was made.
    const fresh = await startAndApprove();
    const row = await t.db.one<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM oauth_states WHERE state_hash = $1`,
      [hashSecret(fresh.state)],
    );
    expect(row.minutes).toBe(10);
  });

  it("GitHub's own error_description, for a sign-in this browser started", async () => {
    const started = await startAndApprove();
    const url = new URL(started.callback, 'http://x');
    url.searchParams.delete('code');
    url.searchParams.set('error', 'application_suspended');
    url.searchParams.set('error_description', 'Your application has been suspended. <b>Contact support</b>.');
    const message = await loginPageAfter(await callback({ ...started, callback: url.pathname + url.search }));
    expect(message.title).toBe('GitHub could not sign you in');
    // Escaped by React on the page: the markup is shown as text.
    expect(message.text).toContain('GitHub said: “Your application has been suspended. &lt;b&gt;Contact support&lt;/b&gt;.”');
    expect(message.tryAgain).toBe(true);
  });

  it('a crafted link cannot put its own error_description on the login page', async () => {
    const res = await t.app.request('/admin/login?error=github_error&error_description=Call+555-0000+now');
    const html = await res.text();
    expect(html).not.toContain('555-0000');
    expect(html).toContain('GitHub reported an error and did not say why.');
  });

  it('GitHub not answering: a timeout after GITHUB_TIMEOUT_SECONDS, not a hang', async () => {
    t.standIn!.stall('token');
    const started = await startAndApprove();
    const began = performance.now();
    const res = await callback(started);
    const seconds = (performance.now() - began) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(1.9);
    expect(seconds).toBeLessThan(5);
    const message = await loginPageAfter(res);
    expect(message.title).toBe('GitHub did not answer');
    expect(message.text).toContain('within 2 seconds');
    expect(message.tryAgain).toBe(true);
  });

  it('GitHub not answering the user lookup: the same timeout', async () => {
    t.standIn!.stall('user');
    const message = await loginPageAfter(await callback(await startAndApprove()));
    expect(message.title).toBe('GitHub did not answer');
  });

  it('a broken PKCE verifier is refused by GitHub, and the sign-in fails', async () => {
    await grantRole(t.db, 'octo-owner', 'admin');
    const started = await startAndApprove();
    await t.db.query(`UPDATE oauth_states SET code_verifier = 'not-the-verifier-of-that-challenge' WHERE state_hash = $1`, [
      hashSecret(started.state),
    ]);
    const res = await callback(started);
    expect(cookiesOf(res).admin_session).toBeUndefined();
    const message = await loginPageAfter(res);
    expect(message.title).toBe('GitHub refused the sign-in');
    const refused = t.standIn!.requests.filter((r) => r.path === '/login/oauth/access_token').at(-1)!;
    expect(refused.body).toContain('code_verifier=not-the-verifier-of-that-challenge');
  });

  it('a GitHub account without a role: "this account has no access; ask the owner", and no session', async () => {
    t.standIn!.signInAs({ login: 'stranger-danger' });
    const res = await callback(await startAndApprove());
    expect(cookiesOf(res).admin_session).toBeUndefined();
    const message = await loginPageAfter(res);
    expect(message.title).toBe('This account has no access');
    expect(message.text).toBe(
      'You signed in to GitHub as @stranger-danger, but this account has no access to the admin area; ask the owner to give it access.',
    );
    // The user row exists, so the owner can grant the role by login.
    expect(await t.db.query(`SELECT 1 FROM users WHERE github_login = 'stranger-danger' AND github_id IS NOT NULL`)).toHaveLength(
      1,
    );
  });
});

describe('sessions', () => {
  async function signedIn(login = 'session-user'): Promise<string> {
    return t.sessionFor(login, 'admin');
  }

  it('renews while used: the idle limit moves forward, never past the absolute one', async () => {
    const cookie = await signedIn();
    const token = cookie.split('=')[1]!;
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '5 minutes', expires_at = now() + interval '10 minutes' WHERE token_hash = $1`,
      [hashSecret(token)],
    );
    const res = await t.app.request('/api/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { session: { expiresAt: string; absoluteExpiresAt: string } };
    const idleMs = t.env.SESSION_IDLE_MINUTES * 60_000;
    expect(Date.parse(body.session.expiresAt) - Date.now()).toBeGreaterThan(idleMs - 60_000);
    await t.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '5 minutes', absolute_expires_at = now() + interval '3 minutes', expires_at = now() + interval '1 minute' WHERE token_hash = $1`,
      [hashSecret(token)],
    );
    const capped = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as typeof body;
    expect(capped.session.expiresAt).toBe(capped.session.absoluteExpiresAt);
  });

  it('refuses a session past its idle limit', async () => {
    const cookie = await signedIn();
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashSecret(cookie.split('=')[1]!),
    ]);
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(401);
    const page = await t.app.request('/admin', { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/login?next=%2Fadmin&expired=1');
  });

  it('refuses a session past its absolute limit, however recently it was used', async () => {
    const cookie = await signedIn();
    await t.db.query(
      `UPDATE sessions SET absolute_expires_at = now() - interval '1 second', expires_at = now() - interval '1 second', last_seen_at = now() WHERE token_hash = $1`,
      [hashSecret(cookie.split('=')[1]!)],
    );
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(401);
  });

  it('sign-out ends every session of the user and clears the cookie', async () => {
    const phone = await signedIn('two-devices');
    const desk = await signedIn('two-devices');
    const other = await signedIn('someone-else');
    const res = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: { ...SAME_ORIGIN, cookie: phone } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, ended: 2 });
    expect(cookiesOf(res).admin_session!.attributes).toMatch(/Max-Age=0/);
    expect((await t.app.request('/api/me', { headers: { cookie: desk } })).status).toBe(401);
    expect((await t.app.request('/api/me', { headers: { cookie: other } })).status).toBe(200);
  });

  it('sign-out on this device ends only its own session: the desk stays signed in', async () => {
    const phone = await signedIn('phone-and-desk');
    const desk = await signedIn('phone-and-desk');
    const res = await t.app.request('/api/auth/sign-out?here=1', { method: 'POST', headers: { ...SAME_ORIGIN, cookie: phone } });
    expect(await res.json()).toEqual({ ok: true, ended: 1 });
    expect(cookiesOf(res).admin_session!.attributes).toMatch(/Max-Age=0/);
    expect((await t.app.request('/api/me', { headers: { cookie: phone } })).status).toBe(401);
    expect((await t.app.request('/api/me', { headers: { cookie: desk } })).status).toBe(200);
    const form = await t.app.request('/api/auth/sign-out?here=1', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: desk, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(form.headers.get('location')).toBe('/admin/login?signed_out=here');
    expect(await (await t.app.request('/admin/login?signed_out=here')).text()).toContain('Your other devices stay signed in.');
  });

  it('sign-out without a session answers 401 (ignored by the client) and still clears the cookie', async () => {
    const res = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: 'admin_session=gone' },
    });
    expect(res.status).toBe(401);
    expect(cookiesOf(res).admin_session!.attributes).toMatch(/Max-Age=0/);
  });

  it('sign-out from a form without JavaScript lands on the login page, which says so', async () => {
    const cookie = await signedIn();
    const res = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?signed_out=1');
    expect(await (await t.app.request('/admin/login?signed_out=1')).text()).toContain('You are signed out on every device.');
  });

  it('sign-out from another site is refused', async () => {
    const cookie = await signedIn();
    const res = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: { origin: 'https://evil.test', cookie } });
    expect(res.status).toBe(403);
    expect((await t.app.request('/api/me', { headers: { cookie } })).status).toBe(200);
  });

  it('sign-out clears the cookie even when the database fails', async () => {
    const cookie = await signedIn();
    const failing = await startAdminTestApp({
      standIn: false,
      db: {
        ...t.db,
        query: (sql: string, params?: readonly unknown[]) =>
          /FROM sessions|DELETE FROM sessions/.test(sql) ? Promise.reject(new Error('connection lost')) : t.db.query(sql, params),
        maybeOne: (sql: string, params?: readonly unknown[]) =>
          /FROM sessions/.test(sql) ? Promise.reject(new Error('connection lost')) : t.db.maybeOne(sql, params),
      } as typeof t.db,
    });
    try {
      const res = await failing.app.request('/api/auth/sign-out', { method: 'POST', headers: { ...SAME_ORIGIN, cookie } });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(/Signed out on this device/);
      expect(cookiesOf(res).admin_session!.attributes).toMatch(/Max-Age=0/);
      const form = await failing.app.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.headers.get('location')).toBe('/admin/login?signed_out=partly');
      expect(cookiesOf(form).admin_session!.attributes).toMatch(/Max-Age=0/);
    } finally {
      await failing.close();
    }
  });

  it('an admin opening /admin/login goes straight on', async () => {
    const cookie = await signedIn();
    const res = await t.app.request('/admin/login?next=%2Fadmin%2Fsettings', { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/settings');
  });
});
