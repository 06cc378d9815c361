/**
 * What every workbench form shares: a plain form post that works
 * without JavaScript (a save answers with a redirect, a refusal with the page and
 * what was typed) or JSON from the admin script (the API error shape). Bodies are
 * read with zod at the edge; the guard has run.
 */
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { FormState } from '../../../lib/admin/forms.ts';
import type { ServerPageRole } from '../../../lib/server-data.ts';
import { fieldErrors, jsonError } from '../../http/api-response.ts';
import type { Actor } from '../../leads/admin-store.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { postBodyLimit, readPostedBody } from '../../http/form-post.ts';

export type AdminContext = Context<{ Variables: AdminVariables }>;

/** A page that can show a refused form again, with what was typed. */
export type PageWithState = (
  c: AdminContext,
  extra: { form?: FormState; saved?: string; feed?: { since: string | null; address: string | null } },
  status?: ContentfulStatusCode,
) => Promise<Response>;

/** One workbench topic: its APIs, and the admin pages it answers (by role). */
export interface AdminTopic {
  api: Hono<{ Variables: AdminVariables }>;
  pages: Partial<Record<ServerPageRole, (c: AdminContext) => Promise<Response>>>;
}

/** A problem with one field, or with the form as a whole. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
    readonly status: 400 | 403 | 404 | 409 | 422 | 429 = 422,
    /** What the JSON answer carries besides the message (after a 409, the value stored now). */
    readonly answer: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Who is making the change, for a lead's history and the settings' change log: a signed-in user always has an id. */
export function actorOf(c: AdminContext): Actor & { id: number } {
  const { user } = c.get('admin').session;
  return { id: user.id, login: user.login };
}

/** `?saved=<form>` after a plain post, for the confirmation line. */
export function savedOf(c: AdminContext): { saved?: string } {
  const saved = c.req.query('saved');
  return saved && /^[a-z0-9-]{1,60}$/.test(saved) ? { saved } : {};
}

/** The string fields of a posted body (what a refused form shows again). */
export function postedValues(raw: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** No workbench form is larger than this (a note of 4,000 characters, encoded). */
export const WORKBENCH_BODY_BYTES = 32 * 1024;

export interface EndpointOptions<S extends z.ZodType> {
  path: string;
  schema: S;
  /** The form's name in the page, from what was posted (a calendar has one form per window). */
  form: (values: Record<string, string>) => string;
  /** The page that shows the form again after a refusal. */
  page: PageWithState;
  /** Where a plain form post lands after a save. */
  redirect: (c: AdminContext, body: z.infer<S>, result: Record<string, unknown>) => string;
  /** Instead of the redirect, a page (what must be shown once, such as recovery codes). */
  respond?: (c: AdminContext, body: z.infer<S>, result: Record<string, unknown>) => Promise<Response>;
  /** Makes the change; throws Refusal to refuse it. Its result goes into the JSON answer. */
  save: (c: AdminContext, body: z.infer<S>) => Promise<Record<string, unknown>>;
  /** The largest body the form can send; WORKBENCH_BODY_BYTES unless it holds more (a pixel snippet). */
  maxBytes?: number;
}

/** Registers one workbench form's POST endpoint on `api`. */
export function workbenchEndpoint<S extends z.ZodType>(
  api: Hono<{ Variables: AdminVariables }>,
  options: EndpointOptions<S>,
): void {
  api.post(
    options.path,
    postBodyLimit(options.maxBytes ?? WORKBENCH_BODY_BYTES, 'That is more text than this form can take.', (c, message) =>
      c.text(message, 413, { 'cache-control': 'no-store' }),
    ),
    async (c) => {
      const posted = await readPostedBody(c);
      const values = posted.ok ? postedValues(posted.raw) : {};
      const refuse = (
        error: string,
        fields: Record<string, string>,
        status: ContentfulStatusCode,
        answer: Record<string, string> = {},
      ) => {
        if (posted.form) return options.page(c, { form: { form: options.form(values), values, error, fields } }, status);
        if (Object.keys(answer).length) return c.json({ ok: false, error, fields, ...answer }, status);
        return jsonError(c, status, error, Object.keys(fields).length ? fields : undefined);
      };
      if (!posted.ok) return posted.response ?? refuse(posted.problem, {}, 400);
      const parsed = options.schema.safeParse(posted.raw);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        return refuse(`Not saved: ${Object.values(fields)[0] ?? 'check the form.'}`, fields, 422);
      }
      try {
        const result = await options.save(c, parsed.data);
        if (posted.form && options.respond) return options.respond(c, parsed.data, result);
        if (posted.form) return c.redirect(options.redirect(c, parsed.data, result), 303);
        return c.json({ ok: true, ...result });
      } catch (error) {
        if (error instanceof Refusal) return refuse(error.message, error.fields, error.status, error.answer);
        throw error;
      }
    },
  );
}
