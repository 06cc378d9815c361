/**
 * GitHub's OAuth authorization-code flow with PKCE (S256), and the one API call
 * we make with the token: GET /user. Endpoints as GitHub documents them:
 * https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { GitHubConfig } from '../config/auth.ts';
import { GITHUB_LOGIN, randomSecret, type GitHubUser } from './store.ts';

/** `read:user` is enough to read the account's id, login, name and avatar; we ask for nothing more. */
export const GITHUB_SCOPE = 'read:user';

/** A PKCE pair (RFC 7636): the verifier stays on the server, the S256 challenge goes to GitHub. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomSecret();
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** base64url(SHA-256(verifier)), the S256 method. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizeUrl(config: GitHubConfig, params: { state: string; challenge: string; redirectUri: string }): string {
  const url = new URL(`${config.oauthBaseUrl}/login/oauth/authorize`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: params.redirectUri,
    scope: GITHUB_SCOPE,
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    allow_signup: 'false',
  }).toString();
  return url.toString();
}

export type GitHubFailure = 'timeout' | 'unreachable' | 'refused' | 'bad_answer';

/** A GitHub call that failed; `kind` picks the sentence the visitor reads. */
export class GitHubError extends Error {
  constructor(
    readonly kind: GitHubFailure,
    message: string,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
}

const tokenAnswer = z.union([
  z.object({ access_token: z.string().min(1), token_type: z.string().optional() }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

const userAnswer = z.object({
  id: z.number().int().positive(),
  login: z.string().regex(GITHUB_LOGIN),
  name: z.string().max(500).nullable().optional(),
  avatar_url: z.string().max(2048).nullable().optional(),
});

async function callGitHub(url: string, init: RequestInit, timeoutMs: number, what: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GitHubError('timeout', `GitHub did not answer ${what} within ${Math.round(timeoutMs / 1000)} s`);
    }
    throw new GitHubError('unreachable', `GitHub could not be reached for ${what}: ${(error as Error).message}`);
  }
  let body: unknown;
  try {
    // The body is read under the same timeout: a server that sends headers and then stalls is not answering either.
    body = await res.json();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GitHubError('timeout', `GitHub did not finish answering ${what} within ${Math.round(timeoutMs / 1000)} s`);
    }
    throw new GitHubError('bad_answer', `GitHub answered ${what} with status ${res.status} and no JSON`);
  }
  if (res.status === 401 || res.status === 403) throw new GitHubError('refused', `GitHub refused ${what} (status ${res.status})`);
  if (!res.ok) throw new GitHubError('bad_answer', `GitHub answered ${what} with status ${res.status}`);
  return body;
}

/** Exchanges the authorization code (with the PKCE verifier) for an access token. */
export async function exchangeCode(
  config: GitHubConfig,
  params: { code: string; verifier: string; redirectUri: string },
): Promise<string> {
  const body = await callGitHub(
    `${config.oauthBaseUrl}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code: params.code,
        redirect_uri: params.redirectUri,
        code_verifier: params.verifier,
      }).toString(),
    },
    config.timeoutMs,
    'the sign-in code',
  );
  const parsed = tokenAnswer.safeParse(body);
  if (!parsed.success) throw new GitHubError('bad_answer', 'GitHub answered the sign-in code with something unexpected');
  // GitHub answers a bad code, a reused one or a wrong PKCE verifier with 200 and an error field.
  if ('error' in parsed.data) throw new GitHubError('refused', `GitHub refused the sign-in code (${parsed.data.error})`);
  return parsed.data.access_token;
}

/** GET /user with the token: the account's id, login, name and avatar. */
export async function fetchGitHubUser(config: GitHubConfig, token: string): Promise<GitHubUser> {
  const body = await callGitHub(
    `${config.apiBaseUrl}/user`,
    {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        // GitHub's REST API refuses requests without a User-Agent.
        'user-agent': 'savannah-roofing-site-admin',
      },
    },
    config.timeoutMs,
    'the account lookup',
  );
  const parsed = userAnswer.safeParse(body);
  if (!parsed.success) throw new GitHubError('bad_answer', 'GitHub answered the account lookup with something unexpected');
  return {
    id: parsed.data.id,
    login: parsed.data.login,
    name: parsed.data.name ?? null,
    avatarUrl: parsed.data.avatar_url ?? null,
  };
}
