/**
 * Issue 11 "First paint near the floor": Lighthouse's mobile run (its defaults:
 * simulated slow 4G, 4x CPU slowdown) through the `lighthouse` package and Debian's
 * Chromium, on one page of each type served by our server from dist/, next to a bare
 * HTML page (the floor) served by a minimal node:http server. Medians of RUNS runs.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../build/paths.ts';
import { freePort, startTestServer } from '../tests/server-process.ts';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The pages the issue names, one per type. */
export const LIGHTHOUSE_PAGES: [label: string, path: string][] = [
  ['home', '/'],
  ['service', '/services/roof-repairs'],
  ['location', '/locations/pooler-roofing'],
  ['article', '/blog/atlas-vs-gaf'],
  ['contact', '/contact'],
  ['gallery', '/gallery'],
];

/** The floor: one heading, one paragraph, an inline style, nothing else to fetch. */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="The bare page Lighthouse figures are compared with."><style>body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#111}</style></head><body><main><h1>Roof repair in Savannah</h1><p>A bare HTML page: one heading, one paragraph and an inline style. Nothing else is fetched, so its paint is the floor any page on this machine can reach.</p></main></body></html>`;

export interface LighthouseFigures {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again. */
async function lighthouseOnce(url: string, attempts = 3): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function lighthouseRun(url: string): Promise<LighthouseFigures> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roof-lh-')), 'report.json');
  try {
    await run(
      path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      audits: Record<string, { numericValue?: number }>;
      categories: Record<string, { score: number | null }>;
    };
    const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? NaN) * 100);
    return {
      fcp: audit('first-contentful-paint') / 1000,
      lcp: audit('largest-contentful-paint') / 1000,
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    };
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Each figure is the median over runs, taken figure by figure. */
async function lighthouseMedian(url: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(url));
  const key = <K extends keyof LighthouseFigures>(k: K) => median(runs.map((r) => r[k]));
  return {
    fcp: key('fcp'),
    lcp: key('lcp'),
    tbt: key('tbt'),
    cls: key('cls'),
    performance: key('performance'),
    accessibility: key('accessibility'),
    bestPractices: key('bestPractices'),
    seo: key('seo'),
  };
}

/** Prints the Lighthouse section; expects dist/ to be built. */
export async function benchLighthouse(out: (line?: string) => void): Promise<void> {
  const floorPort = await freePort();
  const floor = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => floor.listen(floorPort, '127.0.0.1', resolve));
  const server = await startTestServer();
  try {
    const base = await lighthouseMedian(`http://127.0.0.1:${floorPort}/`);
    const rows: [string, string, LighthouseFigures][] = [];
    // BENCH_LIGHTHOUSE_PAGES=home,contact measures just those.
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    for (const [label, urlPath] of LIGHTHOUSE_PAGES.filter(([label]) => !only || only.includes(label)))
      rows.push([label, urlPath, await lighthouseMedian(`${server.url}${urlPath}`)]);
    out('## First paint (Lighthouse, mobile)');
    out(
      `\`lighthouse\` ${lighthouseVersion()} with its default mobile settings (simulated slow 4G, 4x CPU slowdown), ` +
        `${CHROME_PATH} headless; median of ${RUNS} runs per page. Ratios are to the bare floor page measured in the same run. ` +
        'Budgets (issue 11): Performance, Accessibility, Best Practices and SEO 100; FCP ≤ 0.8 s; LCP ≤ 1.0 s; CLS 0. TBT is quoted, not budgeted.',
    );
    out('');
    out('| page | URL | FCP s | × floor | LCP s | × floor | TBT ms | CLS | Perf | A11y | BP | SEO | budget met |');
    out('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    const line = (label: string, url: string, f: LighthouseFigures, budget: string) =>
      out(
        `| ${label} | ${url} | ${f.fcp.toFixed(2)} | ${(f.fcp / base.fcp).toFixed(2)} | ${f.lcp.toFixed(2)} | ${(f.lcp / base.lcp).toFixed(2)} | ` +
          `${Math.round(f.tbt)} | ${f.cls.toFixed(3)} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${budget} |`,
      );
    line('floor', '(bare page)', base, '–');
    for (const [label, urlPath, f] of rows) {
      const misses = [
        f.performance < 100 && 'Perf',
        f.accessibility < 100 && 'A11y',
        f.bestPractices < 100 && 'BP',
        f.seo < 100 && 'SEO',
        f.fcp > 0.8 && 'FCP',
        f.lcp > 1.0 && 'LCP',
        f.cls > 0 && 'CLS',
      ].filter(Boolean);
      line(label, urlPath, f, misses.length ? `fail (${misses.join(', ')})` : 'pass');
    }
    out('');
  } finally {
    await server.stop();
    await new Promise((resolve) => floor.close(resolve));
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
