import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_KEYS } from '../../../lib/business-facts.ts';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { writeStandInBuild } from '../../../tests/stand-in-build.ts';
import { createPublisher, type Publisher } from '../../publish/publisher.ts';
import { draftOf } from './data.ts';
import { BUSINESS_DRAFT_PATH, BUSINESS_PREVIEW_PATH, BUSINESS_PUBLISH_PATH, BUSINESS_RESTORE_PATH } from './paths.ts';

let t: AdminTestApp;
let owner: string;
let partner: string;
let office: string;
let work: string;
let publisher: Publisher;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'business-admin-'));
  t = await startAdminTestApp({
    standIn: false,
    env: { DATA_DIR: path.join(work, 'data') },
    publisher: ({ db, files, env }) => {
      // The site as it was at start, for the stand-in build to copy.
      cpSync(files.distDir, path.join(work, 'source'), { recursive: true });
      publisher = createPublisher({
        db,
        files,
        dataDir: env.DATA_DIR,
        buildEntry: writeStandInBuild(work),
        buildEnv: { ...process.env, STAND_IN_SOURCE: path.join(work, 'source') },
        hook: `printf '%s %s' "$PUBLISHED_VERSION" "$DIST_DIR" > ${JSON.stringify(path.join(work, 'hook.txt'))}`,
        pollMs: null,
      });
      return publisher;
    },
  });
  owner = await t.sessionFor('biz-owner', 'super_admin');
  partner = await t.sessionFor('biz-partner', 'super_admin');
  office = await t.sessionFor('biz-office', 'admin');
});

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (p: string, body: unknown, cookie = owner) =>
  t.app.request(p, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const page = async (cookie = owner) => {
  const res = await t.app.request('/admin/business', { headers: { cookie } });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, '') };
};

/** Every file of the live dist/, by path, as a hash of its bytes. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const file = path.join(at, name);
      if (statSync(file).isDirectory()) walk(file);
      else out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** The live facts as form fields, every claim confirmed true today, with `changes`. */
function draft(changes: Record<string, string> = {}): Record<string, string> {
  const fields = draftOf(t.files.site.business);
  for (const key of CLAIM_KEYS) fields[`claim.${key}.confirmed`] = 'true';
  return { ...fields, ...changes };
}

async function saveDraft(fields: Record<string, string>, cookie = owner): Promise<string> {
  const revision = /name="revision" value="(\d*)"/.exec((await page(cookie)).html)?.[1] ?? '';
  const res = await post(BUSINESS_DRAFT_PATH, { ...fields, revision }, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { revision: string }).revision;
}

describe('the business details', () => {
  it('only the owner’s account opens or changes them', async () => {
    expect((await page(office)).status).toBe(403);
    expect((await post(BUSINESS_DRAFT_PATH, draft(), office)).status).toBe(403);
    expect((await post(BUSINESS_PUBLISH_PATH, { revision: '' }, office)).status).toBe(403);
  });

  it('shows each placeholder with what it affects', async () => {
    const { html } = await page();
    expect(html).toContain('Still placeholders');
    expect(html).toMatch(
      /<strong>Phone<\/strong>: “\(912\) 555-0142” \(555-01xx is the range reserved for fiction\)\. Shows on: every page’s call buttons/,
    );
  });

  it('keeps a draft as typed even when it is not valid yet, and marks what a publish would refuse', async () => {
    const res = await post(BUSINESS_DRAFT_PATH, { ...draft({ phone: '912-55', email: 'office@' }), revision: '' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { revision: string; problems: Record<string, string> };
    expect(answer.problems).toEqual({
      phone: 'Give a 10-digit US phone number, such as (912) 555-0100.',
      email: 'Give an email address, such as office@yourroofing.com.',
    });
    const { html } = await page();
    expect(html).toContain('value="912-55"');
    expect(html).toContain('Give a 10-digit US phone number');
    expect(html).toContain('not published yet');
    const audit = await t.db.query<{ action: string; changed_by_login: string }>(
      `SELECT action, changed_by_login FROM content_audit ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual([{ action: 'draft', changed_by_login: 'biz-owner' }]);
  });

  it('refuses the later of two saves made from the same page, naming who saved and when', async () => {
    const revision = /name="revision" value="(\d*)"/.exec((await page(owner)).html)![1]!;
    expect((await post(BUSINESS_DRAFT_PATH, { ...draft({ city: 'Pooler' }), revision }, owner)).status).toBe(200);
    const late = await post(BUSINESS_DRAFT_PATH, { ...draft({ city: 'Tybee Island' }), revision }, partner);
    expect(late.status).toBe(409);
    const answer = (await late.json()) as { error: string; by: string };
    expect(answer.by).toBe('biz-owner');
    expect(answer.error).toMatch(/^Not saved: @biz-owner saved this draft on .+, after this page was opened\./);
    expect((await page()).html).toContain('value="Pooler"');
  });

  it('a publish that fails the checks leaves every file of the live site as it was, and says why', async () => {
    await saveDraft(draft({ email: 'not an address' }));
    const before = fingerprint(t.files.distDir);
    const revision = /name="revision" value="(\d*)"/.exec((await page()).html)![1]!;
    const res = await post(BUSINESS_PUBLISH_PATH, { revision });
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toMatch(/^Not published, and the site is unchanged/);
    expect(answer.fields).toEqual({ email: 'Give an email address, such as office@yourroofing.com.' });
    expect(fingerprint(t.files.distDir)).toEqual(before);
    expect(await t.db.query('SELECT id FROM content_versions')).toEqual([]);
  });

  it('refuses to publish a claim not confirmed true today', async () => {
    const revision = await saveDraft(draft({ 'claim.rating.confirmed': 'false' }));
    const res = await post(BUSINESS_PUBLISH_PATH, { revision });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toContain(
      'tick “true today” for each claim, or change it first (Rating)',
    );
  });

  it('a build that fails leaves every file of the live site as it was, and shows the build’s reason', async () => {
    const revision = await saveDraft(draft({ name: 'Fail Roofing' }));
    const before = fingerprint(t.files.distDir);
    const res = await post(BUSINESS_PUBLISH_PATH, { revision });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain('Not published, and the site is unchanged. Build failed: Content is invalid:');
    expect(error).toContain('content/blog/storm.md: title: Keep it to 70 characters.');
    expect(fingerprint(t.files.distDir)).toEqual(before);
    // Nothing the failed build wrote is left beside dist/.
    expect(readdirSync(path.dirname(t.files.distDir)).filter((n) => n.includes('-next-'))).toEqual([]);
    expect((await page()).html).toContain('The last publish did not go live');
  });

  it('previews the draft as the build makes it, without touching the live site', async () => {
    await saveDraft(draft({ phone: '(912) 555-4242' }));
    const before = fingerprint(t.files.distDir);
    const res = await post(BUSINESS_PREVIEW_PATH, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, redirect: '/admin/business/preview' });
    const shown = await t.app.request('/admin/business/preview', { headers: { cookie: owner } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('x-robots-tag')).toMatch(/noindex/);
    const html = await shown.text();
    expect(html).toContain('href="tel:+19125554242"');
    expect(html).toContain('Preview of your draft: visitors do not see this yet.');
    expect(fingerprint(t.files.distDir)).toEqual(before);
    expect((await t.app.request('/admin/business/preview', { headers: { cookie: office } })).status).toBe(403);
    expect((await t.app.request('/admin/business/preview/../_server.json', { headers: { cookie: owner } })).status).not.toBe(200);
  });

  it('publishes the draft as a new version the site serves, runs the hook, and brings an old version back', async () => {
    const first = await saveDraft(draft({ phone: '912 555 7788', name: 'Savannah Family Roofing' }));
    const published = await post(BUSINESS_PUBLISH_PATH, { revision: first });
    expect(published.status).toBe(200);
    const one = (await published.json()) as { version: number; stamp: string; changes: string[] };
    expect(one.changes).toContain('Phone: (912) 555-0142 → (912) 555-7788');
    expect(t.files.site.contentStamp).toBe(one.stamp);
    expect(t.files.site.business.phone).toBe('(912) 555-7788');
    const home = await t.app.request('/');
    expect(await home.text()).toContain('href="tel:+19125557788"');
    await publisher.idle();
    expect(readFileSync(path.join(work, 'hook.txt'), 'utf8')).toBe(`${one.stamp} ${t.files.distDir}`);
    // The published overlay is kept where the next `npm run build` reads it.
    expect(JSON.parse(readFileSync(path.join(work, 'data', 'owner-content', 'business.json'), 'utf8')).phone).toBe(
      '(912) 555-7788',
    );

    const second = await saveDraft(draft({ phone: '(912) 555-9900' }));
    const two = (await (await post(BUSINESS_PUBLISH_PATH, { revision: second })).json()) as { version: number };
    expect(t.files.site.business.phone).toBe('(912) 555-9900');

    const back = await post(BUSINESS_RESTORE_PATH, { version: one.version });
    expect(back.status).toBe(200);
    const three = (await back.json()) as { version: number; changes: string[] };
    expect(three.changes).toEqual(['Phone: (912) 555-9900 → (912) 555-7788']);
    expect(t.files.site.business.phone).toBe('(912) 555-7788');
    const rows = await t.db.query<{ id: number; restored_from: number | null; published_by_login: string }>(
      'SELECT id, restored_from, published_by_login FROM content_versions ORDER BY id',
    );
    expect(rows).toEqual([
      // The details as the site was built, kept by the first publish.
      { id: one.version - 1, restored_from: null, published_by_login: null },
      { id: one.version, restored_from: null, published_by_login: 'biz-owner' },
      { id: two.version, restored_from: null, published_by_login: 'biz-owner' },
      { id: three.version, restored_from: one.version, published_by_login: 'biz-owner' },
    ]);
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM content_audit WHERE action IN ('publish', 'restore') ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['publish', 'publish', 'restore']);
    const { html } = await page();
    expect(html).toContain(`Bring back version ${two.version}`);
    expect(html).toContain(`brought back from version ${one.version}`);
  });
});
