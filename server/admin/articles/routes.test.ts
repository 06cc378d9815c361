import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { writeStandInBuild } from '../../../tests/stand-in-build.ts';
import { storePhoto } from '../../gallery/store.ts';
import { createPublisher, photoName } from '../../publish/publisher.ts';
import { articleKey } from './data.ts';
import {
  ARTICLES_DRAFT_PATH,
  ARTICLES_NEW_PATH,
  ARTICLES_PREVIEW_PATH,
  ARTICLES_PUBLISH_PATH,
  ARTICLES_RESTORE_PATH,
} from './paths.ts';

let t: AdminTestApp;
let writer: string;
let partner: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'articles-admin-'));
  t = await startAdminTestApp({
    standIn: false,
    env: { DATA_DIR: path.join(work, 'data') },
    publisher: ({ db, files, env }) => {
      cpSync(files.distDir, path.join(work, 'source'), { recursive: true });
      return createPublisher({
        db,
        files,
        dataDir: env.DATA_DIR,
        buildEntry: writeStandInBuild(work),
        buildEnv: { ...process.env, STAND_IN_SOURCE: path.join(work, 'source') },
        pollMs: null,
      });
    },
  });
  // Any admin role writes articles.
  writer = await t.sessionFor('articles-office', 'admin');
  partner = await t.sessionFor('articles-partner', 'admin');
});

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.db.query("DELETE FROM content_drafts WHERE topic LIKE 'article_%'");
});

const post = (p: string, body: unknown, cookie = writer) =>
  t.app.request(p, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const html = async (p: string, cookie = writer) => {
  const res = await t.app.request(p, { headers: { cookie } });
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, '') };
};

/** A new draft of `kind`, by the "New" button; its key. */
async function startDraft(kind: 'article' | 'storm'): Promise<string> {
  const res = await post(ARTICLES_NEW_PATH, { kind });
  expect(res.status).toBe(200);
  return ((await res.json()) as { key: string }).key;
}

const BODY = `## What is happening

Tropical Storm Nadine passed south of Savannah overnight. Wind lifted shingles and ridge caps in Midtown and on Wilmington Island, and limbs came down across the Southside.

## What to do at home now

- Stay off the roof.
- Take photos of any damage from the ground.

Call {{phone}} and we will look at it.`;

const STORM = {
  title: 'Tropical Storm Nadine: checking your roof after',
  description:
    'What Tropical Storm Nadine did to roofs around Savannah, what to check from the ground, and when to call a roofer for a look.',
  category: 'Storm Protection',
  date: '2026-12-03',
  tags: 'storm update, wind damage',
  excerpt: 'Nadine passed south of Savannah overnight: what to check from the ground, and when to call.',
  image: 'storm-season.svg',
  imageAlt: 'A roof with lifted shingles after a storm',
  body: BODY,
  'source.ga-ag-storms-fraud': 'on',
};

/** Saves `fields` into the draft of `k`, from the revision the editor shows unless one is given. */
async function save(k: string, fields: Record<string, string>, revision?: string, cookie = writer) {
  revision ??= /name="revision" value="(\d*)"/.exec((await html(`/admin/articles?edit=${k}`, cookie)).html)![1]!;
  const res = await post(ARTICLES_DRAFT_PATH, { ...fields, key: k, revision }, cookie);
  return {
    status: res.status,
    answer: (await res.json()) as {
      revision: string;
      problems: Record<string, string>;
      preview: string;
      error?: string;
      by?: string;
    },
  };
}

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

describe('the articles screen', () => {
  it('lists every article newest first with the two ways to start one, and finds one by its words', async () => {
    const { status, html: list } = await html('/admin/articles');
    expect(status).toBe(200);
    expect(list).toContain('>New article</button>');
    expect(list).toContain('>New storm update</button>');
    // Every article of the repository's blog (content/blog/*.md), as the build hands them to the server.
    const count = readdirSync(path.resolve('content/blog')).filter((f) => f.endsWith('.md')).length;
    expect(list).toContain(`${count} articles, newest first.`);
    const titles = [...list.matchAll(/<li><a href="\/admin\/articles\?edit=[a-f0-9]{16}">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(count);
    const found = (await html('/admin/articles?q=missing%20shingles')).html;
    expect(found).toContain(`1 of ${count} articles match “missing shingles”`);
    expect(found).toContain('Missing Shingles After a Storm: What to Do Next');
  });

  it('opens an article of the repository in the form, with its body as the build renders it', async () => {
    const { html: editor } = await html(`/admin/articles?edit=${articleKey('missing-shingles-after-storm')}`);
    expect(editor).toContain('value="Missing Shingles After a Storm: What to Do Next"');
    expect(editor).toContain('On the site, as the developers wrote it.');
    expect(editor).toContain('<h2 id="first-stay-on-the-ground">First: stay on the ground</h2>');
    expect(editor).toContain('name="source.wtoc-storm-permits" checked="" value="on"');
  });

  it('checks a draft as it is saved and says what a publish would refuse, in plain words, keeping it as typed', async () => {
    const k = await startDraft('storm');
    const { html: started } = await html(`/admin/articles?edit=${k}`);
    expect(started).toContain('<option value="Storm Protection" selected="">');
    expect(started).toContain('value="storm update"');
    const body = [
      'We will pay your deductible for you.',
      'A new roof is about $9,000 and 30% cheaper in winter; see {{fig:no-such-figure}}.',
      '<script>alert(1)</script><div onclick="x()">Hello</div>',
      '[Call us](javascript:alert(1)) or [our old page](http://example.com/roof).',
    ].join('\n\n');
    const { status, answer } = await save(k, { ...STORM, body });
    expect(status).toBe(200);
    const problem = answer.problems.body!;
    expect(problem).toContain(
      '“We will pay your deductible for you.” reads as an offer to pay, waive or rebate an insurance deductible',
    );
    expect(problem).toContain('“$9,000” is typed: prices and percentages come from the figures list');
    expect(problem).toContain('{{fig:no-such-figure}}: there is no figure “no-such-figure” in the figures list');
    expect(problem).toContain('The text holds web code (<script>');
    expect(problem).toContain('The link “javascript:alert(1)” cannot be used');
    expect(problem).toContain('The link “http://example.com/roof” cannot be used');
    // The preview is the build's renderer: the HTML and the script link are gone.
    expect(answer.preview).not.toMatch(/<script|<div|onclick|javascript:/);
    expect(answer.preview).toContain('<p>Call us or <a href="http://example.com/roof"');

    const short = await save(k, { ...STORM, title: 'Nadine', excerpt: 'Short.' }, answer.revision);
    expect(short.answer.problems).toMatchObject({
      title: 'The title is too short (30 characters at least).',
      excerpt: 'The teaser is too short (40 characters at least).',
    });
    const audit = await t.db.query<{ action: string; changed_by_login: string }>(
      `SELECT action, changed_by_login FROM content_audit WHERE topic = $1 ORDER BY id`,
      [`article_${k}`],
    );
    expect(audit.map((a) => a.action)).toEqual(['draft', 'draft', 'draft']);
    expect((await html(`/admin/articles?edit=${k}`)).html).toContain('value="Nadine"');
  });

  it('refuses the later of two saves made from the same page, naming who saved and when', async () => {
    const k = await startDraft('article');
    const revision = /name="revision" value="(\d*)"/.exec((await html(`/admin/articles?edit=${k}`)).html)![1]!;
    expect((await save(k, { title: 'First words' }, revision)).status).toBe(200);
    const late = await save(k, { title: 'Other words' }, revision, partner);
    expect(late.status).toBe(409);
    expect(late.answer.by).toBe('articles-office');
    expect(late.answer.error).toMatch(/^Not saved: @articles-office saved this draft on .+, after this page was opened\./);
  });

  it('refuses a new draft whose title makes the address another draft will publish to, naming it, at save and at publish', async () => {
    const first = await startDraft('storm');
    const second = await startDraft('storm');
    expect((await save(first, STORM)).answer.problems).toEqual({});
    const { answer } = await save(second, STORM);
    const slug = 'tropical-storm-nadine-checking-your-roof-after';
    const message = `Another article, or another draft not published yet, has this title’s address (/blog/${slug}): change the title a little.`;
    expect(answer.problems).toEqual({ title: message });
    const res = await post(ARTICLES_PUBLISH_PATH, { key: second, revision: answer.revision });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.title).toBe(message);
    const renamed = await save(second, { title: 'Tropical Storm Nadine: checking your roof a week after' }, answer.revision);
    expect(renamed.answer.problems).toEqual({});
  });

  it('offers the gallery photos as the picture at the top, and accepts one of them but no other photo name', async () => {
    const photo = await storePhoto(
      t.db,
      {
        alt: 'New shingles on a Wilmington Island ranch',
        width: 480,
        height: 360,
        variants: [{ format: 'webp', width: 480, height: 360, bytes: Buffer.from('webp') }],
      },
      (
        await t.db.query<{ id: number; login: string }>(
          "SELECT id::int AS id, github_login AS login FROM users WHERE github_login = 'articles-office'",
        )
      )[0]!,
    );
    const k = await startDraft('storm');
    const editor = (await html(`/admin/articles?edit=${k}`)).html;
    expect(editor).toContain(`<option value="${photoName(photo.id)}">New shingles on a Wilmington Island ranch</option>`);
    expect(editor).toContain(`&quot;${photoName(photo.id)}&quot;:&quot;/api/admin/gallery/photos/${photo.id}/480.webp&quot;`);
    const { answer } = await save(k, { ...STORM, image: photoName(photo.id) });
    expect(answer.problems).toEqual({});
    const other = await save(k, { ...STORM, image: photoName(photo.id + 1000) }, answer.revision);
    expect(other.answer.problems).toEqual({ image: 'Choose one of the site’s pictures or of your gallery photos.' });
  });

  it('a publish whose content fails the checks leaves every file of the live site as it was, and says why', async () => {
    const k = await startDraft('storm');
    const { answer } = await save(k, { ...STORM, body: `${BODY}\n\nWe waive your deductible.` });
    const before = fingerprint(t.files.distDir);
    const res = await post(ARTICLES_PUBLISH_PATH, { key: k, revision: answer.revision });
    expect(res.status).toBe(422);
    const refused = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(refused.error).toBe('Not published, and the site is unchanged: 1 field(s) need a change first (marked in the form).');
    expect(refused.fields.body).toContain('“We waive your deductible.” reads as an offer');
    expect(fingerprint(t.files.distDir)).toEqual(before);
    const failed = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM content_audit WHERE topic = 'articles' AND action = 'publish_failed'`,
    );
    expect(failed[0]!.n).toBeGreaterThan(0);
  });

  it('publishes a storm update into the overlay the build reads, then a change to an existing article, and brings the first back', async () => {
    const k = await startDraft('storm');
    const { answer } = await save(k, STORM);
    expect(answer.problems).toEqual({});
    const res = await post(ARTICLES_PUBLISH_PATH, { key: k, revision: answer.revision });
    expect(res.status).toBe(200);
    const one = (await res.json()) as { version: number; changes: string[]; redirect: string };
    const slug = 'tropical-storm-nadine-checking-your-roof-after';
    expect(one.changes).toEqual([`Article “${STORM.title}” added (/blog/${slug})`]);
    expect(one.redirect).toBe(`/admin/articles?edit=${articleKey(slug)}`);
    const file = readFileSync(path.join(work, 'data', 'owner-content', 'blog', `${slug}.md`), 'utf8');
    expect(file).toContain('category: "Storm Protection"');
    expect(file).toContain('tags: ["storm update","wind damage"]');
    expect(file).toContain('sources: ["ga-ag-storms-fraud"]');
    expect(file).toContain('Call {{phone}} and we will look at it.');
    // The draft is gone; the article is the owner's now.
    expect(await t.db.query(`SELECT topic FROM content_drafts WHERE topic = $1`, [`article_${k}`])).toEqual([]);
    const mine = await html(one.redirect);
    expect(mine.html).toMatch(/On the site: your version, published .+ by @articles-office\./);

    const existing = articleKey('missing-shingles-after-storm');
    const edit = await save(existing, { title: 'Missing Shingles After a Storm: What to Do First' });
    expect(edit.answer.problems).toEqual({});
    const two = (await (await post(ARTICLES_PUBLISH_PATH, { key: existing, revision: edit.answer.revision })).json()) as {
      changes: string[];
    };
    expect(two.changes).toEqual([
      'Article “Missing Shingles After a Storm: What to Do First” changed (/blog/missing-shingles-after-storm)',
    ]);
    const replaced = readFileSync(path.join(work, 'data', 'owner-content', 'blog', 'missing-shingles-after-storm.md'), 'utf8');
    expect(replaced).toContain('"q":"Is one missing shingle an emergency?"');
    expect(existsSync(path.join(work, 'data', 'owner-content', 'blog', `${slug}.md`))).toBe(true);

    const back = await post(ARTICLES_RESTORE_PATH, { version: one.version });
    expect(back.status).toBe(200);
    expect(existsSync(path.join(work, 'data', 'owner-content', 'blog', 'missing-shingles-after-storm.md'))).toBe(false);
    const actions = await t.db.query<{ action: string }>(
      `SELECT action FROM content_audit WHERE topic = 'articles' AND action <> 'publish_failed' ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['publish', 'publish', 'restore']);
  });

  it('previews an article as the build makes it, under the guard, without touching the live site', async () => {
    const existing = articleKey('flat-roof-ponding-water');
    await save(existing, { imageAlt: 'A flat roof with a pond of standing water after rain' });
    const before = fingerprint(t.files.distDir);
    const res = await post(ARTICLES_PREVIEW_PATH, { key: existing });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, redirect: '/admin/articles/preview/blog/flat-roof-ponding-water' });
    // The stand-in build copies a few pages only; the real article page is the browser test's.
    const shown = await t.app.request('/admin/articles/preview/about', { headers: { cookie: writer } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(await shown.text()).toContain('Preview of your draft: visitors do not see this yet.');
    expect(fingerprint(t.files.distDir)).toEqual(before);
    expect((await t.app.request('/admin/articles/preview/about')).status).not.toBe(200);
  });
});
