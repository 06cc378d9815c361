/**
 * First paint near the floor (section `lighthouse`): Lighthouse's mobile run
 * with its defaults (simulated slow 4G, 4x CPU slowdown) through the `lighthouse`
 * package and Debian's Chromium, on one page of each type served from dist/ by our own
 * server, and on a bare floor page served by a minimal node:http server in the same run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startTestServer } from '../tests/server-process.ts';
import { median, passIf, type Report } from './report.ts';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SECTION = 'lighthouse';

const PAGES: [label: string, path: string][] = [
  ['home', '/'],
  ['service', '/services/roof-repairs'],
  ['location', '/locations/pooler-roofing'],
  ['article', '/blog/atlas-vs-gaf'],
  ['contact', '/contact'],
  ['gallery', '/gallery'],
];

/** The floor: one heading, one paragraph, an inline style, nothing else to fetch. */
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Roof repair in Savannah</title>' +
  // An empty icon, so the browser asks for no /favicon.ico and logs no 404 against Best Practices.
  '<link rel="icon" href="data:,">' +
  '<meta name="description" content="A bare HTML page, the floor Lighthouse figures are compared with in the bench.">' +
  '<style>body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#111}</style></head>' +
  '<body><main><h1>Roof repair in Savannah</h1><p>A bare HTML page: one heading, one paragraph and an inline style. ' +
  'Nothing else is fetched, so its first paint is the floor for any page on this machine.</p></main></body></html>';

interface Figures {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  scores: [performance: number, accessibility: number, bestPractices: number, seo: number];
}

const require = createRequire(import.meta.url);
const lighthousePackage = () => require.resolve('lighthouse/package.json');

async function lighthouseOnce(url: string): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-lighthouse-'));
  const report = path.join(dir, 'report.json');
  try {
    // The CLI in a child process: Node 24 (this process's), its own Chromium, nothing left behind.
    await run(
      process.execPath,
      [
        path.join(path.dirname(lighthousePackage()), 'cli', 'index.js'),
        url,
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH, TMPDIR: dir }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      audits: Record<string, { numericValue?: number }>;
      categories: Record<string, { score: number | null }>;
    };
    const audit = (id: string) => json.audits[id]?.numericValue ?? NaN;
    const score = (id: string) => Math.round((json.categories[id]?.score ?? NaN) * 100);
    return {
      fcp: audit('first-contentful-paint') / 1000,
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      scores: [score('performance'), score('accessibility'), score('best-practices'), score('seo')],
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP);
 * such a run measured nothing, so it is run again, up to twice.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`  lighthouse run failed, running again: ${(error as Error).message.split('\n')[1] ?? ''}`);
    }
  }
}

/** Every figure is its own median over the runs. */
async function lighthouseMedian(url: string): Promise<Figures & { fcps: number[]; lcps: number[] }> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await withRetries(() => lighthouseOnce(url)));
  const m = (pick: (f: Figures) => number) => median(runs.map(pick));
  return {
    fcp: m((f) => f.fcp),
    lcp: m((f) => f.lcp),
    tbt: m((f) => f.tbt),
    cls: m((f) => f.cls),
    scores: [m((f) => f.scores[0]), m((f) => f.scores[1]), m((f) => f.scores[2]), m((f) => f.scores[3])],
    fcps: runs.map((f) => f.fcp),
    lcps: runs.map((f) => f.lcp),
  };
}

const range = (xs: number[]) => (xs.length > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '');

type Medians = Awaited<ReturnType<typeof lighthouseMedian>>;

/** The versions and the note that say how the section measured. */
async function describeRun(report: Report) {
  const version = (JSON.parse(fs.readFileSync(lighthousePackage(), 'utf8')) as { version: string }).version;
  report.versions.set('lighthouse', version);
  const chromium = await run(CHROME_PATH, ['--version']).then(
    (r) => r.stdout.trim().replace(/^Chromium /, ''),
    () => 'unknown',
  );
  report.versions.set('Chromium', chromium);
  report.note(SECTION, '### lighthouse');
  report.note(
    SECTION,
    `\`lighthouse\` ${version}, default mobile settings (simulated slow 4G, 4x CPU slowdown), Chromium ${chromium} (${CHROME_PATH}) headless ` +
      `(\`--headless=new --no-sandbox\`); median of ${RUNS} runs per page, min–max in brackets. Our pages are served from dist/ by ` +
      'our server (tests/server-process.ts) on 127.0.0.1; the floor (one heading, one paragraph, inline style) by a bare node:http ' +
      'server in the same run. TBT is quoted, not budgeted: the floor page itself shows some on this machine.',
  );
  report.note(SECTION);
}

/** A paint time in seconds next to the floor's, budgeted at `limit` seconds. */
function paintRow(report: Report, figure: string, value: number, values: number[], floorValue: number, limit: number) {
  report.row({
    section: SECTION,
    figure,
    ours: `${value.toFixed(2)} s${range(values)}`,
    peer: `floor ${floorValue.toFixed(2)} s`,
    ratio: `${(value / floorValue).toFixed(2)}×`,
    budget: `≤ ${limit.toFixed(2)} s`,
    result: passIf(value <= limit),
  });
}

/** One page's rows, each figure next to the floor's. */
function pageRows(report: Report, page: string, f: Medians, floor: Medians) {
  paintRow(report, `${page}: FCP`, f.fcp, f.fcps, floor.fcp, 0.8);
  paintRow(report, `${page}: LCP`, f.lcp, f.lcps, floor.lcp, 1.0);
  report.row({
    section: SECTION,
    figure: `${page}: CLS`,
    ours: f.cls.toFixed(3),
    peer: `floor ${floor.cls.toFixed(3)}`,
    budget: '0',
    result: passIf(f.cls === 0),
  });
  report.row({
    section: SECTION,
    figure: `${page}: Performance/Accessibility/Best Practices/SEO`,
    ours: f.scores.join('/'),
    peer: `floor ${floor.scores.join('/')}`,
    budget: 'all 100',
    result: passIf(f.scores.every((s) => s === 100)),
  });
  report.row({
    section: SECTION,
    figure: `${page}: TBT`,
    ours: `${Math.round(f.tbt)} ms`,
    peer: `floor ${Math.round(floor.tbt)} ms`,
    ratio: floor.tbt > 0 ? `${(f.tbt / floor.tbt).toFixed(2)}×` : '',
    budget: 'quoted',
  });
}

/** Expects dist/ to be built. */
export async function benchLighthouse(report: Report): Promise<void> {
  await describeRun(report);

  const floorPort = await freePort();
  // Only the page itself: a robots.txt answered with HTML would cost the floor its SEO score.
  const floorServer = http.createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => floorServer.listen(floorPort, '127.0.0.1', resolve));
  const server = await startTestServer();
  try {
    const floor = await lighthouseMedian(`http://127.0.0.1:${floorPort}/`);
    report.row({
      section: SECTION,
      figure: 'floor page: FCP / LCP / TBT, scores',
      peer: `${floor.fcp.toFixed(2)} s / ${floor.lcp.toFixed(2)} s / ${Math.round(floor.tbt)} ms, ${floor.scores.join('/')}`,
    });
    for (const [label, urlPath] of PAGES) {
      pageRows(report, `${label} ${urlPath}`, await lighthouseMedian(`${server.url}${urlPath}`), floor);
    }
  } finally {
    await server.stop();
    await new Promise((resolve) => floorServer.close(resolve));
  }
}
