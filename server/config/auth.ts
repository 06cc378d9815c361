import { z } from 'zod';
import { blankToUndefined, httpUrl, wholeNumber, withoutTrailingSlash, type EnvOf } from '../../lib/env-fields.ts';

/** Admin sign-in settings, spread into server/config/env.ts's schema (README "Environment"). */
export const authEnvFields = {
  /** The GitHub OAuth app's client ID; unset, /admin/login says sign-in is not set up. */
  GITHUB_CLIENT_ID: z.preprocess(blankToUndefined, z.string().trim().optional()),
  /** The OAuth app's client secret: from the environment only, never from a file in the repository. */
  GITHUB_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  /** Where GitHub's authorize and token endpoints live; the tests and `npm run dev` point it at the stand-in. */
  GITHUB_OAUTH_BASE_URL: httpUrl('https://github.com').transform((value) => withoutTrailingSlash(value ?? 'https://github.com')),
  /** GitHub's REST API (GET /user). */
  GITHUB_API_BASE_URL: httpUrl('https://api.github.com').transform((value) =>
    withoutTrailingSlash(value ?? 'https://api.github.com'),
  ),
  /** A GitHub call that has not answered by then is abandoned, and the visitor is told so. */
  GITHUB_TIMEOUT_SECONDS: wholeNumber(10, 1, 120, '(seconds)'),
  /** Passkey sign-ins and invitation answers per client address per 10 minutes (options and answers counted together). */
  PASSKEY_RATE_LIMIT: wholeNumber(30, 1, 1_000_000),
  /** A session unused this long ends (the idle limit); each use moves it forward. */
  SESSION_IDLE_MINUTES: wholeNumber(8 * 60, 1, 30 * 24 * 60, '(minutes)'),
  /** A session ends this long after sign-in, used or not (the absolute limit). */
  SESSION_MAX_HOURS: wholeNumber(7 * 24, 1, 90 * 24, '(hours)'),
  /**
   * Hosts a `<script src>` of the SEO pixel may load from (docs/decisions/011-admin-sign-in-and-settings.md),
   * comma-separated; exact host names, no wildcards.
   */
  PIXEL_SCRIPT_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('app.searchatlas.com,api.searchatlas.com,www.googletagmanager.com,www.google-analytics.com')
      .transform((value) => value.split(',').map((host) => host.trim().toLowerCase()))
      .refine((hosts) => hosts.every((host) => /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)), {
        message: 'must be host names separated by commas, for example app.searchatlas.com,www.googletagmanager.com',
      }),
  ),
};

export type AuthEnv = EnvOf<typeof authEnvFields>;

export interface GitHubConfig {
  clientId: string;
  clientSecret: string;
  oauthBaseUrl: string;
  apiBaseUrl: string;
  timeoutMs: number;
}

/** The GitHub OAuth settings, or null while the client ID and secret are not both set. */
export function githubConfig(env: AuthEnv): GitHubConfig | null {
  if (!env.GITHUB_CLIENT_ID || !env.GITHUB_CLIENT_SECRET) return null;
  return {
    clientId: env.GITHUB_CLIENT_ID,
    clientSecret: env.GITHUB_CLIENT_SECRET,
    oauthBaseUrl: env.GITHUB_OAUTH_BASE_URL,
    apiBaseUrl: env.GITHUB_API_BASE_URL,
    timeoutMs: env.GITHUB_TIMEOUT_SECONDS * 1000,
  };
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

export function sessionLimits(env: AuthEnv): SessionLimits {
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.SESSION_MAX_HOURS * 3_600_000 };
}
