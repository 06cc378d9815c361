/**
 * One Lighthouse run on a URL through a Lighthouse CLI (13 from the project's devDependencies,
 * 12 from bench/peers/node_modules), and the medians of several, for bench/lighthouse.ts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PEERS } from './peers.ts';
import { median } from './report.ts';

export const run = promisify(execFile);
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface Lighthouse {
  /** "13", "12": how the table names it. */
  major: string;
  /** The package.json of the installed package. */
  packageJson: string;
  /** The categories it is run for. */
  categories: string;
}

const require = createRequire(import.meta.url);
export const LIGHTHOUSE_13: Lighthouse = {
  major: '13',
  packageJson: require.resolve('lighthouse/package.json'),
  categories: 'performance,accessibility,best-practices,seo',
};
/** Only Performance is asked of Lighthouse 12: the other categories' budgets are Lighthouse 13's. */
export const LIGHTHOUSE_12: Lighthouse = {
  major: '12',
  packageJson: path.join(PEERS, 'node_modules', 'lighthouse12', 'package.json'),
  categories: 'performance',
};

export const versionOf = (lighthouse: Lighthouse) =>
  (JSON.parse(fs.readFileSync(lighthouse.packageJson, 'utf8')) as { version: string }).version;

export interface Figures {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Main-thread work in ms (the `mainthread-work-breakdown` audit), in all and by its groups. */
  mainThread: number;
  groups: Record<string, number>;
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
}

interface Json {
  audits: Record<string, { numericValue?: number; details?: { items?: { group: string; duration: number }[] } }>;
  categories: Record<string, { score: number | null }>;
}

/** Lighthouse's group ids as the table prints them. */
const GROUP_NAMES: Record<string, string> = {
  other: 'other',
  styleLayout: 'style',
  paintCompositeRender: 'paint',
  parseHTML: 'html',
  scriptEvaluation: 'script',
  scriptParseCompile: 'compile',
  garbageCollection: 'gc',
};

function figuresOf(json: Json): Figures {
  const audit = (id: string) => json.audits[id]?.numericValue ?? NaN;
  const score = (id: string) => Math.round((json.categories[id]?.score ?? NaN) * 100);
  const groups: Record<string, number> = {};
  for (const item of json.audits['mainthread-work-breakdown']?.details?.items ?? []) {
    const name = GROUP_NAMES[item.group] ?? item.group;
    groups[name] = (groups[name] ?? 0) + item.duration;
  }
  return {
    fcp: audit('first-contentful-paint') / 1000,
    lcp: audit('largest-contentful-paint') / 1000,
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    mainThread: audit('mainthread-work-breakdown'),
    groups,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
  };
}

async function lighthouseOnce(lighthouse: Lighthouse, url: string): Promise<Figures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roof-lighthouse-'));
  const report = path.join(dir, 'report.json');
  try {
    // The CLI in a child process: Node 24 (this process's), its own Chromium, nothing left behind.
    await run(
      process.execPath,
      [
        path.join(path.dirname(lighthouse.packageJson), 'cli', 'index.js'),
        url,
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--only-categories=${lighthouse.categories}`,
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      { env: { ...process.env, CHROME_PATH, TMPDIR: dir }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );
    return figuresOf(JSON.parse(fs.readFileSync(report, 'utf8')) as Json);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP);
 * such a run measured nothing, so it is run again, up to twice.
 */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n === 3) throw error;
      console.warn(`  lighthouse run failed, running again: ${(error as Error).message.split('\n')[1] ?? ''}`);
    }
  }
}

/** Every figure its own median over the runs, and every run kept for the ranges and the every-run budgets. */
export interface Medians extends Figures {
  runs: Figures[];
}

export async function lighthouseMedian(lighthouse: Lighthouse, url: string, runs: number): Promise<Medians> {
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await withRetries(() => lighthouseOnce(lighthouse, url)));
  const m = (pick: (f: Figures) => number) => median(all.map(pick));
  const groupNames = [...new Set(all.flatMap((f) => Object.keys(f.groups)))];
  const scoreNames = Object.keys(all[0]!.scores) as (keyof Figures['scores'])[];
  return {
    fcp: m((f) => f.fcp),
    lcp: m((f) => f.lcp),
    tbt: m((f) => f.tbt),
    cls: m((f) => f.cls),
    mainThread: m((f) => f.mainThread),
    groups: Object.fromEntries(groupNames.map((g) => [g, m((f) => f.groups[g] ?? 0)])),
    scores: Object.fromEntries(scoreNames.map((s) => [s, m((f) => f.scores[s])])) as Figures['scores'],
    runs: all,
  };
}

/** "other 650 / style 117 / script 112 …": the groups in ms, largest first, those under 1 ms left out. */
export const groupsText = (groups: Record<string, number>) =>
  Object.entries(groups)
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(' / ');
