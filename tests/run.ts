/**
 * `npm test`: builds the site, then runs every unit test (vitest) and every
 * browser test (Playwright in Debian's Chromium), and ends with one line
 * "N passed, N failed" summed over both.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findChromium } from './chromium.ts';
import { ROOT } from '../build/paths.ts';

const RESULTS = path.join(ROOT, 'test-results');
fs.mkdirSync(RESULTS, { recursive: true });

let chromium: string;
try {
  chromium = findChromium();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const env = { ...process.env, CHROMIUM_PATH: chromium };
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const run = (label: string, cmd: string, args: string[]) => {
  console.log(`\n== ${label}`);
  return spawnSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' }).status ?? 1;
};

const buildStatus = run('build', process.execPath, ['--import', 'tsx/esm', 'build/index.ts']);
if (buildStatus !== 0) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}

const vitestJson = path.join(RESULTS, 'vitest.json');
const playwrightJson = path.join(RESULTS, 'playwright.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(playwrightJson, { force: true });
run('unit tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
run('browser tests (Playwright)', bin('playwright'), ['test']);

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function vitestCounts(): Counts {
  if (!fs.existsSync(vitestJson)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    success: boolean;
  };
  // A suite that fails to load has no failed test but makes success false: count it.
  const failed = r.numFailedTests || (r.success ? 0 : 1);
  return { passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests };
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
}

/** "file › describe › test [project]" of every test that failed first and passed on a retry. */
function flakyTests(suites: PlaywrightSuite[], trail: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'flaky')
        .map((t) => `${[...trail, suite.title, spec.title].filter(Boolean).join(' › ')} [${t.projectName}]`),
    ),
    ...flakyTests(suite.suites ?? [], [...trail, suite.title]),
  ]);
}

function playwrightCounts(): Counts & { flaky: string[] } {
  if (!fs.existsSync(playwrightJson)) return { passed: 0, failed: 1, skipped: 0, flaky: [] };
  const r = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
    errors?: unknown[];
  };
  const errors = r.errors?.length ?? 0;
  return {
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected + errors,
    skipped: r.stats.skipped,
    flaky: flakyTests(r.suites ?? []),
  };
}

const v = vitestCounts();
const p = playwrightCounts();
const passed = v.passed + p.passed;
const failed = v.failed + p.failed;
const skipped = v.skipped + p.skipped;
const line = `${passed} passed, ${failed} failed`;
// A pass that needed a retry is a pass, but never a silent one: each is named above the summary line.
const notes = [
  `vitest: ${v.passed} passed, ${v.failed} failed; Playwright: ${p.passed} passed, ${p.failed} failed${skipped ? `; ${skipped} skipped` : ''}`,
  ...(p.flaky.length ? [`flaky (passed only on a retry): ${p.flaky.length}`, ...p.flaky.map((name) => `  flaky: ${name}`)] : []),
];
console.log(`\n${notes.join('\n')}`);
fs.writeFileSync(path.join(RESULTS, 'summary.txt'), `${[...notes, line].join('\n')}\n`);
console.log(line);
process.exit(failed ? 1 : 0);
