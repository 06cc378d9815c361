/** The servers the serving and leads sections measure against, and how they are measured. */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { securityHeaders } from '../server/http/security.ts';
import { REVALIDATE } from '../server/site/responses.ts';
import { freePort } from '../tests/server-process.ts';
import { DIST } from './site-build.ts';

export const WRK_THREADS = 1;
export const CONNECTIONS = 50;

export /** A server under load: where to send requests and which processes do the serving. */
interface Target {
  name: string;
  url: string;
  port: number;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The processes listening on `port` (every worker with reusePort; nginx's master and workers). */
function listeningPids(port: number): number[] {
  const r = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return [...new Set([...(r.stdout ?? '').matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
}

function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return NaN;
    }
  }
  return pids.length ? ticks : NaN;
}

export interface WrkResult {
  rps: number;
  p99ms: number;
  /** CPU time (user + system) the serving processes spent per request, from /proc; NaN when unknown. */
  cpuUs: number;
}

export function wrk(target: Target, page: string, headers: string[], seconds: number): WrkResult {
  const pids = listeningPids(target.port);
  const before = cpuTicks(pids);
  const text = execFileSync(
    'wrk',
    [
      `-t${WRK_THREADS}`,
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--latency',
      ...headers.flatMap((h) => ['-H', h]),
      target.url + page,
    ],
    { encoding: 'utf8' },
  );
  const cpu = cpuTicks(pids) - before;
  const requests = Number(/(\d+) requests in/.exec(text)?.[1]);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(text);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  return { rps, p99ms, cpuUs: (cpu / CLOCK_TICKS / requests) * 1e6 };
}

async function waitForHttp(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

export /** Debian's nginx with `workers` worker processes, sending the same security and caching headers as ours. */
async function startNginx(root: string, workers: number): Promise<Target & { stop(): void }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-nginx-'));
  const addHeaders = Object.entries({ ...securityHeaders(false), 'cache-control': REVALIDATE })
    .map(([name, value]) => `    add_header ${name} "${value}" always;`)
    .join('\n');
  const conf = `worker_processes ${workers};
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  sendfile on;
  tcp_nopush on;
  gzip_static on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${root};
${addHeaders}
    location / { try_files $uri $uri.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/robots.txt`);
  return {
    name: `nginx, ${workers} worker${workers > 1 ? 's' : ''}`,
    url,
    port,
    stop() {
      child.kill('SIGQUIT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** bench/reference-hono.ts: the reference point, a Hono app answering from an in-memory map. */
export async function startReferenceHono(): Promise<Target & { stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/reference-hono.ts', DIST, String(port)], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/robots.txt`);
  return { name: 'reference: Hono + in-memory map', url, port, stop: () => child.kill('SIGTERM') };
}

export async function benchPostgres(): Promise<{ databaseUrl: string; cleanup(): Promise<void> } | null> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return null;
  const { default: pg } = await import('pg');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
  } catch {
    await admin.end().catch(() => {});
    return null;
  }
  return {
    databaseUrl: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async cleanup() {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

export function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}
