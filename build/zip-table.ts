import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { ZipCentroid, ZipTable } from '../lib/zip-centroids.ts';

/**
 * The `zipcodes` package's US table read as the data it is: its file is one
 * `exports.codes = {…};` line of JSON, which JSON.parse reads in some 60 ms where
 * loading the package compiles 5 MB of script in 220-310 ms (a cold build's whole
 * share of it). Canadian codes, and a file of another shape, go to the package.
 */
export function zipTableAsData(): ZipTable {
  const require = createRequire(import.meta.url);
  const fromPackage = () => require('zipcodes') as ZipTable;
  const text = fs.readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  const prefix = 'exports.codes = ';
  const end = text.indexOf('\n');
  const line = end < 0 ? text : text.slice(0, end);
  if (!line.startsWith(prefix)) return fromPackage();
  let codes: Record<string, ZipCentroid>;
  try {
    codes = JSON.parse(line.slice(prefix.length).replace(/;\s*$/, '')) as Record<string, ZipCentroid>;
  } catch {
    return fromPackage();
  }
  return { lookup: (zip) => (/^\d/.test(zip) ? codes[zip] : fromPackage().lookup(zip)) };
}
