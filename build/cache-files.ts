import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Puts a file from the build's content-hash cache (.cache/) into dist/, or a new
 * dist/ file into the cache, as a hard link, which costs no copying (a
 * warm build places some 1,000 cached files). Safe because nothing writes into a
 * dist/ file once placed: every build starts from an empty dist/ and the server
 * only reads it. Where a link cannot be made (another file system, a file system
 * without links) the file is copied.
 */
export function placeCached(cached: string, dest: string): void {
  try {
    fs.linkSync(cached, dest);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      fs.rmSync(dest);
      placeCached(cached, dest);
    } else if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP' || code === 'EMLINK') fs.copyFileSync(cached, dest);
    else throw error;
  }
}

/** placeCached for every file under `from`, into the same places under `to`; `skip` leaves files out by name. */
export function placeCachedDir(from: string, to: string, skip: (name: string) => boolean = () => false): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(dest, { recursive: true });
      placeCachedDir(src, dest, skip);
    } else placeCached(src, dest);
  }
}

/**
 * Keeps the `keep` most recently used entries (folders) of a cache and deletes the
 * rest; a hit touches its entry, so an edit and its undo both stay cached.
 * Plain files in `root` (bookkeeping such as a "last" marker) are left alone.
 * The old entries are moved out of `root` at once and deleted by a detached `rm -rf`:
 * deleting a kept build's 700 links took a publish 0.3 s after its pages were ready.
 */
export function pruneCache(root: string, keep: number): void {
  const entries = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({ dir: path.join(root, entry.name), at: fs.statSync(path.join(root, entry.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  const prefix = `.${path.basename(root)}-old-`;
  entries.slice(keep).forEach((old, i) => {
    try {
      fs.renameSync(old.dir, path.join(path.dirname(root), `${prefix}${process.pid}-${Date.now()}-${i}`));
    } catch {
      fs.rmSync(old.dir, { recursive: true, force: true });
    }
  });
  removeLater(path.dirname(root), prefix);
}

/**
 * Deletes every folder in `parent` whose name starts with `prefix` (set aside by this
 * build, or left by one stopped midway) with a detached `rm -rf`, so the build
 * neither waits for it nor stays alive until it is done. Without `rm`, they are deleted here.
 */
export function removeLater(parent: string, prefix: string): void {
  const old = fs
    .readdirSync(parent)
    .filter((n) => n.startsWith(prefix))
    .map((n) => path.join(parent, n));
  if (!old.length) return;
  const rm = spawn('rm', ['-rf', ...old], { detached: true, stdio: 'ignore' });
  rm.on('error', () => old.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  rm.unref();
}
