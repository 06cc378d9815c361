import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { googlePlacesConfig, googlePlacesMisconfiguration, readGooglePlacesEnv } from '../lib/google-places-config.ts';
import { placeCachedDir, pruneCache } from './cache-files.ts';
import { hashSources } from './assets-cache.ts';
import { withOwnerPlaceId } from './place-id.ts';
import { CACHE_DIR, ROOT } from './paths.ts';
import { overlayDir } from '../content/layer/business.ts';

/**
 * Every source a build reads: the folders of code, content and public files (tests
 * included: simpler than knowing which files a build never reads, and a test edit only
 * costs one build), and the files that pin the packages and the compiler settings.
 */
// server/admin/ holds the admin script the build bundles (server/admin/browser-entry.ts and the screens' enhance.ts).
const INPUT_DIRS = ['build', 'client', 'components', 'content', 'lib', 'pages', 'public', 'server/admin'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
/**
 * The packages as npm last installed them: the lockfile says what should be installed, and
 * a build run after pulling a new lockfile but before `npm ci` imports the old packages.
 */
const INSTALLED = 'node_modules/.package-lock.json';
/** Files whose time of last change is in the output: the curated reviews' fetchedAt (build/reviews.ts). */
const MTIME_INPUTS = ['content/reviews.json'];
/** How many whole builds .cache/output keeps: the newest, so an edit and its undo both hit. */
const KEEP = 2;

export interface OutputKeyOptions {
  siteUrl: string;
  precompress: boolean;
  env: Record<string, string | undefined>;
  /** The build's day (UTC): the footer prints the year, and a file git does not know has the build's date in the sitemap. */
  today?: Date;
  root?: string;
}

/**
 * The key of a whole build's output, a
 * hash of everything it is made from (sources, packages as locked and as installed, Node's
 * version, the public origin, whether it precompresses, the git commit the sitemap's dates
 * come from, the UTC day and the local year, the reviews file's time). Null when the build
 * reads something no key can hold: Google's reviews, fetched at build time when
 * GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_ID is set (or a malformed one, which the build reports).
 */
export function outputKey({ siteUrl, precompress, env, today = new Date(), root = ROOT }: OutputKeyOptions): string | null {
  let places;
  try {
    places = readGooglePlacesEnv(withOwnerPlaceId(env));
  } catch {
    // A malformed setting: the build itself stops on it, with its usual "Build failed" report.
    return null;
  }
  if (googlePlacesConfig(places) || googlePlacesMisconfiguration(places)) return null;
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const hash = crypto
    .createHash('sha256')
    .update(`output v1\0${siteUrl}\0precompress=${precompress}\0${process.version}\0`)
    .update(`${head.status === 0 ? head.stdout.trim() : 'no git'}\0${today.toISOString().slice(0, 10)}\0`)
    // The footer's year is the build's local one (components/SiteFooter.tsx): around New Year it is not the UTC day's.
    .update(`${today.getFullYear()}\0`);
  for (const file of MTIME_INPUTS) {
    const stat = fs.statSync(path.join(root, file), { throwIfNoEntry: false });
    hash.update(`${file} mtime ${stat ? stat.mtimeMs : 'none'}\0`);
  }
  const installed = path.join(root, INSTALLED);
  hash.update(fs.existsSync(installed) ? fs.readFileSync(installed) : 'no node_modules').update('\0');
  // The owner's published content (docs/decisions/061-owner-content-and-publishing.md) is read from outside the sources.
  const overlay = overlayDir(env);
  if (overlay) {
    const files = (fs.readdirSync(overlay, { recursive: true }) as string[]).sort();
    for (const name of files) {
      const file = path.join(overlay, name);
      if (fs.statSync(file).isFile()) hash.update(`overlay ${name}\0`).update(fs.readFileSync(file)).update('\0');
    }
  }
  return hashSources(hash, { root, dirs: INPUT_DIRS, files: INPUT_FILES }).digest('hex');
}

/**
 * The output of an earlier build with this key, if one was kept: what that build
 * reported, and `place`, which puts its files into an empty distDir.
 */
export function cachedOutput<T>(
  key: string,
  cacheRoot = path.join(CACHE_DIR, 'output'),
): { report: T; place(distDir: string): void } | null {
  const entry = path.join(cacheRoot, key);
  if (!fs.existsSync(path.join(entry, '.complete'))) return null;
  return {
    report: JSON.parse(fs.readFileSync(path.join(entry, 'report.json'), 'utf8')) as T,
    place(distDir) {
      placeCachedDir(path.join(entry, 'files'), distDir);
      fs.utimesSync(entry, new Date(), new Date());
    },
  };
}

/** Keeps a finished build's distDir (as hard links) and its report (plain JSON) under its key. */
export function storeOutput(key: string, distDir: string, report: unknown, cacheRoot = path.join(CACHE_DIR, 'output')): void {
  const entry = path.join(cacheRoot, key);
  fs.rmSync(entry, { recursive: true, force: true });
  fs.mkdirSync(path.join(entry, 'files'), { recursive: true });
  placeCachedDir(distDir, path.join(entry, 'files'));
  fs.writeFileSync(path.join(entry, 'report.json'), JSON.stringify(report));
  // Written last: an entry without it is incomplete and never used.
  fs.writeFileSync(path.join(entry, '.complete'), '');
  pruneCache(cacheRoot, KEEP);
}
