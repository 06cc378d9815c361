import fs from 'node:fs';
import { createRequire } from 'node:module';
import { zipTableFromSource, type ZipTable } from '../lib/zip-centroids.ts';

/** The `zipcodes` package's table, read from its data file (lib/zip-centroids.ts `zipTableFromSource`). */
export function zipTableAsData(): ZipTable {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  return zipTableFromSource(source, () => require('zipcodes') as ZipTable);
}
