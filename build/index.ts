/**
 * `npm run build`: the site into dist/, progress by phase, a summary, non-zero exit on any error.
 *
 * React renders in its production mode unless this is a dev build: the development
 * build's prop validation and stack tracking roughly double the time of every page.
 * React reads NODE_ENV when first imported, so the build is imported after.
 * The public-origin check still sees the NODE_ENV the build was started with.
 *
 * When nothing a build reads has changed since an earlier one, that build's output is
 * placed again from .cache/output (build/output-cache.ts) before the build's own modules
 * are even loaded.
 */
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import type { BuildSummary } from './build-site.ts';

// V8's compiled code for the build's dependencies, kept between builds: it saves a build that
// finds it some 0.7 s of compiling, but writing it as the process exits costs a build that
// made it as much. So only a build that finds .cache/ from an earlier one keeps it: a one-off
// build from a clean checkout (a deploy, CI) does not pay for a cache nobody reads.
const buildCache = path.join(import.meta.dirname, '..', '.cache');
if (fs.existsSync(buildCache)) module.enableCompileCache?.(path.join(buildCache, 'v8'));

const givenEnv = { ...process.env };
const dev = process.env.BUILD_MODE === 'dev';
// The bench times builds without precompression too; a deploy always wants it.
const precompress = process.env.BUILD_PRECOMPRESS !== '0';
if (!dev) process.env.NODE_ENV = 'production';
const { DIST_DIR } = await import('./paths.ts');
const { resolveSiteOrigin, SiteOriginError } = await import('./site-origin.ts');
const { cachedOutput, outputKey, storeOutput } = await import('./output-cache.ts');
const { clearDist } = await import('./dist-dir.ts');

/** What a build reports, kept with its output so that placing it again reports the same. */
type Report = Pick<BuildSummary, 'pages' | 'redirects' | 'bytes' | 'placeholders'>;

function printReport(report: Report, seconds: number, how = ''): void {
  for (const p of report.placeholders) console.warn(`  warning: placeholder still in use: ${p}`);
  console.log(
    `Built ${report.pages} pages and ${report.redirects} redirects, ${(report.bytes / 1024).toFixed(0)} KiB, in ${seconds.toFixed(1)} s${how}`,
  );
}

let siteUrl: string;
try {
  siteUrl = resolveSiteOrigin(givenEnv);
} catch (error) {
  if (!(error instanceof SiteOriginError)) throw error;
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}
console.log(`Building ${siteUrl} into ${DIST_DIR}`);
const keyOf = () => (dev ? null : outputKey({ siteUrl, precompress, env: givenEnv }));
const key = keyOf();
/**
 * The kept output, placed: false when there is none, or when placing it failed (a damaged
 * entry, or one another build pruned meanwhile), and the build then runs as if there were none.
 */
function placedKeptOutput(): boolean {
  try {
    const cached = key === null ? null : cachedOutput<Report>(key);
    if (!cached) return false;
    clearDist(DIST_DIR);
    cached.place(DIST_DIR);
    printReport(
      cached.report,
      performance.now() / 1000,
      ' (nothing changed since an earlier build: its output, placed from .cache/output)',
    );
    return true;
  } catch (error) {
    console.warn(
      `  warning: the kept output of an earlier build could not be placed, so this one builds: ${(error as Error).message}`,
    );
    return false;
  }
}

if (!placedKeptOutput()) {
  const { buildSite } = await import('./build-site.ts');
  try {
    const summary = await buildSite({ distDir: DIST_DIR, siteUrl, dev, precompress });
    const report: Report = {
      pages: summary.pages,
      redirects: summary.redirects,
      bytes: summary.bytes,
      placeholders: summary.placeholders,
    };
    // Kept only if no source changed while it was built: the output must be what the key says.
    // Failing to keep it (a full disk) leaves this build as good as any other.
    try {
      if (key !== null && keyOf() === key) storeOutput(key, DIST_DIR, report);
    } catch (error) {
      console.warn(`  warning: this build's output could not be kept for the next one: ${(error as Error).message}`);
    }
    printReport(report, summary.seconds);
  } catch (error) {
    console.error(`\nBuild failed: ${(error as Error).message}`);
    if (!(error instanceof Error) || !/^(Content|Pages) are invalid|Build/.test(error.message))
      console.error((error as Error).stack);
    process.exit(1);
  }
}
