import fs from 'node:fs';
import path from 'node:path';
import { removeLater } from './cache-files.ts';

/**
 * Empties distDir for a new build. The previous build is moved aside and deleted
 * by a detached `rm -rf`, so the build neither waits for it (some 2,000 files,
 * 0.3 s of a warm build) nor stays alive until it is done. A leftover from a
 * build stopped midway goes the same way. Without `rm`, it is deleted here.
 */
export function clearDist(distDir: string): void {
  const parent = path.dirname(distDir);
  const prefix = `.${path.basename(distDir)}-old-`;
  try {
    fs.renameSync(distDir, path.join(parent, `${prefix}${process.pid}-${Date.now()}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fs.rmSync(distDir, { recursive: true, force: true });
  }
  fs.mkdirSync(distDir, { recursive: true });
  removeLater(parent, prefix);
}

/**
 * Writes files on libuv's thread pool, so that the build renders the next page while
 * the last one is written: written at once, the pages took half a second of the
 * main thread. Each folder is made at once, so a file can be placed beside one still
 * being written (its `.br` and `.gz`). done() waits for every write and reports the first failure.
 */
export class FileWriter {
  private readonly pending = new Set<Promise<void>>();
  private failure: unknown;

  write(file: string, data: Buffer): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const written: Promise<void> = fs.promises
      .writeFile(file, data)
      .catch((error: unknown) => void (this.failure ??= error))
      .finally(() => this.pending.delete(written));
    this.pending.add(written);
  }

  async done(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure;
  }
}
