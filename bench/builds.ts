/**
 * Build speed (section `builds`): the same deterministic synthetic articles
 * (bench/synthetic.ts), 100 and then 1,000, built cold by
 * - ours: `npm run build`'s command (`node --import tsx/esm build/index.ts`) in a copy of this project whose content/blog/ holds only
 *   the synthetic articles (the rest of the site is built too: that is our real pipeline);
 * - the floor: bench/floor-build.ts (gray-matter, marked, renderToString, write);
 * - Eleventy 3 and Astro 5 from bench/peers/, installed there by `npm install` on first use.
 * Runs alternate between the builders; medians are quoted. Peak memory is the
 * largest process's maximum resident set (GNU time's %M). Last, the real site's warm build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { deleteLater, setAside } from './aside.ts';
import { median, passIf, seconds, type Report } from './report.ts';
import { writeSyntheticArticles } from './synthetic.ts';

const SECTION = 'builds';
const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const WARM_RUNS = 3;
const SIZES = (process.env.BENCH_ARTICLES ?? '100,1000').split(',').map(Number);
const PEERS = path.join(ROOT, 'bench', 'peers');
const TIME = '/usr/bin/time';

interface Timed {
  seconds: number;
  /** Peak resident set in MB, NaN without GNU time. */
  rssMb: number;
  stdout: string;
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

/** Installs the peers into bench/peers/node_modules when missing or older than their package files. */
function ensurePeers(report: Report): void {
  const marker = path.join(PEERS, 'node_modules', '.package-lock.json');
  const newest = Math.max(...['package.json', 'package-lock.json'].map((f) => fs.statSync(path.join(PEERS, f)).mtimeMs));
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < newest) {
    console.log('Installing the peers into bench/peers/node_modules (npm install) ...');
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: PEERS, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm install in bench/peers failed');
  }
  const version = (pkg: string) =>
    (JSON.parse(fs.readFileSync(path.join(PEERS, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  report.versions.set('Eleventy', version('@11ty/eleventy'));
  report.versions.set('Astro', version('astro'));
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

const WITHOUT_COMPRESSION = 'ours without .br/.gz';
const SEARCH_ALONE = 'search index alone';

/**
 * Our real pipeline in a copy of the project whose content/blog/ holds only the
 * synthetic articles: as deployed, and with BUILD_PRECOMPRESS=0, which writes no
 * .br/.gz. (Pages are compressed while the next ones render, so the build's own
 * compress phase is only the part left at the end.)
 */
function ours(work: string, articles: string): Builder[] {
  const project = path.join(work, 'ours');
  copyProject(project);
  fs.rmSync(path.join(project, 'content', 'blog'), { recursive: true, force: true });
  fs.cpSync(articles, path.join(project, 'content', 'blog'), { recursive: true });
  const build = (env: Record<string, string>) => {
    // Set aside before the clock starts, as for the peers (bench/aside.ts says why not deleted);
    // the build would otherwise hand its previous dist/ to a background `rm`.
    for (const dir of ['.cache', 'dist']) setAside(path.join(project, dir));
    return timed([process.execPath, '--import', 'tsx/esm', 'build/index.ts'], project, {
      DIST_DIR: path.join(project, 'dist'),
      ...env,
    });
  };
  // Right after `ours`, while its dist/ is still in place: the part of it that writing the search index alone takes.
  const searchAlone = (): Timed => {
    const out = path.join(work, 'search-alone');
    setAside(out);
    const run = timed(
      [process.execPath, '--import', 'tsx/esm', path.join(ROOT, 'bench', 'search-alone.ts'), path.join(project, 'dist'), out],
      ROOT,
    );
    return { ...run, seconds: (JSON.parse(run.stdout.trim().split('\n').pop()!) as { seconds: number }).seconds };
  };
  return [
    { name: 'ours', cold: () => build({}) },
    { name: SEARCH_ALONE, cold: searchAlone },
    { name: WITHOUT_COMPRESSION, cold: () => build({ BUILD_PRECOMPRESS: '0' }) },
  ];
}

function floor(work: string, articles: string): Builder {
  const out = path.join(work, 'floor-out');
  return {
    name: 'floor',
    cold() {
      setAside(out);
      return timed([process.execPath, '--import', 'tsx/esm', path.join(ROOT, 'bench', 'floor-build.ts'), articles, out], ROOT);
    },
  };
}

function eleventy(work: string, articles: string): Builder {
  const project = path.join(work, 'eleventy');
  fs.cpSync(path.join(PEERS, 'eleventy'), project, { recursive: true });
  for (const f of fs.readdirSync(articles)) fs.copyFileSync(path.join(articles, f), path.join(project, 'blog', f));
  return {
    name: 'Eleventy',
    cold() {
      setAside(path.join(project, '_site'));
      return timed([process.execPath, path.join(PEERS, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs')], project);
    },
  };
}

function astro(work: string, articles: string): Builder {
  const project = path.join(work, 'astro');
  fs.cpSync(path.join(PEERS, 'astro'), project, { recursive: true });
  fs.symlinkSync(path.join(PEERS, 'node_modules'), path.join(project, 'node_modules'));
  return {
    name: 'Astro',
    cold() {
      for (const dir of ['dist', '.astro', '.astro-cache']) setAside(path.join(project, dir));
      return timed([process.execPath, path.join(PEERS, 'node_modules', 'astro', 'astro.js'), 'build'], project, {
        ASTRO_TELEMETRY_DISABLED: '1',
        BENCH_ARTICLES: articles,
      });
    },
  };
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
  const builders = [...ours(work, articles), floor(work, articles), eleventy(work, articles), astro(work, articles)];
  const m: Measured = { times: {}, rss: {} };
  for (let run = 0; run < RUNS; run++) {
    for (const b of builders) {
      console.log(`  ${count} articles, run ${run + 1}/${RUNS}: ${b.name} ...`);
      const t = b.cold();
      (m.times[b.name] ??= []).push(t.seconds);
      (m.rss[b.name] ??= []).push(t.rssMb);
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
      '(ext4 without a journal), deleting thousands of files slows the files created in the next seconds (bench/aside.ts). The floor and peers write no .br/.gz. ' +
      '"Without .br/.gz" is a build of its own with BUILD_PRECOMPRESS=0, in turn with the others. ' +
      '"The search index alone" is bench/search-alone.ts right after each of our builds: the build\'s own SearchIndexer (Pagefind, ' +
      "which every build writes for the site search) given that build's pages, with an empty cache, timed from the first page handed " +
      'over to the index written. A build of ours cannot end before its search index is written, so this is a lower bound of ' +
      'our cold build, whatever the rest of it does; the floor and the peers write none. ' +
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

/** The rows of one article count: ours against the floor and each peer. */
function sizeRows(report: Report, count: number, m: Measured) {
  const t = (name: string) => median(m.times[name]!);
  const label = `cold build, ${count.toLocaleString('en-US')} articles`;
  againstRow(report, `${label}: ours vs floor`, m, 'ours', 'floor', 1.5);
  againstRow(report, `${label}: ours without .br/.gz vs floor`, m, WITHOUT_COMPRESSION, 'floor', 1.5);
  againstRow(report, `${label}: ours vs Eleventy`, m, 'ours', 'Eleventy', 1);
  report.row({
    section: SECTION,
    figure: `${label}: Astro vs ours`,
    ours: seconds(m.times.ours!),
    peer: `Astro ${seconds(m.times.Astro!)}`,
    ratio: `Astro ${(t('Astro') / t('ours')).toFixed(2)}× ours`,
    budget: 'Astro ≥ 8× ours',
    result: passIf(t('Astro') >= 8 * t('ours')),
  });
  // Quoted: the site search's index, built by itself from our build's pages:
  // a lower bound of our cold build, whatever the rest of the build does.
  report.row({
    section: SECTION,
    figure: `${label}: the search index alone (Pagefind over our pages, without Node's start)`,
    ours: seconds(m.times[SEARCH_ALONE]!),
    peer: `floor ${seconds(m.times.floor!)}`,
    ratio: `${(t(SEARCH_ALONE) / t('floor')).toFixed(2)}×`,
  });
  report.row({
    section: SECTION,
    figure: `${label}: floor and peers vs floor`,
    peer: `Eleventy ${(t('Eleventy') / t('floor')).toFixed(2)}×, Astro ${(t('Astro') / t('floor')).toFixed(2)}× the floor`,
  });
}

/** How time and memory grow from the smallest article count to the largest. */
function growthRows(report: Report, results: Map<number, Measured>) {
  const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
  if (small !== large) {
    const grow = (name: string) => median(results.get(large)!.times[name]!) / median(results.get(small)!.times[name]!);
    report.row({
      section: SECTION,
      figure: `growth ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} articles (time ratio)`,
      ours: `${grow('ours').toFixed(2)}×`,
      peer: `floor ${grow('floor').toFixed(2)}×, Eleventy ${grow('Eleventy').toFixed(2)}×, Astro ${grow('Astro').toFixed(2)}×`,
      budget: `≤ ${(large / small).toFixed(0)}× (linear or better)`,
      result: passIf(grow('ours') <= large / small),
    });
    // Quoted, not budgeted: what one more article costs, apart from the rest of the site ours also builds.
    const perArticle = (name: string) =>
      ((median(results.get(large)!.times[name]!) - median(results.get(small)!.times[name]!)) / (large - small)) * 1000;
    report.row({
      section: SECTION,
      figure: `each further article, ${small.toLocaleString('en-US')} → ${large.toLocaleString('en-US')} (time difference ÷ articles)`,
      ours: `${perArticle('ours').toFixed(1)} ms (${perArticle(WITHOUT_COMPRESSION).toFixed(1)} ms without .br/.gz)`,
      peer: `floor ${perArticle('floor').toFixed(1)} ms, Eleventy ${perArticle('Eleventy').toFixed(1)} ms, Astro ${perArticle('Astro').toFixed(1)} ms`,
      ratio: `${(perArticle('ours') / perArticle('floor')).toFixed(1)}× the floor`,
    });
  }
  const at = results.get(large)!;
  const rss = (name: string) => Math.max(...at.rss[name]!);
  report.row({
    section: SECTION,
    figure: `peak memory, ${large.toLocaleString('en-US')} articles`,
    ours: `${rss('ours').toFixed(0)} MB`,
    peer: `floor ${rss('floor').toFixed(0)} MB, Eleventy ${rss('Eleventy').toFixed(0)} MB, Astro ${rss('Astro').toFixed(0)} MB`,
    budget: '< 1024 MB',
    result: Number.isNaN(rss('ours')) ? '' : passIf(rss('ours') < 1024),
  });
}

export async function benchBuilds(report: Report): Promise<void> {
  ensurePeers(report);
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
