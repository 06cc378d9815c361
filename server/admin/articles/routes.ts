/**
 * /admin/articles (any admin): a new article or storm update, or a change to any
 * article of the blog, as a draft saved as it is typed (one draft per article),
 * previewed as the real page and published by a build of the whole site
 * (server/publish/publisher.ts), the owner's version laid over content/'s of the
 * same address (docs/decisions/063-owner-articles.md). Every change is in content_audit.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminVariables } from '../../auth/guard.ts';
import { jsonError } from '../../http/api-response.ts';
import { postBodyLimit, readPostedBody } from '../../http/form-post.ts';
import {
  audit,
  dropDraft,
  getVersion,
  latestVersion,
  loadDraft,
  saveDraft,
  type OwnerArticle,
  type OwnerContent,
} from '../../publish/store.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { officeTime } from '../core/format.ts';
import { previewFolder, previewPageOf } from '../core/preview.ts';
import { draftMovedMessage, publishVersion } from '../core/publishing.ts';
import {
  actorOf,
  Refusal,
  savedOf,
  workbenchEndpoint,
  type AdminContext,
  type AdminTopic,
  type PageWithState,
} from '../core/workbench.ts';
import { articleKey, checkArticle, draftFromPost, newDraft, previewHtml, topicOf, type ArticleDraft } from './data.ts';
import { galleryPhotoChoices } from './photos.ts';
import { articleItems, articlesPage, BUILT_ARTICLES, draftOfItem, taken, type ArticleItem } from './page.ts';
import {
  ARTICLES_DRAFT_PATH,
  ARTICLES_NEW_PATH,
  ARTICLES_PREVIEW_PAGES,
  ARTICLES_PREVIEW_PATH,
  ARTICLES_PUBLISH_PATH,
  ARTICLES_RESTORE_PATH,
} from './paths.ts';

const key = z.string().regex(/^[a-f0-9]{16}$/, 'This article is not known here. Open it again from the list.');
const revision = z
  .string()
  .regex(/^\d{0,40}$/)
  .default('');

/** Where one article's editor is. */
const editorUrl = (deps: AdminPageDeps, k: string) => `${deps.built.site.pages['admin-articles']}?edit=${k}`;

/** The office's today, as YYYY-MM-DD. */
const today = (deps: AdminPageDeps) => new Date().toLocaleDateString('en-CA', { timeZone: deps.built.site.facts.timeZone });

async function itemOf(deps: AdminPageDeps, k: string): Promise<{ item: ArticleItem; items: ArticleItem[] }> {
  const items = await articleItems(deps);
  const item = items.find((i) => i.key === k);
  if (!item) throw new Refusal('This draft is not here any more: it was published or thrown away. Open the list again.', {}, 404);
  return { item, items };
}

/** The owner's content with `article` in place of the published one of its address (or added). */
async function contentWith(deps: AdminPageDeps, article: OwnerArticle): Promise<OwnerContent> {
  const latest = await latestVersion(deps.db);
  const others = (latest?.content.articles ?? []).filter((a) => a.slug !== article.slug);
  return { ...(latest?.content ?? {}), articles: [...others, article] };
}

/** The names of the gallery photos an article's picture may be. */
const photoNames = async (deps: AdminPageDeps) => (await galleryPhotoChoices(deps.db)).map((p) => p.name);

/** The item's draft checked for a publish or a preview, or the refusal naming each field. */
async function checkedArticle(deps: AdminPageDeps, item: ArticleItem, items: ArticleItem[], what: string): Promise<OwnerArticle> {
  const checked = checkArticle(draftOfItem(item), deps.built.site.articles.choices, taken(items, item), await photoNames(deps));
  if (!checked.ok)
    throw new Refusal(
      `${what}: ${Object.keys(checked.fields).length} field(s) need a change first (marked in the form).`,
      checked.fields,
      422,
    );
  return checked.article;
}

/** Keeps the draft as typed, unless someone saved it after this page was opened; answers with what a publish would refuse and the preview. */
async function saveArticleDraft(deps: AdminPageDeps, c: AdminContext): Promise<Response> {
  const posted = await readPostedBody(c);
  if (!posted.ok) return posted.response ?? jsonError(c, 400, posted.problem);
  const k = key.safeParse(posted.raw.key);
  if (!k.success) return jsonError(c, 404, k.error.issues[0]!.message);
  let found: { item: ArticleItem; items: ArticleItem[] };
  try {
    found = await itemOf(deps, k.data);
  } catch (error) {
    if (error instanceof Refusal) return jsonError(c, error.status, error.message);
    throw error;
  }
  const { choices } = deps.built.site.articles;
  const draft = draftFromPost(posted.raw, draftOfItem(found.item), choices);
  const expected = revision.safeParse(posted.raw.revision);
  const saved = await saveDraft(deps.db, topicOf(k.data), draft, actorOf(c), expected.success ? expected.data : '');
  if (!saved.saved) {
    const error = draftMovedMessage(deps.built, saved.by, saved.at);
    if (posted.form)
      return articlesPage(c, deps, { form: { form: 'article', values: { ...draft.fields, key: k.data }, error } }, 409);
    return c.json({ ok: false, error, by: saved.by, at: saved.at.toISOString() }, 409);
  }
  if (posted.form) return c.redirect(`${editorUrl(deps, k.data)}#article`, 303);
  const checked = checkArticle(draft, choices, taken(found.items, found.item), await photoNames(deps));
  return c.json({
    ok: true,
    revision: saved.revision,
    savedAt: officeTime(deps.built, new Date()),
    problems: checked.ok ? {} : checked.fields,
    preview: previewHtml(draft.fields.body, choices),
  });
}

/** Publishes the article's saved draft, if it is the one the page saw and it passes the build's checks. */
async function publishArticle(deps: AdminPageDeps, c: AdminContext, body: { key: string; revision: string }) {
  const { item, items } = await itemOf(deps, body.key);
  const draft = await loadDraft(deps.db, topicOf(body.key));
  if (!draft) throw new Refusal('Nothing to publish: this article has no change since it was published.', {}, 409);
  if (draft.revision !== body.revision)
    throw new Refusal(draftMovedMessage(deps.built, draft.by, draft.at).replace('Not saved', 'Not published'), {}, 409);
  let article: OwnerArticle;
  try {
    article = await checkedArticle(deps, item, items, 'Not published, and the site is unchanged');
  } catch (error) {
    if (error instanceof Refusal) await auditFailure(deps, c, body.key, error.message, error.fields);
    throw error;
  }
  const content = await contentWith(deps, article);
  const latest = await latestVersion(deps.db);
  const result = await publishVersion(deps, c, {
    topic: 'articles',
    content,
    changes: [`Article “${String(article.data.title)}” ${item.live ? 'changed' : 'added'} (/blog/${article.slug})`],
    restoredFrom: null,
    built: { content: { ...content, articles: latest?.content.articles ?? [] }, line: BUILT_ARTICLES },
    detail: { key: body.key, slug: article.slug },
    alsoInTx: (tx) => dropDraft(tx, topicOf(body.key)),
  });
  return { ...result, redirect: editorUrl(deps, articleKey(article.slug)) };
}

async function auditFailure(deps: AdminPageDeps, c: AdminContext, k: string, reason: string, fields: Record<string, string>) {
  await audit(deps.db, 'articles', 'publish_failed', actorOf(c), { key: k, reason, fields });
}

/** Bring back a version's articles; build the draft's pages into the preview folder and show them. */
function restoreAndPreview(api: Hono<{ Variables: AdminVariables }>, deps: AdminPageDeps, page: PageWithState): void {
  workbenchEndpoint(api, {
    path: ARTICLES_RESTORE_PATH,
    schema: z.object({ version: z.coerce.number().int().positive() }),
    form: () => 'history',
    page,
    redirect: () => `${deps.built.site.pages['admin-articles']}?saved=restore`,
    maxBytes: 1024,
    async save(c, body) {
      const version = await getVersion(deps.db, body.version);
      if (!version) throw new Refusal('That version is not in the history any more.', {}, 404);
      const latest = await latestVersion(deps.db);
      const articles = version.content.articles ?? [];
      const content = { ...(latest?.content ?? {}), articles };
      return publishVersion(deps, c, {
        topic: 'articles',
        content,
        changes: [`The articles as in version ${version.id} (${articles.length} of your own)`],
        restoredFrom: version.id,
        built: { content, line: BUILT_ARTICLES },
      });
    },
  });

  workbenchEndpoint(api, {
    path: ARTICLES_PREVIEW_PATH,
    schema: z.object({ key }),
    form: () => 'article-preview',
    page,
    redirect: (_c, _body, result) => String(result.redirect),
    maxBytes: 1024,
    async save(_c, body) {
      const cannot = deps.publisher.cannotPublish();
      if (cannot) throw new Refusal(cannot.replace('Publishing needs', 'A preview needs'), {}, 409);
      const { item, items } = await itemOf(deps, body.key);
      const article = await checkedArticle(deps, item, items, 'No preview');
      const built = await deps.publisher.buildInto(
        await contentWith(deps, article),
        previewFolder(deps.env.DATA_DIR, 'articles'),
      );
      if (!built.ok) throw new Refusal(`No preview: ${built.reason}`, {}, 422);
      return { redirect: `${ARTICLES_PREVIEW_PAGES}/blog/${article.slug}` };
    },
  });

  // The draft's pages as the build made them, only for admins, never cached or indexed.
  const preview = (c: AdminContext) =>
    previewPageOf(c, {
      dir: previewFolder(deps.env.DATA_DIR, 'articles'),
      base: ARTICLES_PREVIEW_PAGES,
      back: { href: deps.built.site.pages['admin-articles'], label: 'the articles' },
    });
  api.get(ARTICLES_PREVIEW_PAGES, preview);
  api.get(`${ARTICLES_PREVIEW_PAGES}/*`, preview);
}

export function articlesApi(deps: AdminPageDeps): Hono<{ Variables: AdminVariables }> {
  const api = new Hono<{ Variables: AdminVariables }>();
  const page = (c: AdminContext, extra: Parameters<typeof articlesPage>[2], status?: Parameters<typeof articlesPage>[3]) =>
    articlesPage(c, deps, extra, status);

  workbenchEndpoint(api, {
    path: ARTICLES_NEW_PATH,
    schema: z.object({ kind: z.enum(['article', 'storm']).default('article') }),
    form: () => 'article-new',
    page,
    redirect: (_c, _body, result) => String(result.redirect),
    maxBytes: 1024,
    async save(c, body) {
      const k = articleKey(null);
      const draft: ArticleDraft = newDraft(body.kind, today(deps));
      await saveDraft(deps.db, topicOf(k), draft, actorOf(c), '');
      return { key: k, redirect: editorUrl(deps, k) };
    },
  });

  api.post(
    ARTICLES_DRAFT_PATH,
    postBodyLimit(128 * 1024, 'That is more text than an article can take.', (c, message) =>
      c.text(message, 413, { 'cache-control': 'no-store' }),
    ),
    (c) => saveArticleDraft(deps, c),
  );

  workbenchEndpoint(api, {
    path: ARTICLES_PUBLISH_PATH,
    schema: z.object({ key, revision }),
    form: () => 'article-publish',
    page,
    redirect: (_c, _body, result) => `${String(result.redirect)}&saved=publish#publish`,
    maxBytes: 1024,
    save: (c, body) => publishArticle(deps, c, body),
  });

  restoreAndPreview(api, deps, page);
  return api;
}

export function articlesAdmin(deps: AdminPageDeps): AdminTopic {
  return { api: articlesApi(deps), pages: { 'admin-articles': (c) => articlesPage(c, deps, savedOf(c)) } };
}
