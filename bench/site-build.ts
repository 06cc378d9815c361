/** The real site's build, timed through `npm run build`'s own command (section `build`). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../build/paths.ts';
import { deleteLater, setAside } from './aside.ts';
import { median, passIf, seconds, type Report } from './report.ts';

const BUILD_RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
/** The real site's cold build on this 2-core machine (docs/decisions/075-cold-build-bound-by-its-cpu.md). */
const COLD_BUILD_BUDGET_S = 5;
/** The real dist/, which the bytes, lighthouse and serving sections read. */
export const DIST = path.join(ROOT, 'dist');

/** Seconds one build of the real site into `distDir` takes; throws with the build's output when it fails. */
export function timeBuild(distDir: string): number {
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
export function benchBuild(report: Report) {
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
    budget: `≤ ${COLD_BUILD_BUDGET_S} s`,
    result: passIf(median(cold) <= COLD_BUILD_BUDGET_S),
  });
}
