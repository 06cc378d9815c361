import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { freePort } from './server-process.ts';

/** docs/operations.md: its one ```nginx block is the configuration owners copy. */
export const OPERATIONS_DOC = path.join(ROOT, 'docs', 'operations.md');

/**
 * The nginx executable: NGINX_PATH, else the usual places (Debian's is /usr/sbin/nginx,
 * often outside a normal user's PATH), else PATH. Throws one sentence when there is
 * none, so the tests that need it fail rather than skip.
 */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
  for (const candidate of candidates) if (candidate && fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error(
    'nginx is not installed, and the reverse-proxy tests need it: install it (on Debian or Ubuntu: sudo apt-get install nginx-light; .ci/run does) or set NGINX_PATH to its executable.',
  );
}

/** The one ```nginx fenced block of docs/operations.md. */
export function operationsNginxBlock(): string {
  const blocks = [...fs.readFileSync(OPERATIONS_DOC, 'utf8').matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
  if (blocks.length !== 1) throw new Error(`docs/operations.md must hold exactly one nginx block, found ${blocks.length}`);
  return blocks[0]!;
}

export interface NginxPlaceholders {
  /** The port of the Node server nginx passes requests to. */
  upstreamPort: number;
  /** The dist/ folder nginx sends /assets/ and /img/ from. */
  distDir: string;
  /** The port nginx listens on, on 127.0.0.1. */
  listenPort: number;
}

/** Swaps a value the docs show for the test's, insisting it is there exactly once, so a changed doc fails loudly. */
function fillOnce(text: string, shown: string, value: string): string {
  const count = text.split(shown).length - 1;
  if (count !== 1) throw new Error(`The nginx block in docs/operations.md should contain "${shown}" once, found ${count}`);
  return text.replace(shown, value);
}

/**
 * The docs' nginx block with the test's ports and dist/ filled in, inside a minimal
 * main configuration whose pid, logs and temporary files live in `dir`, so it
 * runs without root. Returns the path of the written nginx.conf.
 */
export function writeNginxConfig(dir: string, values: NginxPlaceholders): string {
  let site = operationsNginxBlock();
  site = fillOnce(site, 'server 127.0.0.1:4321;', `server 127.0.0.1:${values.upstreamPort};`);
  site = fillOnce(site, 'root /srv/roofing/dist;', `root ${values.distDir};`);
  site = fillOnce(site, 'listen 80;', `listen 127.0.0.1:${values.listenPort};`);
  const mimeTypes = '/etc/nginx/mime.types';
  // As root, nginx would hand requests to workers running as "nobody", who cannot write to this private folder.
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const conf = `${asRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
  ${fs.existsSync(mimeTypes) ? `include ${mimeTypes};` : ''}
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return file;
}

/** `nginx -t` on a configuration; `-e` keeps even the first error log line out of /var/log. */
export function testNginxConfig(conf: string): { ok: boolean; output: string } {
  const dir = path.dirname(conf);
  const result = spawnSync(findNginx(), ['-t', '-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground on a free 127.0.0.1 port with the docs' configuration, in front of `upstreamPort`. */
export async function startNginxFromDocs(upstreamPort: number, distDir: string): Promise<RunningNginx> {
  const nginx = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-nginx-'));
  const listenPort = await freePort();
  const conf = writeNginxConfig(dir, { upstreamPort, distDir, listenPort });
  const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx exited (${child.exitCode}):\n${output}${log}`);
    }
    try {
      await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(1000) });
      return { url, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not answer on ${url} within 10 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
