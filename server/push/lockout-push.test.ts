import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDist, testEnv } from '../../tests/dist-fixture.ts';
import { startPushStandIn, type PushStandIn } from '../../tests/push-stand-in.ts';
import { openTestDb } from '../../tests/test-db.ts';
import { sessionLimits } from '../config/auth.ts';
import { startEnrolment, totpCode, verifyEnrolment } from '../auth/second-factor.ts';
import { createSession, grantRole, upsertGitHubUser } from '../auth/store.ts';
import { startServer, type RunningServer } from '../index.ts';
import { subscribe } from './push.ts';

let push: PushStandIn;
let running: RunningServer;
let dist: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;

beforeAll(async () => {
  push = await startPushStandIn();
  dist = await makeTempDist();
  dataDir = await mkdtemp(path.join(tmpdir(), 'roofing-data-'));
  const env = testEnv({ PORT: '0', HOST: '127.0.0.1', DIST_DIR: dist.dir, DATA_DIR: dataDir });
  running = await startServer(env, { db: await openTestDb(null) });
});

afterAll(async () => {
  await running?.shutdown();
  await dist?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await push?.close();
});

async function user(login: string, id: number, role: 'admin' | 'super_admin') {
  const account = await upsertGitHubUser(running.db, { id, login, name: null, avatarUrl: null });
  await grantRole(running.db, login, role);
  return account;
}

describe('an account locked out by wrong codes, on the server as it runs', () => {
  it('reaches the super admins’ phones, and nobody else’s', async () => {
    const boss = await user('lock-boss', 91001, 'super_admin');
    const office = await user('lock-office', 91002, 'admin');
    await subscribe(running.db, boss.id, { ...flat(push.subscribe('boss-phone')), deviceName: 'Boss phone' });
    await subscribe(running.db, office.id, { ...flat(push.subscribe('office-phone')), deviceName: 'Office phone' });

    const locked = await user('lock-victim', 91003, 'admin');
    const started = await startEnrolment(running.db, locked.id);
    if (!started.ok) throw new Error('no enrolment');
    expect((await verifyEnrolment(running.db, locked.id, totpCode(started.secret))).ok).toBe(true);
    const session = await createSession(running.db, locked.id, sessionLimits(testEnv()));
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`http://127.0.0.1:${running.port}/api/admin/second-factor/challenge`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sec-fetch-site': 'same-origin',
          cookie: `admin_session=${session.token}`,
        },
        body: JSON.stringify({ code: '000000' }),
      });
      expect(res.status).toBe(422);
    }
    const warning = await push.waitFor((p) => p.message.title === 'Sign-in warning');
    expect(warning.device).toBe('boss-phone');
    expect(String(warning.message.body)).toContain('@lock-victim was locked out');
    await new Promise((r) => setTimeout(r, 300));
    expect(push.received.filter((p) => p.device === 'office-phone')).toEqual([]);
  });
});

function flat(sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  return { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
}
