import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { blankToUndefined, flag, httpUrl, isLocalHost, wholeNumber, withoutTrailingSlash } from '../../lib/env-fields.ts';
import type { ProxyTrust } from '../http/rate-limit.ts';
import { authEnvFields } from './auth.ts';
import { leadEnvFields } from './leads.ts';
import { pushEnvFields } from './push.ts';
import { googlePlacesEnvFields } from '../../lib/google-places-config.ts';

/** Absolute project root; paths in the environment are resolved against it, never against the working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const directory = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value) => path.resolve(PROJECT_ROOT, value ?? fallback)),
  );

const envSchema = z
  .object({
    PORT: wholeNumber(4321, 0, 65535),
    HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
    SITE_URL: httpUrl('https://www.example.com').transform((value) => withoutTrailingSlash(value ?? 'http://localhost:4321')),
    DATA_DIR: directory('data'),
    DIST_DIR: directory('dist'),
    DATABASE_URL: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
          message: 'must be a postgres:// or postgresql:// connection URL (leave it unset to use the embedded database)',
        })
        .optional(),
    ),
    TRUST_PROXY: flag,
    /** Proxies of ours in front (nginx alone is 1; a CDN in front of nginx makes 2); read only with TRUST_PROXY. */
    TRUST_PROXY_HOPS: wholeNumber(1, 1, 10, '(proxies in front of the server)'),
    /** Server processes sharing the port (server/process/cluster.ts); above 1 only with DATABASE_URL. */
    WEB_CONCURRENCY: wholeNumber(1, 1, 64, '(server processes sharing the port)'),
    /** Error reports, visitor reports and 404s older than this are purged. */
    ERROR_RETENTION_DAYS: wholeNumber(90, 1, 3650, '(days error reports are kept)'),
    /** A command run with `sh -c` after each publish from the admin (docs/decisions/061-owner-content-and-publishing.md). */
    PUBLISH_HOOK: z.preprocess(blankToUndefined, z.string().max(4000).optional()),
    NODE_ENV: z.preprocess(
      blankToUndefined,
      z
        .enum(['development', 'production', 'test'], {
          message: 'must be one of development, production or test',
        })
        .default('development'),
    ),
    ...googlePlacesEnvFields,
    ...leadEnvFields,
    ...authEnvFields,
    ...pushEnvFields,
  })
  .superRefine((env, ctx) => {
    // Unset, SITE_URL is http://localhost:4321: fine on a laptop, but in production GitHub would be
    // sent a localhost callback and HSTS would never be sent. The build refuses the same (build/site-origin.ts).
    if (env.NODE_ENV === 'production' && isLocalHost(new URL(env.SITE_URL).hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: `must be the site's public address, such as https://www.example.com, when NODE_ENV is production (it is ${env.SITE_URL})`,
      });
    }
    // PGlite is one process's database: a second process cannot open the same files.
    if (env.WEB_CONCURRENCY > 1 && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL: the embedded database serves one process only',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (a key pair), or neither',
      });
    }
    // One without the other would fail only at the first sign-in; say it at start.
    if (Boolean(env.GITHUB_CLIENT_ID) !== Boolean(env.GITHUB_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GITHUB_CLIENT_ID ? 'GITHUB_CLIENT_SECRET' : 'GITHUB_CLIENT_ID'],
        message:
          'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set together (the GitHub OAuth app of README "Admin sign-in"), or neither',
      });
    }
  });

/** The validated server environment. */
export type Env = z.infer<typeof envSchema>;

/** Thrown by `loadEnv` when variables are invalid; its message lists each variable and what is wrong. */
export class EnvError extends Error {
  readonly problems: { variable: string; problem: string }[];

  constructor(problems: { variable: string; problem: string }[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p.variable}: ${p.problem}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/**
 * Validates the environment once at start-up. Values are never echoed in the
 * error because DATABASE_URL may carry a password.
 * @throws EnvError listing every bad variable.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => ({
    variable: String(issue.path[0] ?? '(environment)'),
    problem: issue.message,
  }));
  throw new EnvError(problems);
}

/**
 * `loadEnv()` for a command-line entry point: the problems are printed (the
 * message never echoes a value) and null comes back, so the caller exits with 1.
 */
export function loadEnvOrReport(): Env | null {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

/** True when the public site is served over https, so browsers may be told to insist on it (HSTS). */
export function siteIsHttps(env: Pick<Env, 'SITE_URL'>): boolean {
  return env.SITE_URL.startsWith('https://');
}

/** Whom the server believes about the client's address (rate-limit.ts `clientAddress`). */
export function proxyTrust(env: Pick<Env, 'TRUST_PROXY' | 'TRUST_PROXY_HOPS'>): ProxyTrust {
  return { trustProxy: env.TRUST_PROXY, trustedHops: env.TRUST_PROXY_HOPS };
}
