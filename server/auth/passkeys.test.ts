import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../tests/admin-app.ts';
import { SoftPasskey } from '../../tests/passkey-authenticator.ts';
import { totpCode } from './second-factor.ts';

const ORIGIN = 'http://localhost:4321';

let t: AdminTestApp;
let owner: string;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false, env: { PASSKEY_RATE_LIMIT: '1000' } });
  owner = await t.sessionFor('pk-owner', 'super_admin');
});

afterAll(async () => {
  await t?.close();
});

function post(path: string, body: unknown, cookie = '', app = t) {
  return app.app.request(path, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const me = (cookie: string) => t.app.request('/api/me', { headers: { cookie } });
const sessionCookie = (res: Response) => `admin_session=${cookiesOf(res).admin_session!.value}`;

async function invite(name: string, role: 'admin' | 'super_admin' = 'admin'): Promise<string> {
  const res = await post('/api/admin/users/invite', { name, role }, owner);
  expect(res.status).toBe(200);
  const { link } = (await res.json()) as { link: string };
  expect(link).toMatch(/^http:\/\/localhost:4321\/admin\/invitation\?token=[A-Za-z0-9_-]{43}$/);
  return new URL(link).searchParams.get('token')!;
}

/** Opens the invitation and creates the passkey, as the invitation page does. */
async function accept(token: string, passkey: SoftPasskey, deviceName = 'Test phone'): Promise<Response> {
  const started = await post('/api/auth/passkey/invitation/options', { token });
  if (started.status !== 200) return started;
  const { options } = (await started.json()) as { options: Parameters<SoftPasskey['create']>[0] };
  return post('/api/auth/passkey/invitation', { token, deviceName, response: passkey.create(options) });
}

async function signIn(passkey: SoftPasskey, cookie = ''): Promise<Response> {
  const { options } = (await (await post('/api/auth/passkey/sign-in/options', {})).json()) as {
    options: Parameters<SoftPasskey['get']>[0];
  };
  return post('/api/auth/passkey/sign-in', { response: passkey.get(options) }, cookie);
}

describe('an invitation by link', () => {
  it('lets the invitee create a passkey and be in with the role it carries, once', async () => {
    const token = await invite('Maria Lopez', 'admin');
    const page = await t.app.request(`/admin/invitation?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('pk-owner');
    const passkey = new SoftPasskey(ORIGIN);
    const accepted = await accept(token, passkey, 'Maria’s iPhone');
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ ok: true, redirect: '/admin', role: 'admin' });
    const cookie = sessionCookie(accepted);
    expect(await (await me(cookie)).json()).toMatchObject({ role: 'admin', user: { login: 'maria-lopez', name: 'Maria Lopez' } });
    // The link works once.
    expect((await accept(token, new SoftPasskey(ORIGIN))).status).toBe(410);
    expect(await (await t.app.request(`/admin/invitation?token=${token}`)).text()).toContain('already used');
    // The users page lists the passkey by its device name.
    const users = (await (await t.app.request('/admin/users', { headers: { cookie: owner } })).text()).replace(/<!-- -->/g, '');
    expect(users).toContain('Maria’s iPhone');
    expect(users).toContain('@pk-owner invited Maria Lopez as Office staff');
    const audit = await t.db.query<{ kind: string }>(
      `SELECT kind FROM auth_audit WHERE subject_login IN ('maria-lopez', 'Maria Lopez')`,
    );
    expect(audit.map((r) => r.kind).sort()).toEqual(['invitation-created', 'invitation-used']);
  });

  it('fails after 72 hours, and without user verification', async () => {
    const late = await invite('Late Larry');
    await t.db.query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE name = 'Late Larry'`);
    const expired = await accept(late, new SoftPasskey(ORIGIN));
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: string }).error).toContain('expired');

    const token = await invite('Presence Only');
    expect((await accept(token, new SoftPasskey(ORIGIN, false))).status).toBe(401);
    // Still usable with a passkey that verifies the person.
    expect((await accept(token, new SoftPasskey(ORIGIN))).status).toBe(200);
  });

  it('is for super admins to make', async () => {
    const office = await t.sessionFor('pk-office', 'admin');
    expect((await post('/api/admin/users/invite', { name: 'Nobody', role: 'super_admin' }, office)).status).toBe(403);
  });
});

describe('signing in with a passkey', () => {
  it('replaces the browser’s session token, counts as the second factor, and is recorded', async () => {
    const passkey = new SoftPasskey(ORIGIN);
    const first = sessionCookie(await accept(await invite('Sam Second'), passkey));
    // Every admin must have a second factor now: a passkey sign-in goes straight in all the same.
    const boss = await t.sessionFor('pk-boss', 'super_admin');
    const { secret } = (await (await post('/api/admin/second-factor/enrol', {}, boss)).json()) as { secret: string };
    const chief = sessionCookie(await post('/api/admin/second-factor/verify', { code: totpCode(secret) }, boss));
    expect((await post('/api/admin/users/require-second-factor', { required: true }, chief)).status).toBe(200);
    try {
      const signedIn = await signIn(passkey, first);
      expect(signedIn.status).toBe(200);
      const cookie = sessionCookie(signedIn);
      expect(cookie).not.toBe(first);
      expect((await me(first)).status).toBe(401);
      const home = await t.app.request('/admin', { headers: { cookie } });
      expect(home.status).toBe(200);
    } finally {
      expect((await post('/api/admin/users/require-second-factor', { required: false }, chief)).status).toBe(200);
    }
    // Someone whose only second factor is a passkey may switch the requirement on: it cannot lock them out.
    const sam = sessionCookie(await signIn(passkey));
    await t.db.query(
      `UPDATE user_roles SET role = 'super_admin' WHERE user_id = (SELECT id FROM users WHERE github_login = 'sam-second')`,
    );
    expect((await post('/api/admin/users/require-second-factor', { required: true }, sam)).status).toBe(200);
    expect((await post('/api/admin/users/require-second-factor', { required: false }, sam)).status).toBe(200);
    const row = await t.db.one<{ last_used_at: Date | null; sign_count: number }>(
      `SELECT last_used_at, sign_count FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.github_login = 'sam-second'`,
    );
    expect(row.last_used_at).not.toBeNull();
    expect(Number(row.sign_count)).toBe(2);
    expect(
      (await t.db.query(`SELECT 1 FROM auth_audit WHERE kind = 'passkey-sign-in' AND actor_login = 'sam-second'`)).length,
    ).toBe(2);
  });

  it('after GitHub, where a second factor is required, takes the user’s own passkey instead of a code, under a new token', async () => {
    const passkey = new SoftPasskey(ORIGIN);
    const before = await t.sessionFor('pk-github', 'admin');
    const { options: made } = (await (await post('/api/admin/passkeys/options', {}, before)).json()) as {
      options: Parameters<SoftPasskey['create']>[0];
    };
    expect((await post('/api/admin/passkeys/add', { response: passkey.create(made) }, before)).status).toBe(200);
    await t.db.query('UPDATE admin_policy SET require_second_factor = true');
    try {
      const github = await t.sessionFor('pk-github', 'admin');
      // Asked for the passkey (no authenticator app to set up, no code field), and nothing else opens yet.
      const step = await (await t.app.request('/admin/second-factor', { headers: { cookie: github } })).text();
      expect(step).toContain('data-second-factor-step="challenge"');
      expect(step).toContain('Use your passkey');
      expect(step).not.toContain('name="code"');
      expect((await t.app.request('/admin', { headers: { cookie: github } })).status).not.toBe(200);
      const ask = async () =>
        (
          (await (await post('/api/admin/second-factor/passkey-options', {}, github)).json()) as {
            options: Parameters<SoftPasskey['get']>[0];
          }
        ).options;
      // Someone else's passkey does not count for this user.
      const stranger = new SoftPasskey(ORIGIN);
      const refused = await post('/api/admin/second-factor/passkey', { response: stranger.get(await ask()) }, github);
      expect(refused.status).toBe(401);
      const given = await post('/api/admin/second-factor/passkey', { response: passkey.get(await ask()) }, github);
      expect(given.status).toBe(200);
      expect(await given.json()).toMatchObject({ ok: true, redirect: '/admin' });
      const cookie = sessionCookie(given);
      expect(cookie).not.toBe(github);
      expect((await me(github)).status).toBe(401);
      expect((await t.app.request('/admin', { headers: { cookie } })).status).toBe(200);
    } finally {
      await t.db.query('UPDATE admin_policy SET require_second_factor = false');
    }
  });

  it('uses each challenge once and for 5 minutes, and only from this site’s origin', async () => {
    const passkey = new SoftPasskey(ORIGIN);
    await accept(await invite('Carl Challenge'), passkey);
    const { options } = (await (await post('/api/auth/passkey/sign-in/options', {})).json()) as {
      options: Parameters<SoftPasskey['get']>[0];
    };
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');
    const response = passkey.get(options);
    expect((await post('/api/auth/passkey/sign-in', { response })).status).toBe(200);
    expect((await post('/api/auth/passkey/sign-in', { response })).status).toBe(401);

    const stale = (await (await post('/api/auth/passkey/sign-in/options', {})).json()) as typeof options extends infer O
      ? { options: O }
      : never;
    await t.db.query(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await post('/api/auth/passkey/sign-in', { response: passkey.get(stale.options) })).status).toBe(401);

    const { options: other } = (await (await post('/api/auth/passkey/sign-in/options', {})).json()) as typeof stale;
    const phished = passkey.get(other, 'https://roofing-login.example');
    expect((await post('/api/auth/passkey/sign-in', { response: phished })).status).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM auth_audit WHERE kind = 'passkey-refused'`)).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a passkey we do not know, and requests from another site', async () => {
    const stranger = new SoftPasskey(ORIGIN);
    stranger.create({
      challenge: 'x',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'x', name: 'x', displayName: 'x' },
      pubKeyCredParams: [],
    });
    expect((await signIn(stranger)).status).toBe(401);
    const cross = await t.app.request('/api/auth/passkey/sign-in/options', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(cross.status).toBe(403);
  });

  it('is rate limited per address', async () => {
    const limited = await startAdminTestApp({ standIn: false, db: t.db, env: { PASSKEY_RATE_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await post('/api/auth/passkey/sign-in/options', {}, '', limited)).status).toBe(200);
      expect((await post('/api/auth/passkey/sign-in/options', {}, '', limited)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('passkeys on the users page', () => {
  it('removes one, but never the last way in of the last super admin', async () => {
    const phone = new SoftPasskey(ORIGIN);
    const chiefCookie = sessionCookie(await accept(await invite('Pat Boss', 'super_admin'), phone));
    const ids = await t.db.query<{ credential_id: string }>(
      `SELECT credential_id FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.github_login = 'pat-boss'`,
    );
    expect(ids).toHaveLength(1);
    // Every other super admin goes: Pat is the last, and this passkey Pat's only way in.
    const others = await t.db.query<{ login: string }>(
      `SELECT u.github_login AS login FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.role = 'super_admin' AND u.github_login <> 'pat-boss'`,
    );
    for (const { login } of others) expect((await post('/api/admin/users/revoke', { login }, chiefCookie)).status).toBe(200);
    const refused = await post('/api/admin/users/remove-passkey', { id: ids[0]!.credential_id }, chiefCookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain('last way in');

    // A second passkey on another device, then the first may go.
    const laptop = new SoftPasskey(ORIGIN);
    const { options } = (await (await post('/api/admin/passkeys/options', {}, chiefCookie)).json()) as {
      options: Parameters<SoftPasskey['create']>[0];
    };
    const added = await post(
      '/api/admin/passkeys/add',
      { response: laptop.create(options), deviceName: 'Office laptop' },
      chiefCookie,
    );
    expect(added.status).toBe(200);
    expect((await post('/api/admin/users/remove-passkey', { id: ids[0]!.credential_id }, chiefCookie)).status).toBe(200);
    expect((await signIn(phone)).status).toBe(401);
    expect((await signIn(laptop)).status).toBe(200);
    const removal = await t.db.one<{ detail: string }>(
      `SELECT detail FROM auth_audit WHERE kind = 'passkey-removed' ORDER BY id DESC LIMIT 1`,
    );
    expect(removal.detail).toBe('Test phone');
  });
});
