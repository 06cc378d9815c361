import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For a test file: a function that makes a new temporary folder named `roof-<name>-…`;
 * every folder it made is deleted after the test that made it.
 */
export function tempDirs(name: string): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `roof-${name}-`));
    made.push(dir);
    return dir;
  };
}
