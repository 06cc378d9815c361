import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { totpCode } from './second-factor.ts';

let t: AdminTestApp;
let owner: string;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false });
  owner = await t.sessionFor('rights-owner', 'super_admin');
});

afterAll(async () => {
  await t?.close();
});

function post(path: string, body: unknown, cookie: string) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const me = (cookie: string) => t.app.request('/api/me', { headers: { cookie } });

/** The session cookie a response set, as a request's Cookie header. */
function sessionCookie(res: Response): string {
  const value = cookiesOf(res).admin_session?.value;
  expect(value, 'a new session cookie').toMatch(/^[A-Za-z0-9_-]{43}$/);
  return `admin_session=${value}`;
}

async function enrolled(login: string): Promise<{ secret: string; cookie: string }> {
  const first = await t.sessionFor(login, 'admin');
  const { secret } = (await (await post('/api/admin/second-factor/enrol', {}, first)).json()) as { secret: string };
  const verified = await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, first);
  expect(verified.status).toBe(200);
  return { secret, cookie: sessionCookie(verified) };
}

describe('the session token is replaced whenever it gains rights', () => {
  it('after the code of a new authenticator app: the cookie from before stops working', async () => {
    const before = await t.sessionFor('rights-enrol', 'admin');
    const { secret } = (await (await post('/api/admin/second-factor/enrol', {}, before)).json()) as { secret: string };
    const verified = await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, before);
    expect(verified.status).toBe(200);
    const after = sessionCookie(verified);
    expect(after).not.toBe(before);
    expect((await me(before)).status).toBe(401);
    expect((await me(after)).status).toBe(200);
  });

  it('after the code asked at sign-in: the cookie issued before the code never becomes fully privileged', async () => {
    const { secret } = await enrolled('rights-challenge');
    const pending = await t.sessionFor('rights-challenge', 'admin');
    expect((await me(pending)).status).toBe(401);
    const passed = await post(
      '/api/admin/second-factor/challenge',
      { code: totpCode(secret, new Date(Date.now() + 30_000)) },
      pending,
    );
    expect(passed.status).toBe(200);
    const after = sessionCookie(passed);
    expect((await me(after)).status).toBe(200);
    expect((await me(pending)).status).toBe(401);
    // The new session is the only one left of that sign-in, and it has passed the factor.
    const rows = await t.db.query<{ passed: boolean }>(
      `SELECT s.second_factor_at IS NOT NULL AS passed FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE u.github_login = 'rights-challenge'`,
    );
    expect(rows.map((r) => r.passed)).toEqual([true, true]);
  });

  it('after a stronger role: the sessions issued under the weaker one end, a weaker role leaves them be', async () => {
    const helper = await t.sessionFor('rights-helper', 'admin');
    expect((await me(helper)).status).toBe(200);
    expect((await post('/api/admin/users/grant', { login: 'rights-helper', role: 'super_admin' }, owner)).status).toBe(200);
    expect((await me(helper)).status).toBe(401);
    const raised = await t.sessionFor('rights-helper', 'super_admin');
    expect((await post('/api/admin/users/grant', { login: 'rights-helper', role: 'admin' }, owner)).status).toBe(200);
    expect(await (await me(raised)).json()).toMatchObject({ role: 'admin' });
  });
});

describe('an account locked out by wrong codes', () => {
  it('is named to the super admins on the dashboard, once, and to nobody else', async () => {
    await enrolled('rights-locked');
    const office = await t.sessionFor('rights-office', 'admin');
    const session = await t.sessionFor('rights-locked', 'admin');
    const dashboard = async (cookie: string) =>
      (await (await t.app.request('/admin', { headers: { cookie } })).text()).replace(/<!-- -->/g, '');
    expect(await dashboard(owner)).not.toContain('@rights-locked was locked out');
    for (let i = 0; i < 5; i++)
      expect((await post('/api/admin/second-factor/challenge', { code: '000000' }, session)).status).toBe(422);
    expect((await post('/api/admin/second-factor/challenge', { code: '000000' }, session)).status).toBe(429);
    const html = await dashboard(owner);
    expect(html).toContain('@rights-locked was locked out after five wrong codes');
    expect(html.split('@rights-locked was locked out').length - 1).toBe(1);
    expect(await dashboard(office)).not.toContain('locked out');
  });
});
