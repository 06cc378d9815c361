import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { insertErrorLog } from '../../db/error-log.ts';

let t: AdminTestApp;
let owner: string;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false });
  owner = await t.sessionFor('errors-owner', 'admin');
});

afterAll(async () => {
  await t?.close();
});

/** The page's HTML without React's text separators. */
const errorsPage = async () =>
  (await (await t.app.request('/admin/errors', { headers: { cookie: owner } })).text()).replace(/<!-- -->/g, '');

describe('failures on the server in the error log', () => {
  it('come first, grouped by cause, in a plain sentence, and are resolved like the others', async () => {
    for (const n of [12, 13]) {
      await insertErrorLog(t.db, { kind: 'server', message: `TypeError: no row ${n} in the table`, url: '/services/roofs' });
    }
    const html = await errorsPage();
    expect(html.indexOf('<h2 id="errors-server">Server errors</h2>')).toBeLessThan(html.indexOf('id="errors-render"'));
    expect(html).toMatch(/<h3>TypeError: no row # in the table<\/h3><p>2 times/);
    expect(html).toContain('A page or form failed on the server. Visitors saw the error page with the phone number');
    const resolved = await t.app.request('/api/admin/errors/resolve', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: owner, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'server', key: 'TypeError: no row # in the table' }),
    });
    expect(resolved.status).toBe(200);
    expect(await errorsPage()).toMatch(/error-group-resolved"><h3>TypeError: no row # in the table<\/h3>/);
  });
});
