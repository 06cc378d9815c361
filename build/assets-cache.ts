import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { placeCached, placeCachedDir, pruneCache } from './cache-files.ts';
import { walk } from './compress.ts';
import { CACHE_DIR, ROOT } from './paths.ts';

/**
 * What esbuild can read when it bundles the browser code, the stylesheets and the
 * server's renderer: every file of these folders (components import some build/
 * modules) but tests, Markdown and content images (the build reads those itself,
 * esbuild never does), and the installed packages' versions.
 */
// server/admin/ holds the admin script (server/admin/browser-entry.ts and the screens' enhance.ts).
const INPUT_DIRS = ['client', 'components', 'lib', 'content', 'build', 'server/admin'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.json'];
const NOT_BUNDLED = /\.md$|^content\/images\/|\.test\.tsx?$|\.snapshot\.txt$/;
/** How many bundles .cache/assets keeps: the newest, so an edit and its undo both hit. */
const KEEP = 3;

/**
 * Feeds `hash` with every file under `dirs` and each of `files` (relative to `root`), name
 * and bytes, in name order, less the relative paths `skip` matches: a key that changes when
 * any of them is edited, added, removed or renamed. The whole build's output key uses it too.
 */
export function hashSources(
  hash: crypto.Hash,
  { root = ROOT, dirs, files, skip }: { root?: string; dirs: string[]; files: string[]; skip?: RegExp },
): crypto.Hash {
  const names = [
    ...dirs.flatMap((dir) => (fs.existsSync(path.join(root, dir)) ? walk(path.join(root, dir)) : [])),
    ...files.map((file) => path.join(root, file)),
  ]
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !skip?.test(file))
    .sort();
  for (const file of names)
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  return hash;
}

function inputKey(dev: boolean): string {
  const hash = crypto.createHash('sha256').update(`assets v1 dev=${dev}\0`);
  return hashSources(hash, { dirs: INPUT_DIRS, files: INPUT_FILES, skip: NOT_BUNDLED }).digest('hex');
}

/**
 * The bundles are cached by a hash of everything they can be made from.
 * When that hash was bundled before, its files are placed in distDir and its result
 * returned without running esbuild; otherwise `bundle` runs and whatever it added to
 * distDir is kept under .cache/assets with its result (which must be plain JSON).
 */
export async function cachedBundles<T>(
  distDir: string,
  dev: boolean,
  bundle: () => Promise<T>,
  cacheRoot = path.join(CACHE_DIR, 'assets'),
): Promise<{ result: T; cached: boolean }> {
  const key = inputKey(dev);
  const entry = path.join(cacheRoot, key);
  if (fs.existsSync(path.join(entry, '.complete'))) {
    placeCachedDir(path.join(entry, 'files'), distDir);
    fs.utimesSync(entry, new Date(), new Date());
    return { result: JSON.parse(fs.readFileSync(path.join(entry, 'result.json'), 'utf8')) as T, cached: true };
  }
  const before = new Set(fs.existsSync(distDir) ? walk(distDir) : []);
  const result = await bundle();
  fs.rmSync(entry, { recursive: true, force: true });
  fs.mkdirSync(path.join(entry, 'files'), { recursive: true });
  for (const file of walk(distDir).filter((f) => !before.has(f))) {
    const cached = path.join(entry, 'files', path.relative(distDir, file));
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    placeCached(file, cached);
  }
  fs.writeFileSync(path.join(entry, 'result.json'), JSON.stringify(result));
  // Written last: an entry without it is incomplete and never used.
  fs.writeFileSync(path.join(entry, '.complete'), '');
  pruneCache(cacheRoot, KEEP);
  return { result, cached: false };
}
