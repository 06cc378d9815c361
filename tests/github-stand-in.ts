/**
 * A stand-in for GitHub's OAuth and user endpoints on 127.0.0.1 (GitHub is stood
 * in for at the network boundary, never by patching modules). It answers like github.com:
 *
 * - GET  /login/oauth/authorize     redirects back to redirect_uri with code and state
 *                                   (as if the person had approved), or with error=access_denied;
 * - POST /login/oauth/access_token  checks the client id and secret, the code (single use,
 *                                   10 minutes), the redirect_uri, and the PKCE code_verifier
 *                                   against the S256 challenge; answers 200 with an `error`
 *                                   field when any is wrong, as GitHub does;
 * - GET  /user                      the account the token was issued for.
 *
 * Run on its own: `npx tsx tests/github-stand-in.ts --port 4399 --login your-login`
 * (README "Admin sign-in"). `npm run dev` and the tests start it too.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isEntryPoint } from '../server/process/entry-point.ts';

export interface StandInAccount {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
}

export interface GitHubStandInOptions {
  port?: number;
  /** The account every approval signs in as (changeable with `signInAs`). */
  account?: Partial<StandInAccount> & { login: string };
  clientId?: string;
  clientSecret?: string;
}

export interface GitHubStandIn {
  /** Base URL for both GITHUB_OAUTH_BASE_URL and GITHUB_API_BASE_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Environment variables that point the server at this stand-in. */
  env: Record<string, string>;
  /** Every request received, oldest first (secrets included: it is a test double). */
  requests: { method: string; path: string; body: string }[];
  /** The account the next approvals sign in as. */
  signInAs(account: Partial<StandInAccount> & { login: string }): void;
  /** The next authorize request is denied (error=access_denied), as when the person clicks Cancel. */
  denyNext(): void;
  /** Endpoint ("token" or "user") that stops answering (to test timeouts), or null to answer again. */
  stall(endpoint: 'token' | 'user' | null): void;
  close(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: string;
  account: StandInAccount;
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60_000;

function accountFrom(account: Partial<StandInAccount> & { login: string }): StandInAccount {
  // A stable id per login, as GitHub's ids are stable per account.
  const id =
    account.id ?? (createHash('sha256').update(account.login.toLowerCase()).digest().readUInt32BE(0) % 90_000_000) + 1_000_000;
  return {
    id,
    login: account.login,
    name: account.name === undefined ? account.login : account.name,
    avatar_url: account.avatar_url === undefined ? `https://avatars.githubusercontent.com/u/${id}?v=4` : account.avatar_url,
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Starts the stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startGitHubStandIn(options: GitHubStandInOptions = {}): Promise<GitHubStandIn> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  let account = accountFrom(options.account ?? { login: 'stand-in-owner' });
  let deny = false;
  let stalled: 'token' | 'user' | null = null;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, StandInAccount>();
  const requests: GitHubStandIn['requests'] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = req.method === 'POST' ? await readBody(req) : '';
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, body });

      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri');
        const state = q.get('state');
        if (q.get('client_id') !== clientId || !redirectUri) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Unknown OAuth application or missing redirect_uri.');
          return;
        }
        const back = new URL(redirectUri);
        if (state !== null) back.searchParams.set('state', state);
        if (deny) {
          deny = false;
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The user has denied your application access.');
        } else {
          const code = randomBytes(10).toString('hex');
          codes.set(code, {
            clientId,
            redirectUri,
            challenge: q.get('code_challenge') ?? '',
            method: q.get('code_challenge_method') ?? '',
            account,
            expiresAt: Date.now() + CODE_TTL_MS,
          });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }

      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        if (stalled === 'token') return; // never answers
        const form = req.headers['content-type']?.includes('json')
          ? new URLSearchParams(Object.entries(JSON.parse(body || '{}') as Record<string, string>))
          : new URLSearchParams(body);
        const fail = (error: string, description: string) => json(res, 200, { error, error_description: description });
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
          return fail('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
        }
        const code = form.get('code') ?? '';
        const issued = codes.get(code);
        codes.delete(code);
        if (!issued || issued.expiresAt < Date.now()) {
          return fail('bad_verification_code', 'The code passed is incorrect or expired.');
        }
        if (form.get('redirect_uri') !== issued.redirectUri) {
          return fail('redirect_uri_mismatch', 'The redirect_uri MUST match the registered callback URL for this application.');
        }
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (issued.method !== 'S256' || !verifier || challenge !== issued.challenge) {
          return fail('bad_verification_code', 'The code_verifier does not match the code_challenge.');
        }
        const token = `gho_${randomBytes(18).toString('hex')}`;
        tokens.set(token, issued.account);
        return json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user' });
      }

      if (req.method === 'GET' && url.pathname === '/user') {
        if (stalled === 'user') return;
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        const who = token ? tokens.get(token) : undefined;
        if (!who) return json(res, 401, { message: 'Bad credentials', status: '401' });
        return json(res, 200, who);
      }

      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    env: {
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_OAUTH_BASE_URL: url,
      GITHUB_API_BASE_URL: url,
    },
    requests,
    signInAs(next) {
      account = accountFrom(next);
    },
    denyNext() {
      deny = true;
    },
    stall(endpoint) {
      stalled = endpoint;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (isEntryPoint(import.meta.url)) {
  const login = argument('login') ?? process.env.DEV_GITHUB_LOGIN ?? 'stand-in-owner';
  const standIn = await startGitHubStandIn({
    port: Number(argument('port') ?? 4399),
    account: { login },
    clientId: argument('client-id'),
    clientSecret: argument('client-secret'),
  });
  console.log(`GitHub stand-in on ${standIn.url}, signing everyone in as @${login}. Point the server at it with:`);
  for (const [name, value] of Object.entries(standIn.env)) console.log(`  ${name}=${value}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void standIn.close().then(() => process.exit(0)));
  }
}
