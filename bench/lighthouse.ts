/**
 * First paint near the floor (section `lighthouse`): Lighthouse's mobile run with its
 * defaults (simulated slow 4G, 4x CPU slowdown) and Debian's Chromium, under Lighthouse 13
 * (the project's devDependency) and Lighthouse 12 (bench/peers/node_modules/lighthouse12),
 * on one page of each type served from dist/ by our own server, and on a bare floor page
 * served by a minimal node:http server in the same run (bench/lighthouse-run.ts runs them).
 *
 * The floor page is one paragraph; our pages are whole pages. Beside the floor, each page's
 * main-thread work is also set against the same page with no script (its entry loader taken
 * out, everything else as built): the fair floor for what our script costs.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST_DIR } from '../build/paths.ts';
import { contentTypeFor } from '../server/site/responses.ts';
import { freePort, startTestServer } from '../tests/server-process.ts';
import {
  CHROME_PATH,
  groupsText,
  LIGHTHOUSE_12,
  LIGHTHOUSE_13,
  lighthouseMedian,
  run,
  versionOf,
  type Lighthouse,
  type Medians,
} from './lighthouse-run.ts';
import { ensurePeers } from './peers.ts';
import { passIf, type Report } from './report.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const SECTION = 'lighthouse';
const FCP_LIMIT = 0.75;
const LCP_TIMES_FLOOR = 1.2;
const TBT_OVER_FLOOR_MS = 30;
const MAIN_THREAD_TIMES_FLOOR = 2;

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

/**
 * The fair floor for a page whose largest element is a drawing fetched as a file (the home page's
 * hero, docs/decisions/077-no-request-before-the-largest-paint.md): the floor page with that
 * drawing under its paragraph, fetched at high priority, as the home page has it.
 */
const FLOOR_WITH_DRAWING_PATH = '/with-drawing';
const DRAWING_PATH = '/drawing.svg';
const FLOOR_WITH_DRAWING_HTML = FLOOR_HTML.replace(
  '</p></main>',
  `</p><img src="${DRAWING_PATH}" alt="A drawing of a house" width="1600" height="1000" fetchpriority="high" style="width:100%;height:auto"></main>`,
);
/** The home page's hero drawing, as built. */
function homeDrawing(): Buffer {
  const html = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  const src = /<img [^>]*src="(\/img\/[^"]+\.svg)"[^>]*loading="eager"/.exec(html)?.[1];
  if (!src) throw new Error('bench: the home page has no eager drawing file');
  return fs.readFileSync(path.join(DIST_DIR, src));
}

/** One page's medians under each Lighthouse. */
interface Measured {
  v13: Medians;
  v12: Medians;
}

const range = (xs: number[]) => (xs.length > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '');
const ms = (value: number) => `${Math.round(value)} ms`;
const performances = (m: Medians) => m.runs.map((f) => f.scores.performance).join(', ');

/** The versions and the note that say how the section measured. */
async function describeRun(report: Report) {
  const [v13, v12] = [versionOf(LIGHTHOUSE_13), versionOf(LIGHTHOUSE_12)];
  report.versions.set('Lighthouse', `${v13} and ${v12}`);
  const chromium = await run(CHROME_PATH, ['--version']).then(
    (r) =>
      r.stdout
        .trim()
        .replace(/^Chromium /, '')
        .replace(/ built on .*$/, ''),
    () => 'unknown',
  );
  report.versions.set('Chromium', chromium);
  report.note(SECTION, '### lighthouse');
  report.note(
    SECTION,
    `\`lighthouse\` ${v13} (the project's) and ${v12} (bench/peers/node_modules/lighthouse12), default mobile settings (simulated slow 4G, 4x CPU slowdown), ` +
      `Chromium ${chromium} (${CHROME_PATH}) headless (\`--headless=new --no-sandbox\`); ${RUNS} run${RUNS === 1 ? '' : 's'} per page under each, in turn, every figure its own median, min–max in brackets. ` +
      'Our pages are served from dist/ by our server (tests/server-process.ts) on 127.0.0.1; the floor (one heading, one paragraph, inline style) by a bare node:http ' +
      'server in the same run, and for the home page, whose largest element is its hero drawing fetched as a file, the floor page with that drawing under its paragraph; each page again without its script (its entry loader taken out, all else as built, brotli on the fly) by another bare server, the fair floor for what the script costs. ' +
      "Performance must be 100 in every run under both; the other figures are Lighthouse 13's. Main-thread work is the " +
      '`mainthread-work-breakdown` audit, in all and by its groups (other, style and layout, script evaluation, script parse and compile, HTML parsing, paint, garbage collection).',
  );
  report.note(SECTION);
}

async function measure(url: string): Promise<Measured> {
  return { v13: await lighthouseMedian(LIGHTHOUSE_13, url, RUNS), v12: await lighthouseMedian(LIGHTHOUSE_12, url, RUNS) };
}

function performanceRow(report: Report, page: string, lighthouse: Lighthouse, m: Medians, floor: Medians) {
  report.row({
    section: SECTION,
    figure: `${page}: Performance, every run (Lighthouse ${lighthouse.major})`,
    ours: performances(m),
    peer: `floor ${performances(floor)}`,
    budget: '100 in every run',
    result: passIf(m.runs.every((f) => f.scores.performance === 100)),
  });
}

/** The paint rows: FCP against a fixed limit, LCP against the floor's. */
function paintRows(report: Report, page: string, m: Medians, floor: Medians) {
  report.row({
    section: SECTION,
    figure: `${page}: FCP`,
    ours: `${m.fcp.toFixed(2)} s${range(m.runs.map((f) => f.fcp))}`,
    peer: `floor ${floor.fcp.toFixed(2)} s`,
    ratio: `${(m.fcp / floor.fcp).toFixed(2)}×`,
    budget: `≤ ${FCP_LIMIT.toFixed(2)} s`,
    result: passIf(m.fcp <= FCP_LIMIT),
  });
  report.row({
    section: SECTION,
    figure: `${page}: LCP`,
    ours: `${m.lcp.toFixed(2)} s${range(m.runs.map((f) => f.lcp))}`,
    peer: `floor ${floor.lcp.toFixed(2)} s`,
    ratio: `${(m.lcp / floor.lcp).toFixed(2)}×`,
    budget: `≤ ${LCP_TIMES_FLOOR.toFixed(1)}× the floor's`,
    result: passIf(m.lcp <= LCP_TIMES_FLOOR * floor.lcp),
  });
}

/** The main thread's rows: blocking time over the floor's, and the work by group against the floor's. */
function mainThreadRows(report: Report, page: string, m: Medians, floor: Medians) {
  report.row({
    section: SECTION,
    figure: `${page}: TBT`,
    ours: ms(m.tbt),
    peer: `floor ${ms(floor.tbt)}`,
    ratio: `${m.tbt >= floor.tbt ? '+' : '−'}${ms(Math.abs(m.tbt - floor.tbt))}`,
    budget: `≤ the floor's + ${TBT_OVER_FLOOR_MS} ms`,
    result: passIf(m.tbt <= floor.tbt + TBT_OVER_FLOOR_MS),
  });
  report.row({
    section: SECTION,
    figure: `${page}: main-thread work`,
    ours: `${ms(m.mainThread)} (${groupsText(m.groups)})`,
    peer: `floor ${ms(floor.mainThread)} (${groupsText(floor.groups)})`,
    ratio: `${(m.mainThread / floor.mainThread).toFixed(2)}×`,
    budget: `≤ ${MAIN_THREAD_TIMES_FLOOR.toFixed(1)}× the floor's`,
    result: passIf(m.mainThread <= MAIN_THREAD_TIMES_FLOOR * floor.mainThread),
  });
}

/** What our script adds to the main thread: the page as built against the same page without it. */
function scriptRow(report: Report, page: string, m: Medians, scriptless: Medians) {
  report.row({
    section: SECTION,
    figure: `${page}: main-thread work, against the same page without its script`,
    ours: ms(m.mainThread),
    peer: `without script ${ms(scriptless.mainThread)} (${groupsText(scriptless.groups)}), TBT ${ms(scriptless.tbt)}`,
    ratio: `${(m.mainThread / scriptless.mainThread).toFixed(2)}×, +${ms(Math.max(0, m.mainThread - scriptless.mainThread))}`,
  });
}

/** One page's rows, each figure next to the floor's. */
function pageRows(report: Report, page: string, m: Measured, floor: Measured) {
  performanceRow(report, page, LIGHTHOUSE_13, m.v13, floor.v13);
  performanceRow(report, page, LIGHTHOUSE_12, m.v12, floor.v12);
  paintRows(report, page, m.v13, floor.v13);
  mainThreadRows(report, page, m.v13, floor.v13);
  report.row({
    section: SECTION,
    figure: `${page}: CLS`,
    ours: m.v13.cls.toFixed(3),
    peer: `floor ${floor.v13.cls.toFixed(3)}`,
    budget: '0',
    result: passIf(m.v13.cls === 0),
  });
  const others = (f: Medians) => [f.scores.accessibility, f.scores['best-practices'], f.scores.seo];
  report.row({
    section: SECTION,
    figure: `${page}: Accessibility/Best Practices/SEO`,
    ours: others(m.v13).join('/'),
    peer: `floor ${others(floor.v13).join('/')}`,
    budget: 'all 100',
    result: passIf(others(m.v13).every((s) => s === 100)),
  });
}

/** A bare node:http server answering the floor page at / and 404 to anything else. */
async function startFloorServer(): Promise<{ url: string; close(): Promise<unknown> }> {
  const port = await freePort();
  const drawing = zlib.brotliCompressSync(homeDrawing());
  // Only the pages and the drawing: a robots.txt answered with HTML would cost the floor its SEO score.
  const server = http.createServer((req, res) => {
    if (req.url === DRAWING_PATH) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-encoding': 'br' });
      return void res.end(drawing);
    }
    const html = req.url === '/' ? FLOOR_HTML : req.url === FLOOR_WITH_DRAWING_PATH ? FLOOR_WITH_DRAWING_HTML : undefined;
    if (!html) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** dist/ as built, but every page without its one script (components/EntryLoader.tsx), brotli-compressed as ours are. */
async function startScriptlessServer(): Promise<{ url: string; close(): Promise<unknown> }> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const candidates = urlPath === '/' ? ['index.html'] : [urlPath.slice(1), `${urlPath.slice(1)}.html`];
    const file = candidates
      .map((c) => path.join(DIST_DIR, c))
      .find((f) => f.startsWith(DIST_DIR) && fs.statSync(f, { throwIfNoEntry: false })?.isFile());
    if (!file) return void res.writeHead(404).end();
    let body = fs.readFileSync(file);
    const type = contentTypeFor(file);
    if (file.endsWith('.html')) body = Buffer.from(body.toString('utf8').replace(/<script data-entry=[^>]*>[^<]*<\/script>/, ''));
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && /^(text|application|image\/svg)/.test(type);
    res.writeHead(200, { 'content-type': type, ...(br ? { 'content-encoding': 'br' } : {}) });
    res.end(br ? zlib.brotliCompressSync(body) : body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Expects dist/ to be built. */
export async function benchLighthouse(report: Report): Promise<void> {
  ensurePeers();
  await describeRun(report);
  const floorServer = await startFloorServer();
  const scriptlessServer = await startScriptlessServer();
  const server = await startTestServer();
  try {
    const floor = await measure(floorServer.url);
    const f = floor.v13;
    report.row({
      section: SECTION,
      figure: 'floor page: FCP / LCP / TBT / main-thread work, scores (Lighthouse 13; Performance under 12)',
      peer:
        `${f.fcp.toFixed(2)} s / ${f.lcp.toFixed(2)} s / ${ms(f.tbt)} / ${ms(f.mainThread)} (${groupsText(f.groups)}), ` +
        `${Object.values(f.scores).join('/')}; ${floor.v12.scores.performance}`,
    });
    for (const [label, urlPath] of PAGES) {
      const measured = await measure(`${server.url}${urlPath}`);
      pageRows(report, `${label} ${urlPath}`, measured, floor);
      if (urlPath === '/') {
        const fair = await lighthouseMedian(
          LIGHTHOUSE_13,
          `${floorServer.url.replace(/\/$/, '')}${FLOOR_WITH_DRAWING_PATH}`,
          RUNS,
        );
        report.row({
          section: SECTION,
          figure: `${label} ${urlPath}: LCP, against the floor page with the same hero drawing as a file`,
          ours: `${measured.v13.lcp.toFixed(2)} s`,
          peer: `floor with the drawing ${fair.lcp.toFixed(2)} s${range(fair.runs.map((f) => f.lcp))} (FCP ${fair.fcp.toFixed(2)} s)`,
          ratio: `${(measured.v13.lcp / fair.lcp).toFixed(2)}×`,
        });
      }
      scriptRow(
        report,
        `${label} ${urlPath}`,
        measured.v13,
        await lighthouseMedian(LIGHTHOUSE_13, `${scriptlessServer.url}${urlPath}`, RUNS),
      );
    }
  } finally {
    await server.stop();
    await scriptlessServer.close();
    await floorServer.close();
  }
}
