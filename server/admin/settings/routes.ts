/**
 * /api/admin/settings: the three settings every public page carries, the
 * super admin's extra script hosts, and the business's Google Place ID. Each endpoint takes a plain form
 * post (the page works without JavaScript: a refusal comes back as the page with
 * what was typed, a save as a redirect) or JSON from the admin script (the API
 * error shape). Bodies are read with zod at the edge. The guard has run.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { FormState } from '../../../lib/admin/forms.ts';
import { settingsAction, PIXEL_PREVIEW_PATH, SETTINGS_FORMS, type SettingsForm } from '../../../lib/admin/settings.ts';
import { officeLocalToInstant } from '../../../lib/office-time.ts';
import { parseScriptHosts } from '../../../lib/script-hosts.ts';
import { parseContainerId } from '../../../lib/tag-manager.ts';
import { parsePlaceId } from '../../../lib/google-places-config.ts';
import { fieldErrors, jsonError } from '../../http/api-response.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { postBodyLimit, readPostedBody } from '../../http/form-post.ts';
import { cleanPixel, PIXEL_MAX_CHARS } from '../../settings/pixel.ts';
import { listAudit, type SettingKey, type SettingValue, type SiteNotice } from '../../settings/store.ts';
import { officeTime } from '../core/format.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { actorOf, postedValues, Refusal, workbenchEndpoint, type AdminContext, type AdminTopic } from '../core/workbench.ts';
import { settingsPage } from './page.ts';

/** A settings form may carry a pixel snippet, larger than the workbench's forms. */
const SETTINGS_BODY_BYTES = 64 * 1024;

/** Longest notice text; a notice is a sentence or two in a strip at the top of the page. */
export const NOTICE_TEXT_MAX = 240;
/** Latest expiry from now: a notice nobody remembers should not stay for a season. */
export const NOTICE_MAX_DAYS = 90;

const flag = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', 'off', ''])])
  .transform((v) => v === true || v === 'on' || v === 'true');

/** The setting's revision the form was served with (server/settings/store.ts); absent from older pages and scripts. */
const revision = z.string().max(40).optional();

const schemas = {
  'tag-manager': z.object({ containerId: z.string().max(1000).default(''), revision }),
  'seo-pixel': z.object({
    revision,
    enabled: flag.optional().transform((v) => v ?? false),
    snippet: z
      .string()
      .max(PIXEL_MAX_CHARS, `A pixel snippet is at most ${PIXEL_MAX_CHARS.toLocaleString('en-US')} characters.`)
      .default(''),
  }),
  'site-notice': z.object({
    revision,
    intent: z.enum(['save', 'clear']).default('save'),
    text: z.string().max(5000).default(''),
    link: z.string().max(2048).default(''),
    expires: z.string().max(64).default(''),
  }),
  'script-hosts': z.object({
    hosts: z.union([z.string().max(20_000), z.array(z.string().max(300)).max(100)]).default(''),
    revision,
  }),
  'google-place': z.object({ placeId: z.string().max(1000).default(''), revision }),
} satisfies Record<SettingsForm, z.ZodType>;

/** The notice's link: a path on this site or an https address; anything else (javascript:, http:, //host) is refused. */
function noticeLink(link: string): string | null {
  const trimmed = link.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.includes('\\')) {
    if (/[\u0000-\u0020\u007f]/.test(trimmed)) throw new Refusal('Check the link.', { link: 'A link has no spaces in it.' });
    return trimmed;
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Refusal('Check the link.', {
      link: 'Give a page of this site (starting with /) or an address starting with https://.',
    });
  }
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new Refusal('Check the link.', {
      link: 'Only https:// addresses or pages of this site (starting with /) can be linked.',
    });
  }
  return url.toString();
}

/**
 * Saves one setting unless it was changed after the form's page was served (another
 * tab, another admin): then nothing is saved and the owner is told who changed it.
 */
async function saveSetting<K extends SettingKey>(
  { settings, built }: AdminPageDeps,
  c: AdminContext,
  key: K,
  value: SettingValue<K> | null,
  expected: string | undefined,
): Promise<{ changed: boolean; revision: string }> {
  const result = await settings.save(key, value, actorOf(c), expected);
  if (!('moved' in result)) return result;
  const who = result.moved.by ? `@${result.moved.by}` : 'Someone';
  throw new Refusal(
    `Not saved: ${who} changed this setting on ${officeTime(built, result.moved.at)}, after this page was opened (see the change history). Save again to replace that change, or reload the page to see it first.`,
    {},
    409,
  );
}

/** The notice as it is saved, or a refusal that names each field at fault. */
function checkedNotice(body: { text: string; link: string; expires: string }, timeZone: string): SiteNotice {
  const fields: Record<string, string> = {};
  const text = body.text.replace(/\s+/g, ' ').trim();
  if (text === '') fields.text = 'Write the notice, or use “Remove the notice now”.';
  else if (text.length > NOTICE_TEXT_MAX) fields.text = `Keep it to ${NOTICE_TEXT_MAX} characters; this is ${text.length}.`;
  let link: string | null = null;
  try {
    link = noticeLink(body.link);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    Object.assign(fields, error.fields);
  }
  const expires = officeLocalToInstant(body.expires.trim(), timeZone);
  const now = Date.now();
  if (!expires) fields.expires = 'Choose the date and time the notice should disappear.';
  else if (expires.getTime() <= now + 60_000) fields.expires = 'Choose a time in the future.';
  else if (expires.getTime() > now + NOTICE_MAX_DAYS * 86_400_000)
    fields.expires = `Choose a time within ${NOTICE_MAX_DAYS} days.`;
  if (Object.keys(fields).length) throw new Refusal('Check the highlighted fields.', fields);
  return { text, link, expiresAt: expires!.toISOString() };
}

/** POST the pixel snippet for a preview: what pages would carry, without saving it. */
function pixelPreview(api: Hono<{ Variables: AdminVariables }>, deps: AdminPageDeps): void {
  const { env } = deps;
  api.post(
    PIXEL_PREVIEW_PATH,
    postBodyLimit(SETTINGS_BODY_BYTES, 'That is more text than a setting can hold.', (c, message) =>
      c.text(message, 413, { 'cache-control': 'no-store' }),
    ),
    async (c) => {
      const posted = await readPostedBody(c);
      if (!posted.ok) return posted.response ?? jsonError(c, 400, posted.problem);
      const parsed = schemas['seo-pixel'].safeParse(posted.raw);
      if (!parsed.success) return jsonError(c, 422, 'Check the highlighted field.', fieldErrors(parsed.error));
      const cleaned = cleanPixel(parsed.data.snippet, env.PIXEL_SCRIPT_HOSTS);
      if (!posted.form) return c.json({ ok: true, html: cleaned.html, changed: cleaned.changed, hosts: cleaned.hosts });
      const form: FormState = {
        form: 'seo-pixel',
        values: postedValues(posted.raw),
        preview: { html: cleaned.html, changed: cleaned.changed },
      };
      return settingsPage(c, deps, { form });
    },
  );
}

/**
 * One settings form: `save` turns the parsed body into a change (throwing Refusal);
 * the answer is JSON or, for a form post, a redirect or the page with the problem.
 */
function settingsEndpoint<F extends SettingsForm>(
  api: Hono<{ Variables: AdminVariables }>,
  deps: AdminPageDeps,
  form: F,
  save: (c: AdminContext, body: z.infer<(typeof schemas)[F]>) => Promise<Record<string, unknown>>,
): void {
  workbenchEndpoint(api, {
    path: settingsAction(form),
    schema: schemas[form],
    form: () => form,
    page: (c, extra, status) => settingsPage(c, deps, { form: extra.form }, status),
    redirect: () => `${deps.built.site.pages['admin-settings']}?saved=${form}#${form}`,
    save: save as (c: AdminContext, body: unknown) => Promise<Record<string, unknown>>,
    maxBytes: SETTINGS_BODY_BYTES,
  });
}

/** A snippet with nothing allowed in it is refused rather than saved as nothing. */
async function savePixel(deps: AdminPageDeps, c: AdminContext, body: z.infer<(typeof schemas)['seo-pixel']>) {
  const cleaned = cleanPixel(body.snippet, deps.env.PIXEL_SCRIPT_HOSTS);
  if (cleaned.html === '' && (body.enabled || body.snippet.trim() !== '')) {
    // Refused rather than saved as nothing, which would throw away the snippet saved before.
    const message = body.enabled
      ? 'Nothing in this snippet is allowed, so there is nothing to switch on. Paste a snippet with a <script src="https://…"> from one of the listed hosts, or untick the box.'
      : 'Nothing in this snippet is allowed, so it was not saved and the saved snippet is unchanged. Paste a snippet with a <script src="https://…"> from one of the listed hosts. To remove the saved snippet, empty the box and save.';
    throw new Refusal(message, { snippet: message });
  }
  // The cleaned snippet is what is stored: the form then shows exactly what pages carry.
  const empty = !body.enabled && cleaned.html === '';
  const saved = await saveSetting(
    deps,
    c,
    'seo_pixel',
    empty ? null : { enabled: body.enabled, snippet: cleaned.html },
    body.revision,
  );
  return { ...saved, enabled: body.enabled, snippet: cleaned.html, removed: cleaned.changed };
}

export function settingsApi(deps: AdminPageDeps): Hono<{ Variables: AdminVariables }> {
  const api = new Hono<{ Variables: AdminVariables }>();
  const { built, settings } = deps;

  const save = <K extends SettingKey>(c: AdminContext, key: K, value: SettingValue<K> | null, expected: string | undefined) =>
    saveSetting(deps, c, key, value, expected);

  api.get('/api/admin/settings', async (c) => {
    return c.json({ ok: true, settings: settings.current(), audit: await listAudit(deps.db) });
  });

  const endpoint = <F extends SettingsForm>(
    form: F,
    handler: (c: AdminContext, body: z.infer<(typeof schemas)[F]>) => Promise<Record<string, unknown>>,
  ) => settingsEndpoint(api, deps, form, handler);

  endpoint('tag-manager', async (c, body) => {
    const result = parseContainerId(body.containerId);
    if (!result.ok) throw new Refusal(result.error, { containerId: result.error });
    const value = result.value === null ? null : { containerId: result.value };
    const saved = await save(c, 'tag_manager', value, body.revision);
    return { ...saved, containerId: result.value };
  });

  endpoint('seo-pixel', (c, body) => savePixel(deps, c, body));

  pixelPreview(api, deps);

  endpoint('site-notice', async (c, body) => {
    if (body.intent === 'clear') {
      const saved = await save(c, 'site_notice', null, body.revision);
      return { ...saved, notice: null };
    }
    const notice = checkedNotice(body, built.site.facts.timeZone);
    const saved = await save(c, 'site_notice', notice, body.revision);
    return { ...saved, notice };
  });

  endpoint('script-hosts', async (c, body) => {
    if (c.get('admin').role !== 'super_admin')
      throw new Refusal('Only an owner with full access can change the list of other companies.', {}, 403);
    const result = parseScriptHosts(Array.isArray(body.hosts) ? body.hosts.join('\n') : body.hosts);
    if (!result.ok) throw new Refusal(result.error, { hosts: result.error });
    const saved = await save(c, 'csp_script_hosts', result.hosts.length ? { hosts: result.hosts } : null, body.revision);
    return { ...saved, hosts: result.hosts };
  });

  endpoint('google-place', async (c, body) => {
    const result = parsePlaceId(body.placeId);
    if (!result.ok) throw new Refusal(result.error, { placeId: result.error });
    const saved = await save(c, 'google_place', result.value === null ? null : { placeId: result.value }, body.revision);
    return { ...saved, placeId: result.value };
  });

  return api;
}

/** The settings page and its forms. */
export function settingsAdmin(deps: AdminPageDeps): AdminTopic {
  const page = (c: AdminContext) => {
    const saved = c.req.query('saved');
    return settingsPage(c, deps, { saved: SETTINGS_FORMS.find((form) => form === saved) });
  };
  return { api: settingsApi(deps), pages: { 'admin-settings': page } };
}
