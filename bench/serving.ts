/** Static serving next to nginx (section `serving`). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../tests/server-process.ts';
import { median, type Report } from './report.ts';
import {
  benchPostgres,
  CONNECTIONS,
  have,
  startNginx,
  startReferenceHono,
  type Target,
  wrk,
  type WrkResult,
  WRK_THREADS,
} from './servers.ts';
import { DIST } from './site-build.ts';

const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 5);
const WARM_SECONDS = 3;
const ROUNDS = 3;

/** nginx's and wrk's versions, for the results' header line. */
function recordVersions(report: Report) {
  report.versions.set(
    'nginx',
    (spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr ?? '').trim().replace(/^nginx version: /, ''),
  );
  // Upstream prints "wrk 4.2.0 ..."; Debian's build "wrk debian/4.1.0-3+b2 ...".
  const wrkVersion = /^wrk (?:\S+\/)?(\d[\w.+~-]*)/m.exec(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout ?? '');
  report.versions.set('wrk', wrkVersion?.[1] ?? 'unknown');
}

type Request = [label: string, headers: string[], size: number];

/** One row per peer and request kind: targets[0] is ours, the others (nginx first) the peers, measured in alternating rounds. */
function compare(report: Report, page: string, requests: Request[], setup: string, targets: Target[]) {
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
}

/**
 * Requests/second on the same file at 50 keep-alive connections next to nginx, as a
 * guard against regressions (the earlier 0.8x budget was retired: the gap is
 * node:http's own per-request cost). Measured twice: one process each (our default,
 * with the Hono reference server beside it), and every core each (WEB_CONCURRENCY on
 * PostgreSQL against as many nginx workers).
 */
export async function benchServing(report: Report) {
  const note = (line = '') => report.note('serving', line);
  note('### serving');
  if (!have('wrk') || !have('nginx')) {
    note('Skipped: needs `wrk` and `nginx` (Debian: `apt-get install wrk nginx-light`).');
    note();
    return;
  }
  recordVersions(report);
  const page = '/blog/atlas-vs-gaf';
  const file = path.join(DIST, `${page.slice(1)}.html`);
  const requests: Request[] = [
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
      'No budget: the rows guard against regressions.',
  );
  note();

  // Stopped in reverse order whatever happens, so a failed start leaves no server behind.
  const running: { stop(): unknown }[] = [];
  const started = <T extends { stop(): unknown }>(server: T) => (running.push(server), server);
  try {
    const single = started(await startTestServer());
    compare(report, page, requests, 'one process', [
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
      compare(report, page, requests, `${cores} processes`, [
        { name: `ours (WEB_CONCURRENCY=${cores}, PostgreSQL)`, url: multi.url, port: multi.port },
        started(await startNginx(DIST, cores)),
      ]);
    }
  } finally {
    for (const server of running.reverse()) await server.stop();
  }
}
