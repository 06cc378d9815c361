/**
 * `npm run bench`: one table of figures (ours, the floor or a peer, the ratio, the
 * budget, pass or fail), printed and written to bench/results.md. A script, never a
 * test: these machines are noisy, so each timing is a median over several runs, and a
 * failed budget is reported, not thrown. Sections, in order (BENCH_ONLY=a,b picks some):
 *
 * - build: the real site's cold build time;
 * - bytes: per page type, gzip bytes of HTML, CSS and first-load JS;
 * - lighthouse: Lighthouse mobile per page type next to a bare floor page (bench/lighthouse.ts);
 * - builds: synthetic articles built by us, a floor script, Eleventy and Astro, and the real site's warm build (bench/builds.ts);
 * - serving: static requests/second, p99 and CPU per request next to nginx on the same file (wrk, loopback only);
 * - leads: lead submissions per second and p99 at 50 concurrent clients (loopback only);
 * - settings: a page with the site settings injected next to one without, and a save reaching a second process (bench/settings.ts);
 * - workbench: the leads inbox's queries on 100,000 leads (bench/workbench.ts);
 * - dev: `npm run dev`, from saving an edited article to the browser showing it (bench/dev-reload.ts).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { ROOT } from '../build/paths.ts';
import { securityHeaders } from '../server/http/security.ts';
import { REVALIDATE } from '../server/site/responses.ts';
import { freePort, startTestServer } from '../tests/server-process.ts';
import { deleteLater, deleteSetAside, setAside } from './aside.ts';
import { benchBuilds } from './builds.ts';
import { benchDevReload } from './dev-reload.ts';
import { benchLighthouse } from './lighthouse.ts';
import { median, Report, seconds } from './report.ts';
import { benchSettings } from './settings.ts';
import { benchWorkbench } from './workbench.ts';

const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 5);
const WARM_SECONDS = 3;
const ROUNDS = 3;
const WRK_THREADS = 1;
const CONNECTIONS = 50;
const report = new Report();

function timeBuild(distDir: string): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx/esm', 'build/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: distDir },
    stdio: 'pipe',
  });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr}`);
  return (performance.now() - started) / 1000;
}

/**
 * The real site, cold: the whole .cache/ (images, compression and whatever else the build
 * keeps there) and the last run's output moved aside, not deleted (bench/aside.ts).
 */
function benchBuild() {
  const cold: number[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    setAside(path.join(ROOT, '.cache'));
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-dist-'));
    deleteLater(dist);
    cold.push(timeBuild(dist));
  }
  report.note('build', '### build');
  report.note(
    'build',
    `\`npm run build\`'s command (\`node --import tsx/esm build/index.ts\`) on the real site into a new temporary DIST_DIR, ${BUILD_RUNS} runs with .cache/ set aside first ` +
      '(moved, and deleted at the end of the bench: see the builds section); median with min–max. The warm build is in the builds section.',
  );
  report.note('build');
  report.row({
    section: 'build',
    figure: 'real site, cold build',
    ours: seconds(cold, 1),
  });
}

const DIST = path.join(ROOT, 'dist');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** The scripts a page loads before interaction: its module scripts and their static imports. */
function firstLoadJs(html: string): string[] {
  const seen = new Set<string>();
  // Module script tags, and the entry the inline loader imports after the first paint (lib/entry-loader.ts).
  const queue = [...html.matchAll(/<script type="module" src="([^"]+)"|<script data-entry="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
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

/** Stylesheets a page needs: linked files and inline <style> blocks, gzip each on its own. */
function cssBytes(html: string): number {
  const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce((n, m) => n + gz(path.join(DIST, m[1]!)), 0);
  const inline = [...html.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].reduce(
    (n, m) => n + zlib.gzipSync(m[1]!, { level: 9 }).length,
    0,
  );
  return linked + inline;
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
  report.note('bytes', '### bytes');
  report.note(
    'bytes',
    'From the built `dist/`, gzip level 9: the HTML file; CSS = linked stylesheets plus inline `<style>` blocks (already inside the ' +
      'HTML figure when inline); first-load JS = the module scripts a page loads before any interaction. The byte budgets are unit tests.',
  );
  report.note('bytes');
  let largest = { path: '', html: 0 };
  for (const file of fs.readdirSync(DIST, { recursive: true }) as string[]) {
    if (!file.endsWith('.html')) continue;
    const size = gz(path.join(DIST, file));
    if (size > largest.html) largest = { path: file, html: size };
  }
  for (const [label, url] of samples) {
    const file = path.join(DIST, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
    const html = fs.readFileSync(file, 'utf8');
    const js = firstLoadJs(html).reduce((n, u) => n + gz(path.join(DIST, u)), 0);
    report.row({
      section: 'bytes',
      figure: `${label} ${url}: gzip B of HTML / CSS / first-load JS`,
      ours: `${gz(file)} / ${cssBytes(html)} / ${js}`,
    });
  }
  report.row({
    section: 'bytes',
    figure: 'largest HTML page, gzip B',
    ours: `${largest.html} (${largest.path})`,
  });
}

interface WrkResult {
  rps: number;
  p99ms: number;
  /** CPU time (user + system) the serving processes spent per request, from /proc; NaN when unknown. */
  cpuUs: number;
}

/** A server under load: where to send requests and which processes do the serving. */
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

function wrk(target: Target, page: string, headers: string[], seconds: number): WrkResult {
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

/** Debian's nginx with `workers` worker processes, sending the same security and caching headers as ours. */
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

/** bench/reference-hono.ts: the issue's reference point, a Hono app answering from an in-memory map. */
async function startReferenceHono(): Promise<Target & { stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/reference-hono.ts', DIST, String(port)], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/robots.txt`);
  return { name: 'reference: Hono + in-memory map', url, port, stop: () => child.kill('SIGTERM') };
}

/** A fresh PostgreSQL schema for one bench section, or null when TEST_DATABASE_URL is unset or unreachable. */
async function benchPostgres(): Promise<{ databaseUrl: string; cleanup(): Promise<void> } | null> {
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

function have(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/**
 * Requests/second on the same file at 50 keep-alive connections next to nginx, as a
 * guard against regressions (issue 11 retired issue 2's 0.8x budget: the gap is
 * node:http's own per-request cost). Measured twice: one process each (our default,
 * with issue 2's Hono reference beside it), and every core each (WEB_CONCURRENCY on
 * PostgreSQL against as many nginx workers).
 */
async function benchServing() {
  const note = (line = '') => report.note('serving', line);
  note('### serving');
  if (!have('wrk') || !have('nginx')) {
    note('Skipped: needs `wrk` and `nginx` (Debian: `apt-get install wrk nginx-light`).');
    note();
    return;
  }
  report.versions.set(
    'nginx',
    (spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr ?? '').trim().replace(/^nginx version: /, ''),
  );
  // Upstream prints "wrk 4.2.0 ..."; Debian's build "wrk debian/4.1.0-3+b2 ...".
  const wrkVersion = /^wrk (?:\S+\/)?(\d[\w.+~-]*)/m.exec(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout ?? '');
  report.versions.set('wrk', wrkVersion?.[1] ?? 'unknown');
  const page = '/blog/atlas-vs-gaf';
  const file = path.join(DIST, `${page.slice(1)}.html`);
  const requests: [string, string[], number][] = [
    // Identity is what wrk asks for by default; gzip is what browsers get, and both servers then send the same .gz file.
    ['identity', [], fs.statSync(file).size],
    ['gzip', ['Accept-Encoding: gzip'], fs.statSync(`${file}.gz`).size],
  ];
  const cores = os.availableParallelism();
  note(
    `Command: \`wrk -t${WRK_THREADS} -c${CONNECTIONS} -d${WRK_SECONDS}s --latency\` on ${page}, ` +
      `a ${WARM_SECONDS} s warm-up, then ${ROUNDS} rounds alternating between the servers; medians. ` +
      `One wrk thread leaves the other core${cores > 2 ? 's' : ''} to the servers.`,
  );
  note(
    'nginx: Debian package, access log off, sendfile and gzip_static on, and the same security and cache headers as ours (add_header). ' +
      'CPU µs/request: user + system time of the serving processes (from /proc) over requests answered. ' +
      'No budget: the rows guard against regressions (issue 11).',
  );
  note();

  const compare = (setup: string, targets: Target[]) => {
    for (const [label, headers, size] of requests) {
      for (const target of targets) wrk(target, page, headers, WARM_SECONDS);
      const results = targets.map(() => [] as WrkResult[]);
      for (let round = 0; round < ROUNDS; round++) {
        targets.forEach((target, i) => results[i]!.push(wrk(target, page, headers, WRK_SECONDS)));
      }
      const medians = results.map((runs) => ({
        rps: median(runs.map((r) => r.rps)),
        p99: median(runs.map((r) => r.p99ms)),
        cpu: median(runs.map((r) => r.cpuUs)),
      }));
      const text = (m: (typeof medians)[number]) =>
        `${m.rps.toFixed(0)} req/s, p99 ${m.p99.toFixed(2)} ms, ${Number.isNaN(m.cpu) ? '?' : m.cpu.toFixed(1)} µs CPU/request`;
      // targets[0] is ours; the others (nginx first) are the peers.
      targets.slice(1).forEach((target, i) => {
        report.row({
          section: 'serving',
          figure: `${setup}, ${label} (${size} B): ${targets[0]!.name}`,
          ours: text(medians[0]!),
          peer: `${target.name}: ${text(medians[i + 1]!)}`,
          ratio: `${(medians[0]!.rps / medians[i + 1]!.rps).toFixed(2)}× req/s`,
          budget: 'guard: no slower than before',
        });
      });
    }
  };

  // Stopped in reverse order whatever happens, so a failed start leaves no server behind.
  const running: { stop(): unknown }[] = [];
  const started = <T extends { stop(): unknown }>(server: T) => (running.push(server), server);
  try {
    const single = started(await startTestServer());
    compare('one process', [
      { name: 'ours (default: embedded database)', url: single.url, port: single.port },
      started(await startNginx(DIST, 1)),
      started(await startReferenceHono()),
    ]);
    for (const server of running.splice(0).reverse()) await server.stop();

    const postgres = await benchPostgres();
    if (!postgres) {
      note(`${cores} processes: skipped, set TEST_DATABASE_URL (several processes need PostgreSQL).`);
    } else {
      started({ stop: postgres.cleanup });
      const multi = started(await startTestServer({ DATABASE_URL: postgres.databaseUrl, WEB_CONCURRENCY: String(cores) }));
      compare(`${cores} processes`, [
        { name: `ours (WEB_CONCURRENCY=${cores}, PostgreSQL)`, url: multi.url, port: multi.port },
        started(await startNginx(DIST, cores)),
      ]);
    }
  } finally {
    for (const server of running.reverse()) await server.stop();
  }
}

const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);

interface LeadRun {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

/**
 * `CONNECTIONS` browser-like clients (node:http keep-alive, one request at a time
 * per connection), each sending leads back to back for `seconds`; latency is from
 * the first byte sent to the last byte of the answer.
 */
async function leadClients(url: string, body: () => string, seconds: number): Promise<LeadRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let ok = 0;
  let other = 0;
  let errors = 0;
  const post = () =>
    new Promise<void>((resolve) => {
      const payload = body();
      const started = performance.now();
      const req = http.request(
        `${url}/api/leads`,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            if (res.statusCode === 201) ok++;
            else other++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await post();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ok, other, errors };
}

async function leadAutocannon(url: string, body: () => string, seconds: number): Promise<LeadRun> {
  const r = await autocannon({
    url: `${url}/api/leads`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json' }, body: body() }),
      },
    ],
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    other: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Issue 4: POST /api/leads at 50 concurrent clients. Every request is a new
 * consultation (its own idempotency key, a person's fill time), so each one is
 * validated, stored with its outbox row in one statement and answered 201.
 * SMTP is absent, so nothing is sent and the emails stay pending.
 */
async function benchLeads() {
  const note = (line = '') => report.note('leads', line);
  note('### leads');
  const backends: { label: string; env: Record<string, string>; cleanup?: () => Promise<void> }[] = [
    { label: 'PGlite (embedded default)', env: {} },
  ];
  const postgres = await benchPostgres();
  if (postgres) {
    backends.push({ label: 'PostgreSQL (127.0.0.1)', env: { DATABASE_URL: postgres.databaseUrl }, cleanup: postgres.cleanup });
  }
  note(
    `POST /api/leads with a new consultation per request (JSON, unique idempotency key), ${CONNECTIONS} concurrent clients, ` +
      `${LEAD_SECONDS} s after a 3 s warm-up; lead rate limit raised, SMTP absent (notifications stay pending).`,
  );
  note(
    'Clients: "browser-like" = node:http keep-alive, one request at a time per connection (the figure to quote); ' +
      '"autocannon" = the same load from autocannon, for comparison.',
  );
  note();
  let n = 0;
  const body = () =>
    JSON.stringify({
      kind: 'consultation',
      name: `Bench Visitor ${n}`,
      phone: `912-555-${String(n++ % 10000).padStart(4, '0')}`,
      zip: '31405',
      email: 'bench@example.com',
      message: 'Leak over the porch after the storm.',
      idempotencyKey: `bench-${randomBytes(8).toString('hex')}`,
      landingPage: 'https://www.example.com/services/roof-repairs?utm_source=google',
      utmSource: 'google',
      startedAt: Date.now() - 30_000,
      sentAt: Date.now(),
    });
  for (const backend of backends) {
    const server = await startTestServer({ LEAD_RATE_LIMIT: '1000000000', SMTP_HOST: '', ...backend.env });
    try {
      await leadClients(server.url, body, 3);
      const rows: [string, LeadRun][] = [
        ['browser-like', await leadClients(server.url, body, LEAD_SECONDS)],
        ['autocannon', await leadAutocannon(server.url, body, LEAD_SECONDS)],
      ];
      for (const [client, r] of rows) {
        report.row({
          section: 'leads',
          figure: `leads/s, ${backend.label}, ${client} client`,
          ours: `${r.rps.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.ok} × 201, ${r.other} other, ${r.errors} errors)`,
        });
      }
    } finally {
      await server.stop();
      await backend.cleanup?.();
    }
  }
}

const SECTIONS: Record<string, () => unknown> = {
  build: benchBuild,
  bytes: benchBytes,
  lighthouse: () => benchLighthouse(report),
  builds: () => benchBuilds(report),
  serving: benchServing,
  leads: benchLeads,
  settings: () =>
    benchSettings(
      (line = '') => report.note('settings', line),
      (row) => report.row(row),
    ),
  workbench: () =>
    benchWorkbench(
      (line = '') => report.note('workbench', line),
      (row) => report.row(row),
    ),
  dev: () => benchDevReload(report),
};
// BENCH_ONLY=lighthouse,builds runs just those sections and prints them; BENCH_WRITE=1 writes them to bench/results.md too.
const only = process.env.BENCH_ONLY?.split(',').map((section) => section.trim());
const unknown = only?.filter((section) => !(section in SECTIONS)) ?? [];
if (unknown.length)
  throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')} (sections: ${Object.keys(SECTIONS).join(', ')})`);
const chosen = Object.keys(SECTIONS).filter((section) => !only || only.includes(section));
const startedAt = new Date();
// These sections read the real dist/, built fresh.
if (chosen.some((section) => ['bytes', 'lighthouse', 'serving'].includes(section))) timeBuild(DIST);
for (const section of chosen) {
  console.log(`\n== ${section}`);
  try {
    await SECTIONS[section]!();
  } catch (error) {
    // One broken section still leaves the others' figures, and the table says what broke.
    console.error(error);
    const message = (error as Error).message.split('\n').find((line) => line.trim()) ?? String(error);
    report.row({
      section,
      figure: 'section did not finish',
      ours: message.slice(0, 200),
      result: 'fail',
    });
  }
}

// What the timed sections moved aside or left, deleted now that no clock runs.
deleteSetAside();

const versions = [...report.versions].map(([name, version]) => `${name} ${version}`).join(', ');
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const text = [
  '# Benchmark results',
  '',
  `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.availableParallelism()} cores (${cpu}), Node ${process.version}` +
    `${versions ? `; ${versions}` : ''}. Sections: ${chosen.join(', ')}${only ? ' (a partial run, BENCH_ONLY)' : ''}.`,
  '',
  ...report.table(),
  '',
  '## How each figure was measured',
  '',
  ...chosen.flatMap((section) => report.notes.get(section) ?? []),
].join('\n');
console.log(`\n${text}`);
if (only && process.env.BENCH_WRITE !== '1') {
  console.log(`\nBENCH_ONLY=${only.join(',')}: bench/results.md left as it was (BENCH_WRITE=1 writes it).`);
} else {
  fs.writeFileSync(path.join(ROOT, 'bench', 'results.md'), `${text}\n`);
  console.log('\nWritten to bench/results.md');
}
