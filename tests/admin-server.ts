import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts';
import { runScript, startTestServer, type TestServer } from './server-process.ts';

export interface AdminServer extends TestServer {
  standIn: GitHubStandIn;
  /** The GitHub login the stand-in signs in as, granted super_admin. */
  login: string;
}

/**
 * Our server as its own process, signing in through a GitHub stand-in on
 * 127.0.0.1, with `login` made super_admin by `npm run admin -- grant` before the
 * server opens the embedded database (it holds it while it runs).
 */
export async function startAdminServer(
  options: { login?: string; env?: Record<string, string>; siteHost?: 'localhost' } = {},
): Promise<AdminServer> {
  const login = options.login ?? 'e2e-owner';
  const standIn = await startGitHubStandIn({ account: { login, name: 'E2E Owner' } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-admin-'));
  try {
    const grant = await runScript('server/auth/cli.ts', ['grant', login, 'super_admin'], { DATA_DIR: dataDir });
    if (grant.code !== 0) throw new Error(`npm run admin -- grant failed:\n${grant.stderr}`);
    const server = await startTestServer({ ...standIn.env, DATA_DIR: dataDir, ...options.env }, { siteHost: options.siteHost });
    return {
      ...server,
      standIn,
      login,
      async stop() {
        await server.stop();
        await standIn.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await standIn.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
