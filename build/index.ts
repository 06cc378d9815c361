import { DIST_DIR } from './paths.ts';
import { buildSite } from './build-site.ts';
import { resolveSiteOrigin, SiteOriginError } from './site-origin.ts';

/** `npm run build`: the site into dist/, progress by phase, a summary, non-zero exit on any error. */
let siteUrl: string;
try {
  siteUrl = resolveSiteOrigin();
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
