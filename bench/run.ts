/**
 * `npm run bench`: one table of figures (ours, the floor or a peer, the ratio, the
 * budget, pass or fail), printed and written to bench/results.md. A script, never a
 * test: these machines are noisy, so each timing is a median over several runs, and a
 * failed budget is reported, not thrown. Sections, in order (BENCH_ONLY=a,b picks some):
 *
 * - build: the real site's cold build time;
 * - bytes: per page type, gzip bytes of HTML, CSS and first-load JS;
 * - lighthouse: Lighthouse 13 and 12, mobile, per page type next to a bare floor page (bench/lighthouse.ts);
 * - builds: synthetic articles built by us, and by a floor script, Eleventy and Astro bare and doing the same work as ours, and the
 *   real site's warm build (bench/builds.ts);
 * - serving: static requests/second, p99 and CPU per request next to nginx on the same file (wrk, loopback only);
 * - leads: lead submissions per second and p99 at 50 concurrent clients (loopback only);
 * - settings: a page with the site settings injected next to one without, and a save reaching a second process (bench/settings.ts);
 * - workbench: the leads inbox's queries on 100,000 leads (bench/workbench.ts);
 * - dev: `npm run dev`, from saving an edited article to the browser showing it (bench/dev-reload.ts);
 * - publish: from Publish to the new pages served for a business detail, a gallery project and an article, with the build's
 *   phases, and a second server on PostgreSQL serving it (bench/publish.ts).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { deleteSetAside } from './aside.ts';
import { benchBuilds } from './builds.ts';
import { benchBytes } from './bytes.ts';
import { benchDevReload } from './dev-reload.ts';
import { benchLeads } from './leads.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPublish } from './publish.ts';
import { Report } from './report.ts';
import { benchServing } from './serving.ts';
import { benchSettings } from './settings.ts';
import { benchBuild, DIST, timeBuild } from './site-build.ts';
import { benchWorkbench } from './workbench.ts';

const report = new Report();

const SECTIONS: Record<string, () => unknown> = {
  build: () => benchBuild(report),
  bytes: () => benchBytes(report),
  lighthouse: () => benchLighthouse(report),
  builds: () => benchBuilds(report),
  serving: () => benchServing(report),
  leads: () => benchLeads(report),
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
  publish: () => benchPublish(report),
};
// BENCH_ONLY=lighthouse,builds runs just those sections and prints them; BENCH_WRITE=1 writes them to bench/results.md too.
const only = process.env.BENCH_ONLY?.split(',').map((section) => section.trim());
const unknown = only?.filter((section) => !(section in SECTIONS)) ?? [];
if (unknown.length)
  throw new Error(`BENCH_ONLY: no section ${unknown.join(', ')} (sections: ${Object.keys(SECTIONS).join(', ')})`);
const chosen = Object.keys(SECTIONS).filter((section) => !only || only.includes(section));
const startedAt = new Date();
// As .ci/run does: the rows that need PostgreSQL (a settings save reaching a second server, the
// workbench on PostgreSQL, several serving processes, publishing to a second server) run against
// the local server when TEST_DATABASE_URL is unset and one answers on its usual port.
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
if (!process.env.TEST_DATABASE_URL && (await answers('127.0.0.1', 5432))) process.env.TEST_DATABASE_URL = LOCAL_POSTGRES;
const postgres = process.env.TEST_DATABASE_URL
  ? `PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host}`
  : 'no PostgreSQL (its rows skipped)';
console.log(postgres);
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
    `${versions ? `; ${versions}` : ''}; ${postgres}. Sections: ${chosen.join(', ')}${only ? ' (a partial run, BENCH_ONLY)' : ''}.`,
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

/** True when something accepts a TCP connection at host:port within a second. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}
