/**
 * `npm run bench`: prints measured figures and writes them to bench/results.md.
 * A script, never a timed test: these machines are noisy, so each figure is a
 * median over several runs and nothing here passes or fails.
 *
 * - cold and warm build time;
 * - per page type, gzip bytes of HTML, CSS and first-load JS;
 * - static requests/second and p99 for our server next to nginx on the same file (wrk, loopback only).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from '../build/paths.ts';
import { freePort, startTestServer } from '../tests/server-process.ts';

const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 10);
const CONNECTIONS = 50;
const lines: string[] = [];
const out = (line = '') => {
  console.log(line);
  lines.push(line);
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function timeBuild(distDir: string): number {
  const started = performance.now();
  const r = spawnSync(tsx, ['build/index.ts'], { cwd: ROOT, env: { ...process.env, DIST_DIR: distDir }, stdio: 'pipe' });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

function benchBuild() {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-dist-'));
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    fs.rmSync(path.join(ROOT, '.cache', 'images'), { recursive: true, force: true });
    cold.push(timeBuild(dist));
    warm.push(timeBuild(dist));
  }
  fs.rmSync(dist, { recursive: true, force: true });
  out('## Build time');
  out(`Command: \`tsx build/index.ts\`, ${BUILD_RUNS} runs each; cold = image cache emptied first.`);
  out('');
  out('| build | median s | min s | max s |');
  out('|---|---|---|---|');
  out(`| cold | ${median(cold).toFixed(1)} | ${Math.min(...cold).toFixed(1)} | ${Math.max(...cold).toFixed(1)} |`);
  out(`| warm | ${median(warm).toFixed(1)} | ${Math.min(...warm).toFixed(1)} | ${Math.max(...warm).toFixed(1)} |`);
  out('');
}

const DIST = path.join(ROOT, 'dist');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The scripts a page loads before interaction: its module scripts and their static imports. */
function firstLoadJs(html: string): string[] {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = fs.readFileSync(path.join(DIST, url), 'utf8');
    // esbuild writes static imports as `import{…}from"./chunks/x.js"` or `import"./x.js"`.
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  return [...seen];
}

function benchBytes() {
  const samples: [string, string][] = [
    ['home', '/'],
    ['service', '/services/roof-repairs'],
    ['location', '/locations/tybee-island-roofing'],
    ['article', '/blog/atlas-vs-gaf'],
    ['blog list', '/blog'],
    ['contact', '/contact'],
  ];
  out('## Page weight (gzip bytes)');
  out('From the built `dist/`; first-load JS = the module scripts a page loads before any interaction.');
  out('');
  out('| page type | URL | HTML | CSS | first-load JS |');
  out('|---|---|---|---|---|');
  let largest = { path: '', html: 0 };
  for (const file of fs.readdirSync(DIST, { recursive: true }) as string[]) {
    if (!file.endsWith('.html')) continue;
    const size = gz(path.join(DIST, file));
    if (size > largest.html) largest = { path: file, html: size };
  }
  for (const [label, url] of samples) {
    const file = path.join(DIST, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
    const html = fs.readFileSync(file, 'utf8');
    const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce((n, m) => n + gz(path.join(DIST, m[1])), 0);
    const js = firstLoadJs(html).reduce((n, u) => n + gz(path.join(DIST, u)), 0);
    out(`| ${label} | ${url} | ${gz(file)} | ${css} | ${js} |`);
  }
  out(`\nLargest HTML page: \`${largest.path}\`, ${largest.html} B gzip.`);
  out('');
}

interface WrkResult {
  rps: number;
  p99ms: number;
}

function wrk(url: string): WrkResult {
  const text = execFileSync('wrk', ['-t2', `-c${CONNECTIONS}`, `-d${WRK_SECONDS}s`, '--latency', url], { encoding: 'utf8' });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(text);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : NaN;
  return { rps, p99ms };
}

async function startNginx(root: string, port: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-nginx-'));
  const conf = `worker_processes 1;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return () => {
    child.kill('SIGQUIT');
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

async function benchServing() {
  out('## Static serving');
  if (!have('wrk') || !have('nginx')) {
    out('Skipped: needs `wrk` and `nginx` (Debian: `apt-get install wrk nginx-light`).');
    return;
  }
  const page = '/blog/atlas-vs-gaf';
  const bytes = fs.statSync(path.join(DIST, `${page.slice(1)}.html`)).size;
  const ours = await startTestServer();
  const nginxPort = await freePort();
  const stopNginx = await startNginx(DIST, nginxPort);
  try {
    // Warm both, then alternate three rounds so drift hits them alike.
    wrk(`${ours.url}${page}`);
    wrk(`http://127.0.0.1:${nginxPort}${page}`);
    const a: WrkResult[] = [];
    const b: WrkResult[] = [];
    for (let i = 0; i < 3; i++) {
      a.push(wrk(`${ours.url}${page}`));
      b.push(wrk(`http://127.0.0.1:${nginxPort}${page}`));
    }
    const oursRps = median(a.map((r) => r.rps));
    const nginxRps = median(b.map((r) => r.rps));
    out(
      `Command: \`wrk -t2 -c${CONNECTIONS} -d${WRK_SECONDS}s --latency\` on ${page} (${bytes} B, identity), 3 alternating rounds after a warm-up; medians.`,
    );
    out('nginx: Debian package, one worker process (our server is one Node process), access log off, sendfile on.');
    out('');
    out('| server | req/s | p99 ms |');
    out('|---|---|---|');
    out(`| ours (Hono + fast path) | ${oursRps.toFixed(0)} | ${median(a.map((r) => r.p99ms)).toFixed(2)} |`);
    out(`| nginx | ${nginxRps.toFixed(0)} | ${median(b.map((r) => r.p99ms)).toFixed(2)} |`);
    out(`\nRatio ours/nginx: ${(oursRps / nginxRps).toFixed(2)} (budget ≥ 0.80, p99 < 5 ms).`);
  } finally {
    stopNginx();
    await ours.stop();
  }
  out('');
}

out(
  `# Benchmark results\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores, Node ${process.version}.\n`,
);
benchBuild();
// The byte and serving figures read the real dist/, built fresh.
timeBuild(DIST);
benchBytes();
await benchServing();
fs.writeFileSync(path.join(ROOT, 'bench', 'results.md'), lines.join('\n') + '\n');
console.log('\nWritten to bench/results.md');
