/**
 * `npm run build`: the site into dist/, progress by phase, a summary, non-zero exit on any error.
 *
 * React renders in its production mode unless this is a dev build: the development
 * build's prop validation and stack tracking roughly double the time of every page
 * (issue 11). React reads NODE_ENV when first imported, so the build is imported after.
 * The public-origin check still sees the NODE_ENV the build was started with.
 */
import module from 'node:module';
import path from 'node:path';

// V8's compiled code for the build's dependencies, kept between builds (some 0.2 s of a warm build).
module.enableCompileCache?.(path.join(import.meta.dirname, '..', '.cache', 'v8'));

const givenEnv = { ...process.env };
if (process.env.BUILD_MODE !== 'dev') process.env.NODE_ENV = 'production';
const { DIST_DIR } = await import('./paths.ts');
const { buildSite } = await import('./build-site.ts');
const { resolveSiteOrigin, SiteOriginError } = await import('./site-origin.ts');

let siteUrl: string;
try {
  siteUrl = resolveSiteOrigin(givenEnv);
} catch (error) {
  if (!(error instanceof SiteOriginError)) throw error;
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}
console.log(`Building ${siteUrl} into ${DIST_DIR}`);
try {
  const summary = await buildSite({
    distDir: DIST_DIR,
    siteUrl,
    dev: process.env.BUILD_MODE === 'dev',
    // The bench times builds without precompression too (issue 11); a deploy always wants it.
    precompress: process.env.BUILD_PRECOMPRESS !== '0',
  });
  for (const p of summary.placeholders) console.warn(`  warning: placeholder still in use: ${p}`);
  console.log(
    `Built ${summary.pages} pages and ${summary.redirects} redirects, ${(summary.bytes / 1024).toFixed(0)} KiB, in ${summary.seconds.toFixed(1)} s`,
  );
} catch (error) {
  console.error(`\nBuild failed: ${(error as Error).message}`);
  if (!(error instanceof Error) || !/^(Content|Pages) are invalid|Build/.test(error.message))
    console.error((error as Error).stack);
  process.exit(1);
}
