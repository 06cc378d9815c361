import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { useMemoryTemplate } from '../server/db/index.ts';

// The in-memory databases of every test file start from the run's fresh data directory
// (tests/vitest-global-setup.ts), read once per worker: the files of a worker share its modules.
const template = inject('pgliteTemplate');
const given = Symbol.for('roof.pgliteTemplate');
const state = globalThis as { [given]?: string };
if (state[given] !== template) {
  state[given] = template;
  useMemoryTemplate(async () => new Blob([await readFile(template)]));
}
