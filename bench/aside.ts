/**
 * Outputs of earlier timed runs, moved out of the way instead of deleted, and deleted
 * at the end of the bench, when no clock is running.
 *
 * On a filesystem without a journal (this machine's ext4), for some seconds after
 * files are deleted the kernel checks every new file's inode against them (ext4's
 * recently_deleted(), in its inode allocator). Deleting a build's output right before
 * timing the next build charged that check to the build under the clock: our cold
 * build of 100 synthetic articles took a median 5.2 s after deleting the previous
 * run's 3,700 files and entries, and 3.7 s after moving them aside (system time 2.5 s
 * against 0.7 s; five runs of each, alternating). A cold build on a fresh clone has nothing recently deleted around it, so
 * the bench measures that, for every builder alike.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The folder beside each moved directory that holds it until deleteSetAside(). */
const ASIDE = '.bench-aside';
const folders = new Set<string>();
let moved = 0;

/** Moves `dir` (when it exists) into `.bench-aside/` in the same folder: a rename, so no file is freed now. */
export function setAside(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const folder = path.join(path.dirname(dir), ASIDE);
  fs.mkdirSync(folder, { recursive: true });
  folders.add(folder);
  fs.renameSync(dir, path.join(folder, `${process.pid}-${++moved}-${path.basename(dir)}`));
}

/** `dir` is deleted with the rest by deleteSetAside(), instead of now. */
export function deleteLater(dir: string): void {
  folders.add(dir);
}

/** Deletes everything set aside or left for later (also what an interrupted run left in those folders). */
export function deleteSetAside(): void {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  folders.clear();
}
