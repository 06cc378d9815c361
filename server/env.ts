import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { leadEnvFields } from './leads/config.ts';
import { googlePlacesEnvFields } from './reviews/config.ts';

/** Absolute project root; paths in the environment are resolved against it, never against the working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Deploy tooling often writes `VAR=` for "unset"; treat an empty string the same as a missing variable.
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'off']);

const booleanFlag = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return false;
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false (also accepted: 1/0, yes/no, on/off)' });
      return z.NEVER;
    }),
);

const directory = (fallback: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((value) => path.resolve(PROJECT_ROOT, value ?? fallback)),
  );

const envSchema = z.object({
  PORT: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('4321')
      .refine((value) => /^\d+$/.test(value.trim()) && Number(value) <= 65535, {
        message: 'must be a whole number from 0 to 65535',
      })
      .transform(Number),
  ),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  SITE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('http://localhost:4321')
      .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), {
        message: 'must be an absolute http:// or https:// URL, for example https://www.example.com',
      })
      .transform((value) => value.replace(/\/+$/, '')),
  ),
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
  TRUST_PROXY: booleanFlag,
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

/** True when the public site is served over https, so browsers may be told to insist on it (HSTS). */
export function siteIsHttps(env: Pick<Env, 'SITE_URL'>): boolean {
  return env.SITE_URL.startsWith('https://');
}
