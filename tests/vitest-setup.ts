import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { useMemoryTemplate } from '../server/db/index.ts';

// Every test file's in-memory databases start from the run's fresh data directory (tests/vitest-global-setup.ts).
const template = inject('pgliteTemplate');
useMemoryTemplate(async () => new Blob([await readFile(template)]));
