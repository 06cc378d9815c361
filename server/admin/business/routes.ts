/**
 * /admin/business (super admins): the business facts as a draft saved as the owner
 * types, published by a build of the whole site (server/publish/publisher.ts), with
 * every published version kept and any one brought back with one tap
 * (docs/decisions/061-owner-content-and-publishing.md). Forms post plainly or as
 * JSON from the admin script; the guard has run.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  businessFactsSchema,
  describeChanges,
  unconfirmedClaims,
  CLAIM_LABELS,
  type BusinessFacts,
} from '../../../lib/business-facts.ts';
import { jsonError } from '../../http/api-response.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { postBodyLimit, readPostedBody } from '../../http/form-post.ts';
import { audit, dropDraft, getVersion, latestVersion, loadDraft, saveDraft, type OwnerContent } from '../../publish/store.ts';
import { officeTime } from '../core/format.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint, type AdminContext, type AdminTopic } from '../core/workbench.ts';
import { BUILT_VERSION, checkDraft, draftFromPost, storedDraft } from './data.ts';
import { draftMovedMessage, publishVersion } from '../core/publishing.ts';
import { businessPage } from './page.ts';
import {
  BUSINESS_DRAFT_PATH,
  BUSINESS_PREVIEW_PAGES,
  BUSINESS_PREVIEW_PATH,
  BUSINESS_PUBLISH_PATH,
  BUSINESS_RESTORE_PATH,
} from './paths.ts';
import { previewPage, previewDir } from './preview.ts';

const revision = z
  .string()
  .regex(/^\d{0,40}$/)
  .default('');

function onlySuperAdmin(c: AdminContext): void {
  if (c.get('admin').role !== 'super_admin') {
    throw new Refusal('Only the owner’s account can change the business details.', {}, 403);
  }
}

/** The facts the site serves now: the newest published version's, else the built ones. */
export async function liveFacts(deps: AdminPageDeps): Promise<BusinessFacts> {
  const latest = await latestVersion(deps.db);
  const published = latest?.content.business;
  return published ? (published as BusinessFacts) : deps.built.site.business;
}

/** The whole of the owner's content with these facts (other topics as published). */
async function contentWith(deps: AdminPageDeps, facts: BusinessFacts): Promise<OwnerContent> {
  const latest = await latestVersion(deps.db);
  return { ...(latest?.content ?? {}), business: facts };
}

const movedMessage = (deps: AdminPageDeps, by: string | null, at: Date) => draftMovedMessage(deps.built, by, at);

/** Publishes `facts` as a new version, or throws the refusal the owner reads. */
async function publishFacts(
  deps: AdminPageDeps,
  c: AdminContext,
  facts: BusinessFacts,
  how: { restoredFrom: number | null; dropDraft: boolean },
): Promise<Record<string, unknown>> {
  const before = await liveFacts(deps);
  const changes = describeChanges(before, facts);
  const content = await contentWith(deps, facts);
  return publishVersion(deps, c, {
    topic: 'business',
    content,
    changes,
    restoredFrom: how.restoredFrom,
    // The first publish keeps the details as the site was built as version 1, so they can be brought back too.
    built: { content: { ...content, business: before }, line: BUILT_VERSION },
    alsoInTx: how.dropDraft ? (tx) => dropDraft(tx, 'business') : undefined,
  });
}

/** Publishes the saved draft, if it is the one the owner saw (`expected` revision) and passes the checks, with every claim confirmed. */
async function publishDraft(deps: AdminPageDeps, c: AdminContext, expected: string): Promise<Record<string, unknown>> {
  onlySuperAdmin(c);
  const draft = await loadDraft(deps.db, 'business');
  const values = draft && storedDraft(draft.value);
  if (!draft || !values) throw new Refusal('Nothing to publish: the draft is the same as the live site.', {}, 409);
  if (draft.revision !== expected)
    throw new Refusal(movedMessage(deps, draft.by, draft.at).replace('Not saved', 'Not published'), {}, 409);
  const checked = checkDraft(values);
  if (!checked.ok) {
    const reason = `Not published, and the site is unchanged: ${Object.values(checked.fields).length} field(s) need a change first (marked in the form).`;
    await audit(deps.db, 'business', 'publish_failed', actorOf(c), { reason, fields: checked.fields });
    throw new Refusal(reason, checked.fields, 422);
  }
  const unconfirmed = unconfirmedClaims(checked.facts);
  if (unconfirmed.length) {
    const names = unconfirmed.map((k) => CLAIM_LABELS[k]).join(', ');
    const reason = `Not published: tick “true today” for each claim, or change it first (${names}). Every page states them as fact.`;
    await audit(deps.db, 'business', 'publish_failed', actorOf(c), { reason });
    throw new Refusal(
      reason,
      Object.fromEntries(unconfirmed.map((k) => [`claim.${k}.confirmed`, 'Confirm this is true today.'])),
      422,
    );
  }
  return publishFacts(deps, c, checked.facts, { restoredFrom: null, dropDraft: true });
}

/** Keeps the draft as typed (a draft need not be valid yet), unless someone saved it after this page was opened. */
async function saveBusinessDraft(deps: AdminPageDeps, c: AdminContext): Promise<Response> {
  const posted = await readPostedBody(c);
  if (!posted.ok) return posted.response ?? jsonError(c, 400, posted.problem);
  try {
    onlySuperAdmin(c);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return jsonError(c, 403, error.message);
  }
  const parsedRevision = revision.safeParse(posted.raw.revision);
  const draft = draftFromPost(posted.raw);
  const saved = await saveDraft(deps.db, 'business', draft, actorOf(c), parsedRevision.success ? parsedRevision.data : '');
  if (!saved.saved) {
    const error = movedMessage(deps, saved.by, saved.at);
    if (posted.form) return businessPage(c, deps, { form: { form: 'business', values: draft, error } }, 409);
    return c.json({ ok: false, error, by: saved.by, at: saved.at.toISOString() }, 409);
  }
  const checked = checkDraft(draft);
  const problems = checked.ok ? {} : checked.fields;
  if (posted.form) return c.redirect(`${deps.built.site.pages['admin-business']}?saved=business#business`, 303);
  return c.json({ ok: true, revision: saved.revision, savedAt: officeTime(deps.built, new Date()), problems });
}

export function businessApi(deps: AdminPageDeps): Hono<{ Variables: AdminVariables }> {
  const api = new Hono<{ Variables: AdminVariables }>();
  const page = (c: AdminContext, extra: Parameters<typeof businessPage>[2], status?: Parameters<typeof businessPage>[3]) =>
    businessPage(c, deps, extra, status);
  const home = () => deps.built.site.pages['admin-business'];

  // The draft: every field of the form.
  api.post(
    BUSINESS_DRAFT_PATH,
    postBodyLimit(32 * 1024, 'That is more text than this form can take.', (c, message) =>
      c.text(message, 413, { 'cache-control': 'no-store' }),
    ),
    (c) => saveBusinessDraft(deps, c),
  );

  workbenchEndpoint(api, {
    path: BUSINESS_PUBLISH_PATH,
    schema: z.object({ revision }),
    form: () => 'publish',
    page,
    redirect: () => `${home()}?saved=publish#publish`,
    maxBytes: 1024,
    save: (c, body) => publishDraft(deps, c, body.revision),
  });

  workbenchEndpoint(api, {
    path: BUSINESS_RESTORE_PATH,
    schema: z.object({ version: z.coerce.number().int().positive() }),
    form: () => 'history',
    page,
    redirect: () => `${home()}?saved=restore#history`,
    maxBytes: 1024,
    async save(c, body) {
      onlySuperAdmin(c);
      const version = await getVersion(deps.db, body.version);
      if (!version?.content.business) throw new Refusal('That version is not in the history any more.', {}, 404);
      // Checked again: a version published by an older version of the site may not pass today's rules.
      const facts = businessFactsSchema.safeParse(version.content.business);
      if (!facts.success) throw new Refusal('That version cannot be brought back: it does not pass today’s checks.', {}, 422);
      return publishFacts(deps, c, facts.data, { restoredFrom: version.id, dropDraft: false });
    },
  });

  workbenchEndpoint(api, {
    path: BUSINESS_PREVIEW_PATH,
    schema: z.object({}),
    form: () => 'preview',
    page,
    redirect: () => BUSINESS_PREVIEW_PAGES,
    maxBytes: 1024,
    async save(c) {
      onlySuperAdmin(c);
      const cannot = deps.publisher.cannotPublish();
      if (cannot) throw new Refusal(cannot.replace('Publishing needs', 'A preview needs'), {}, 409);
      const draft = await loadDraft(deps.db, 'business');
      const values = draft && storedDraft(draft.value);
      const checked = values ? checkDraft(values) : { ok: true as const, facts: await liveFacts(deps) };
      if (!checked.ok)
        throw new Refusal('No preview: some fields need a change first (marked in the form).', checked.fields, 422);
      const built = await deps.publisher.buildInto(await contentWith(deps, checked.facts), previewDir(deps.env.DATA_DIR));
      if (!built.ok) throw new Refusal(`No preview: ${built.reason}`, {}, 422);
      return { redirect: BUSINESS_PREVIEW_PAGES };
    },
  });

  // The draft's pages as the build made them, only for the owner, never cached or indexed.
  const preview = async (c: AdminContext) => {
    if (c.get('admin').role !== 'super_admin') return c.text('Only the owner’s account can see the preview.', 403);
    return previewPage(c, deps);
  };
  api.get(BUSINESS_PREVIEW_PAGES, preview);
  api.get(`${BUSINESS_PREVIEW_PAGES}/*`, preview);

  return api;
}

export function businessAdmin(deps: AdminPageDeps): AdminTopic {
  return {
    api: businessApi(deps),
    pages: { 'admin-business': (c) => businessPage(c, deps, savedOf(c)) },
  };
}
