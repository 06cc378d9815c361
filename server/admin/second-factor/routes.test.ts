import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { totpCode } from '../../auth/second-factor.ts';

let t: AdminTestApp;

beforeAll(async () => {
  t = await startAdminTestApp({ standIn: false });
});

afterAll(async () => {
  await t?.close();
});

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('setting up an authenticator app on the phone that shows the page', () => {
  it('links the otpauth address beside the QR code, and offers the recovery codes to download and copy', async () => {
    const cookie = await t.sessionFor('same-phone', 'admin');
    const enrol = await t.app.request('/api/admin/second-factor/enrol', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const { secret, uri } = (await enrol.json()) as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const page = decode(await (await t.app.request('/admin/second-factor', { headers: { cookie } })).text());
    const link = /<a class="btn btn-outline" href="([^"]+)" data-otpauth-link="">Open in authenticator app<\/a>/.exec(page);
    expect(link?.[1]).toBe(uri);
    expect(new URL(link![1]!).searchParams.get('secret')).toBe(secret);

    // Without JavaScript: the form posts, and the answer is the page with the codes.
    const verified = await t.app.request('/api/admin/second-factor/verify', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: totpCode(secret) }).toString(),
    });
    expect(verified.status).toBe(200);
    const html = decode(await verified.text());
    const codes = [...html.matchAll(/<li><code>([A-Z0-9]{5}-[A-Z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    const download = /href="data:text\/plain;charset=utf-8,([^"]+)" download="recovery-codes.txt"/.exec(html);
    const file = decodeURIComponent(download![1]!);
    expect(file.split('\n').filter((line) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(line))).toEqual(codes);
    expect(file).toMatch(/^Recovery codes for the .+ admin area \(made \d{4}-\d{2}-\d{2}\)/);
    const copy =
      /<button type="button" class="btn btn-outline" data-copy-codes="([^"]+)" hidden="">Copy the codes<\/button>/.exec(html);
    expect(copy?.[1]!.split('\n')).toEqual(codes);
  });
});
