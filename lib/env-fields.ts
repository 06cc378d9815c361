import { z } from 'zod';

// Field parsers shared by server/config/env.ts and the settings modules it spreads in
// (server/config/leads.ts, server/config/auth.ts, lib/google-places-config.ts),
// so every variable reads the same way. build/site-origin.ts shares isLocalHost, so
// the build and the server refuse the same local SITE_URL in production.

/** Deploy tooling often writes `VAR=` for "unset": an empty string counts as a missing variable. */
export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

/** true/false (also 1/0, yes/no, on/off); `undefined` when unset. */
export const optionalFlag = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false (also accepted: 1/0, yes/no, on/off)' });
      return z.NEVER;
    }),
);

/** Like `optionalFlag`, false when unset. */
export const flag = optionalFlag.transform((value) => value ?? false);

/** A whole number from `min` to `max`; `what` follows the range in the error, e.g. "(server processes)". */
export const wholeNumber = (fallback: number, min: number, max: number, what = '') =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .default(String(fallback))
      .refine((value) => /^\d+$/.test(value.trim()) && Number(value) >= min && Number(value) <= max, {
        message: `must be a whole number from ${min} to ${max}${what ? ` ${what}` : ''}`,
      })
      .transform(Number),
  );

/** An absolute http(s) URL, kept as written; `undefined` when unset. */
export const httpUrl = (example: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), {
        message: `must be an absolute http:// or https:// URL, for example ${example}`,
      })
      .optional(),
  );

/** Drops trailing slashes from an origin, so `${origin}/path` never doubles them. */
export const withoutTrailingSlash = <T extends string | undefined>(value: T): T => value?.replace(/\/+$/, '') as T;

/** Host names only this machine reaches: a production site's public origin (SITE_URL) is never one. */
const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$|\.localhost$/;
export const isLocalHost = (hostname: string): boolean => LOCAL_HOSTS.test(hostname);

/** The settings a group of fields reads, as parsed: what `z.object(fields)` gives, without making the schema. */
export type EnvOf<F extends z.ZodRawShape> = z.infer<z.ZodObject<F>>;
