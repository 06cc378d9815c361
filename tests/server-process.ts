import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  /** Sends the server process a signal (SIGHUP: re-read dist/). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** How long a test server may take to answer its first request; the fixtures that start one allow 120 s. */
export const START_TIMEOUT_MS = 110_000;

/** Ports tried before giving up: another process may take a free port between the probe and the server's bind. */
const START_ATTEMPTS = 3;

/**
 * Runs server/index.ts as its own process on 127.0.0.1 (the real entry point,
 * not a test double), with a fresh embedded database, and waits until it answers.
 * It is ready only once it has said it listens on its port: until then, whatever
 * answers there is not it. A port taken meanwhile (EADDRINUSE) is retried on
 * another. `firstPort` is the port tried first (for the test of that retry); `siteHost` the
 * host name of its SITE_URL (it listens on 127.0.0.1 either way).
 */
export async function startTestServer(
  extraEnv: Record<string, string> = {},
  { firstPort, siteHost = '127.0.0.1' }: { firstPort?: number; siteHost?: '127.0.0.1' | 'localhost' } = {},
): Promise<TestServer> {
  // Two workers start servers while browsers run: on 2 loaded cores one took 33 s. Under the fixtures' 120 s.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && firstPort ? firstPort : await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-e2e-'));
    // `localhost` where a test needs a host name: WebAuthn takes no IP address as the site's id.
    const url = `http://${siteHost}:${port}`;
    const { child, output } = spawnServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: url,
      DATABASE_URL: '',
      ...extraEnv,
    });
    const listening = new RegExp(`^Listening on http://localhost:${port}\\b`, 'm');
    let ready = false;
    while (!ready && child.exitCode === null && Date.now() < deadline) {
      if (listening.test(output())) {
        try {
          ready = (await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) })).ok;
        } catch {
          // listening, not answering yet
        }
      }
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    if (ready) return running(child, url, port, dataDir);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    // server/index.ts says "PORT … is already in use" (EADDRINUSE).
    if (child.exitCode !== null && /already in use|EADDRINUSE/.test(output()) && attempt < START_ATTEMPTS) continue;
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    throw new Error(`server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
  }
}

function running(child: ChildProcess, url: string, port: number, dataDir: string): TestServer {
  return {
    url,
    port,
    dataDir,
    signal: (name) => void child.kill(name),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
}

/**
 * Runs server/index.ts under node itself, not the tsx wrapper, so a test's signals
 * (SIGKILL included) reach the process that serves. Does not wait for it to listen.
 */
export function spawnServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

/**
 * Runs a command-line script of ours as npm would (`tsx <script> <args>`), with the
 * embedded database unless `env` says otherwise, and collects what it printed.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}
