/**
 * Build speed (section `builds`): the same deterministic synthetic articles
 * (bench/synthetic.ts), 100 and then 1,000, built cold by
 * - ours: `npm run build`'s command (`node --import tsx/esm build/index.ts`) in a copy of this project whose content/blog/ holds only
 *   the synthetic articles (the rest of the site is built too: that is our real pipeline);
 * - the floor: bench/floor-build.ts (gray-matter, marked, renderToString, write);
 * - Eleventy 3 and Astro 5 from bench/peers/, installed there by `npm install` on first use;
 * the floor and each peer bare, and again with the same work as ours: a Pagefind index and
 * .br/.gz files (bench/peers/same-work.mjs, docs/decisions/071-same-work-builds.md).
 * Runs alternate between the builders; medians are quoted. Peak memory is the
 * largest process's maximum resident set (GNU time's %M). Last, the real site's warm build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { deleteLater, setAside } from './aside.ts';
import { ensurePeers, installedVersion, PEERS, SAME_WORK } from './peers.ts';
import { median, passIf, seconds, type Report } from './report.ts';
import { writeSyntheticArticles } from './synthetic.ts';

const SECTION = 'builds';
const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const WARM_RUNS = 3;
const SIZES = (process.env.BENCH_ARTICLES ?? '100,1000').split(',').map(Number);
const TIME = '/usr/bin/time';

interface Timed {
  seconds: number;
  /** Peak resident set in MB, NaN without GNU time. */
  rssMb: number;
  stdout: string;
  /** Further figures drawn from the same run, in seconds, by name. */
  also?: Record<string, number>;
}

function timed(args: string[], cwd: string, env: Record<string, string> = {}): Timed {
  const memFile = path.join(os.tmpdir(), `roof-bench-mem-${process.pid}`);
  const gnuTime = fs.existsSync(TIME);
  const [cmd, ...rest] = gnuTime ? [TIME, '-f', '%M', '-o', memFile, ...args] : args;
  const started = performance.now();
  const r = spawnSync(cmd!, rest, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const elapsed = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  const rssMb = gnuTime ? Number(fs.readFileSync(memFile, 'utf8').trim().split('\n').pop()) / 1024 : NaN;
  fs.rmSync(memFile, { force: true });
  return { seconds: elapsed, rssMb, stdout: r.stdout };
}

interface Builder {
  name: string;
  /** One cold build: caches and output emptied, then built. */
  cold(): Timed;
}

/** Top-level paths the copy leaves out: installed, built, cached or local data. */
const SKIP_COPY = new Set([
  'node_modules',
  'dist',
  '.git',
  '.cache',
  '.bench-aside',
  'data',
  'test-results',
  'playwright-report',
  'bench/peers',
]);

/** A copy of this project's sources at `project`, sharing node_modules: nothing built, cached or stored. */
export function copyProject(project: string): void {
  fs.cpSync(ROOT, project, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(ROOT, src).split(path.sep).join('/');
      return !SKIP_COPY.has(rel) && !rel.startsWith('.dist-old-');
    },
  });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
}

const RENDERING = 'our page rendering alone';
/** A builder's name in its run with the same work as ours: a search index and .br/.gz after its pages. */
const same = (name: string) => `${name}, same work`;

/** Milliseconds of each of the build's phases, from the lines it logs ("  pages   1084 pages (5012 ms)"). */
export function phaseTimes(stdout: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const [, name, ms] of stdout.matchAll(/^ {2}(\S+(?: \S+)?) {2,}.*\((\d+) ms\)$/gm)) times.set(name!, Number(ms));
  return times;
}

/**
 * Our page rendering alone, from a build as deployed: its wall time less the phases that
 * are not rendering pages (images and bundles, made at once, so the longer of the two; the
 * search index's last part; the service worker; the compression left at the end). Node's
 * start, the content, the pages and the static files stay in, as the bare floor's own start,
 * reading and writing do. Pages are compressed on the thread pool while the next ones render,
 * so on two cores this is an upper bound.
 */
export function renderingSeconds(wall: number, stdout: string): number {
  const phase = (name: string) => {
    const ms = phaseTimes(stdout).get(name);
    if (ms === undefined) throw new Error(`the build logged no "${name}" phase:\n${stdout}`);
    return ms / 1000;
  };
  const notRendering = ['search index', 'service worker', 'compress'].map(phase);
  return wall - Math.max(phase('images'), phase('assets')) - notRendering.reduce((a, b) => a + b, 0);
}

/**
 * Our real pipeline in a copy of the project whose content/blog/ holds only the
 * synthetic articles, as deployed; the same run gives our page rendering alone.
 */
function ours(work: string, articles: string): Builder {
  const project = path.join(work, 'ours');
  copyProject(project);
  fs.rmSync(path.join(project, 'content', 'blog'), { recursive: true, force: true });
  fs.cpSync(articles, path.join(project, 'content', 'blog'), { recursive: true });
  return {
    name: 'ours',
    cold() {
      // Set aside before the clock starts, as for the peers (bench/aside.ts says why not deleted);
      // the build would otherwise hand its previous dist/ to a background `rm`.
      for (const dir of ['.cache', 'dist']) setAside(path.join(project, dir));
      const t = timed([process.execPath, '--import', 'tsx/esm', 'build/index.ts'], project, {
        DIST_DIR: path.join(project, 'dist'),
      });
      return { ...t, also: { [RENDERING]: renderingSeconds(t.seconds, t.stdout) } };
    },
  };
}

/** The floor script bare, and with the same work (--same-work). */
function floor(work: string, articles: string): Builder[] {
  const out = path.join(work, 'floor-out');
  const run = (args: string[]) => {
    setAside(out);
    return timed(
      [process.execPath, '--import', 'tsx/esm', path.join(ROOT, 'bench', 'floor-build.ts'), articles, out, ...args],
      ROOT,
    );
  };
  return [
    { name: 'floor', cold: () => run([]) },
    { name: same('floor'), cold: () => run(['--same-work']) },
  ];
}

/** Eleventy bare, and with BENCH_SAME_WORK (its config then indexes and compresses after the build). */
function eleventy(work: string, articles: string): Builder[] {
  const project = path.join(work, 'eleventy');
  fs.cpSync(path.join(PEERS, 'eleventy'), project, { recursive: true });
  for (const f of fs.readdirSync(articles)) fs.copyFileSync(path.join(articles, f), path.join(project, 'blog', f));
  const run = (env: Record<string, string>) => {
    setAside(path.join(project, '_site'));
    return timed([process.execPath, path.join(PEERS, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs')], project, env);
  };
  return [
    { name: 'Eleventy', cold: () => run({}) },
    { name: same('Eleventy'), cold: () => run({ BENCH_SAME_WORK: SAME_WORK }) },
  ];
}

/** Astro bare, and with BENCH_SAME_WORK (astro-pagefind and a compressing integration). */
function astro(work: string, articles: string): Builder[] {
  const project = path.join(work, 'astro');
  fs.cpSync(path.join(PEERS, 'astro'), project, { recursive: true });
  fs.symlinkSync(path.join(PEERS, 'node_modules'), path.join(project, 'node_modules'));
  const run = (env: Record<string, string>) => {
    for (const dir of ['dist', '.astro', '.astro-cache']) setAside(path.join(project, dir));
    return timed([process.execPath, path.join(PEERS, 'node_modules', 'astro', 'astro.js'), 'build'], project, {
      ASTRO_TELEMETRY_DISABLED: '1',
      BENCH_ARTICLES: articles,
      ...env,
    });
  };
  return [
    { name: 'Astro', cold: () => run({}) },
    { name: same('Astro'), cold: () => run({ BENCH_SAME_WORK: SAME_WORK }) },
  ];
}

interface Measured {
  times: Record<string, number[]>;
  rss: Record<string, number[]>;
}

function measure(count: number): Measured {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `roof-bench-builds-${count}-`));
  // Deleted at the end of the bench, not before the next size is timed (bench/aside.ts).
  deleteLater(work);
  const articles = path.join(work, 'articles');
  writeSyntheticArticles(articles, count);
  const builders = [ours(work, articles), ...floor(work, articles), ...eleventy(work, articles), ...astro(work, articles)];
  const m: Measured = { times: {}, rss: {} };
  for (let run = 0; run < RUNS; run++) {
    for (const b of builders) {
      console.log(`  ${count} articles, run ${run + 1}/${RUNS}: ${b.name} ...`);
      const t = b.cold();
      (m.times[b.name] ??= []).push(t.seconds);
      (m.rss[b.name] ??= []).push(t.rssMb);
      for (const [name, value] of Object.entries(t.also ?? {})) (m.times[name] ??= []).push(value);
    }
  }
  return m;
}

/** The real site built again with nothing changed: one build to fill .cache/, then WARM_RUNS timed. */
function warmRealSite(report: Report): void {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-warm-'));
  deleteLater(dist);
  const build = () => timed([process.execPath, '--import', 'tsx/esm', 'build/index.ts'], ROOT, { DIST_DIR: dist }).seconds;
  build();
  const warm = Array.from({ length: WARM_RUNS }, build);
  report.row({
    section: SECTION,
    figure: 'real site, warm build (nothing changed)',
    ours: seconds(warm),
    budget: '< 2 s',
    result: passIf(median(warm) < 2),
  });
}

/**
 * Quoted beside it: the real site built again after one article's text changed, in a copy of
 * the project (its first build fills its .cache/), so the whole-output cache cannot answer and
 * the caches of each step do their part.
 */
function editedRealSite(report: Report): void {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-bench-edit-'));
  deleteLater(work);
  const project = path.join(work, 'project');
  copyProject(project);
  const article = path.join(project, 'content', 'blog', 'atlas-vs-gaf.md');
  const original = fs.readFileSync(article, 'utf8');
  const build = () =>
    timed([process.execPath, '--import', 'tsx/esm', 'build/index.ts'], project, { DIST_DIR: path.join(project, 'dist') }).seconds;
  build();
  const edited = Array.from({ length: WARM_RUNS }, (_, i) => {
    fs.writeFileSync(article, `${original.trimEnd()}\n\nA sentence the bench adds to the article, edit ${i + 1}.\n`);
    return build();
  });
  report.row({
    section: SECTION,
    figure: "real site, warm build (one article's text edited)",
    ours: seconds(edited),
  });
}

/** How the section measures, for the results' notes. */
function describeBuilds(report: Report) {
  report.note(SECTION, '### builds');
  report.note(
    SECTION,
    `Synthetic articles from bench/synthetic.ts (seeded, identical on every run), ${SIZES.join(' and ')} of them; ` +
      `${RUNS} cold runs of each builder, alternating, medians with min–max. Ours = \`node --import tsx/esm build/index.ts\` (what \`npm run build\` runs) in a copy of the project ` +
      'whose content/blog/ holds only the synthetic articles, with .cache/ set aside first: it also builds the rest of the site ' +
      '(services, locations, images, islands, service worker). Floor = bench/floor-build.ts. Eleventy and Astro = ' +
      "bench/peers/eleventy and bench/peers/astro (Astro with its cache and .astro/ emptied). Every builder's output (and our " +
      ".cache/) is moved aside before its clock starts, and deleted at the end of the bench: on this machine's filesystem " +
      '(ext4 without a journal), deleting thousands of files slows the files created in the next seconds (bench/aside.ts). ' +
      '"Same work" (docs/decisions/071-same-work-builds.md): the floor, Eleventy and Astro each also write a Pagefind index of their output and a .br and .gz ' +
      "beside every text file of 256 bytes or more, with node:zlib at our build's settings (brotli 6, 10 or 11 for a page just over the first round trip, 5 for source maps; gzip 6), " +
      "through bench/peers/same-work.mjs: the floor after its pages (--same-work), Eleventy in its eleventy.after event (Pagefind's Node API), " +
      'Astro through astro-pagefind and an integration that compresses when the build is done. Each is also timed bare, in turn with the others. ' +
      '"Our page rendering alone" comes from each of our builds: its wall time less the phases it logs for images and bundles ' +
      "(made at once: the longer of the two), the search index, the service worker and the compression left at the end; it keeps Node's start, " +
      'the content, the pages (about 100 of them not articles) and the static files. Pagefind indexes the pages in its own process and the pages ' +
      'are compressed on the thread pool meanwhile, so on two cores it is an upper bound. ' +
      'Peak memory: GNU time %M, the largest single process. ' +
      `Warm: the real site built into a temporary DIST_DIR once, then ${WARM_RUNS} times more with nothing changed ` +
      "(each places the first build's output from .cache/output: build/output-cache.ts); and, in a copy of the project built once, " +
      `${WARM_RUNS} builds each after a sentence is added to one article (/blog/atlas-vs-gaf).`,
  );
  report.note(SECTION);
}

/** A row of `name`'s time against `peer`'s, budgeted at `limit` times the peer's. */
function againstRow(report: Report, figure: string, m: Measured, name: string, peer: string, limit: number) {
  const t = (n: string) => median(m.times[n]!);
  report.row({
    section: SECTION,
    figure,
    ours: seconds(m.times[name]!),
    peer: `${peer} ${seconds(m.times[peer]!)}`,
    ratio: `${(t(name) / t(peer)).toFixed(2)}×`,
    budget: `≤ ${limit.toFixed(1)}×`,
    result: passIf(t(name) <= limit * t(peer)),
  });
}

/** The rows of one article count: ours against the floor and each peer doing the same work, and each peer with and without it. */
function sizeRows(report: Report, count: number, m: Measured) {
  const t = (name: string) => median(m.times[name]!);
  const label = `cold build, ${count.toLocaleString('en-US')} articles`;
  againstRow(report, `${label}: ours vs the floor, same work`, m, 'ours', same('floor'), 1.3);
  againstRow(report, `${label}: ours vs Eleventy, same work`, m, 'ours', same('Eleventy'), 1);
  report.row({
    section: SECTION,
    figure: `${label}: Astro, same work, vs ours`,
    ours: seconds(m.times.ours!),
    peer: `${same('Astro')} ${seconds(m.times[same('Astro')]!)}`,
    ratio: `Astro ${(t(same('Astro')) / t('ours')).toFixed(2)}× ours`,
    budget: 'Astro ≥ 2× ours',
    result: passIf(t(same('Astro')) >= 2 * t('ours')),
  });
  againstRow(report, `${label}: our page rendering alone vs the bare floor`, m, RENDERING, 'floor', 2);
  for (const peer of ['floor', 'Eleventy', 'Astro']) {
    report.row({
      section: SECTION,
      figure: `${label}: ${peer}, bare → with the search index and .br/.gz`,
      peer: `${seconds(m.times[peer]!)} → ${seconds(m.times[same(peer)]!)}`,
      ratio: `${(t(same(peer)) / t(peer)).toFixed(2)}×`,
    });
  }
}

/** How time and memory grow from the smallest article count to the largest. */
function growthRows(report: Report, results: Map<number, Measured>) {
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  const peers = (f: (name: string) => string) => ['floor', 'Eleventy', 'Astro'].map((p) => `${p} ${f(same(p))}`).join(', ');
  if (small !== large) {
    const grow = (name: string) => median(results.get(large)!.times[name]!) / median(results.get(small)!.times[name]!);
    report.row({
      section: SECTION,
      figure: `growth ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} articles (time ratio; peers doing the same work)`,
      ours: `${grow('ours').toFixed(2)}×`,
      peer: peers((n) => `${grow(n).toFixed(2)}×`),
      budget: `≤ ${(large / small).toFixed(0)}× (linear or better)`,
      result: passIf(grow('ours') <= large / small),
    });
    // Quoted, not budgeted: what one more article costs, apart from the rest of the site ours also builds.
    const perArticle = (name: string) =>
      ((median(results.get(large)!.times[name]!) - median(results.get(small)!.times[name]!)) / (large - small)) * 1000;
    report.row({
      section: SECTION,
      figure: `each further article, ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} (time difference ÷ articles; same work)`,
      ours: `${perArticle('ours').toFixed(1)} ms (${perArticle(RENDERING).toFixed(1)} ms of it rendering)`,
      peer: peers((n) => `${perArticle(n).toFixed(1)} ms`),
      ratio: `${(perArticle('ours') / perArticle(same('floor'))).toFixed(1)}× the floor's`,
    });
  }
  const at = results.get(large)!;
  const rss = (name: string) => Math.max(...at.rss[name]!);
  report.row({
    section: SECTION,
    figure: `peak memory, ${large.toLocaleString('en-US')} articles (peers doing the same work)`,
    ours: `${rss('ours').toFixed(0)} MB`,
    peer: peers((n) => `${rss(n).toFixed(0)} MB`),
    budget: '< 1024 MB',
    result: Number.isNaN(rss('ours')) ? '' : passIf(rss('ours') < 1024),
  });
}

/** The peers' versions and the Pagefind each side uses, for the results' header. */
function recordVersions(report: Report) {
  report.versions.set('Pagefind', installedVersion('pagefind', ROOT));
  const peersPagefind = installedVersion('pagefind');
  if (peersPagefind !== installedVersion('pagefind', ROOT)) report.versions.set("the peers' Pagefind", peersPagefind);
  report.versions.set('Eleventy', installedVersion('@11ty/eleventy'));
  report.versions.set('Astro', installedVersion('astro'));
  report.versions.set('astro-pagefind', installedVersion('astro-pagefind'));
}

export async function benchBuilds(report: Report): Promise<void> {
  ensurePeers();
  recordVersions(report);
  describeBuilds(report);
  warmRealSite(report);
  editedRealSite(report);
  const results = new Map<number, Measured>();
  for (const count of SIZES) {
    const m = measure(count);
    results.set(count, m);
    sizeRows(report, count, m);
  }
  growthRows(report, results);
}
