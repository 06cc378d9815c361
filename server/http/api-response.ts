import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The one error shape of every API. */
export interface ApiError {
  ok: false;
  error: string;
  /** Per-field messages, keyed by the field's path (`address.zip`). */
  fields?: Record<string, string>;
}

/** Answers with the API error shape. */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  const body: ApiError = fields ? { ok: false, error, fields } : { ok: false, error };
  return c.json(body, status, headers);
}

/** Turns zod issues into `fields`: the first message for each field path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '(body)';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Text as the database can store it: PostgreSQL refuses U+0000 in text and jsonb, so
 * a NUL that came in (a paste, an odd ad link) would turn a whole lead or note into a 500.
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/**
 * Reads the body as JSON whatever its Content-Type: navigator.sendBeacon posts
 * text/plain, and a strict check would drop exactly the reports sent while a page unloads.
 * Malformed JSON, or anything but an object, gives a ready 400 response instead. NULs in
 * strings are dropped (withoutNul).
 */
export async function readJsonObject(
  c: Context,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; response: Response }> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text(), (_key, v: unknown) => (typeof v === 'string' ? withoutNul(v) : v));
  } catch {
    return { ok: false, response: jsonError(c, 400, 'The request body is not valid JSON.') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonError(c, 400, 'The request body must be a JSON object.') };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Reads the body as a JSON object (readJsonObject) and checks it against `schema`; a body
 * that fails gives a ready 400 response with `invalidMessage` and, unless `fields` is false, each field's message.
 */
export async function readValidJson<T extends z.ZodType>(
  c: Context,
  schema: T,
  invalidMessage: string,
  { fields = true }: { fields?: boolean } = {},
): Promise<{ ok: true; value: z.infer<T> } | { ok: false; response: Response }> {
  const body = await readJsonObject(c);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    return { ok: false, response: jsonError(c, 400, invalidMessage, fields ? fieldErrors(parsed.error) : undefined) };
  }
  return { ok: true, value: parsed.data };
}
