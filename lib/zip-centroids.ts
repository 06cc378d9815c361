import { createRequire } from 'node:module';

/** Where a US ZIP code's centroid is, by the `zipcodes` package's data. */
export interface ZipCentroid {
  latitude: number;
  longitude: number;
  country: string;
}

interface ZipTable {
  lookup(zip: string): ZipCentroid | undefined;
}

const known = new Map<string, ZipCentroid | null>();
let table: ZipTable | undefined;

/**
 * The `zipcodes` package holds every US ZIP (5 MB of data, some 0.3 s to load), so
 * it is loaded on the first ZIP not already known. The build needs only the
 * places it serves and seeds them from its cache (issue 11); the server loads the
 * table at start (server/index.ts), since a visitor may type any ZIP.
 */
export function loadZipTable(): ZipTable {
  table ??= createRequire(import.meta.url)('zipcodes') as ZipTable;
  return table;
}

/** The centroid of a ZIP, or null when the data set does not have it. */
export function zipCentroid(zip: string): ZipCentroid | null {
  const hit = known.get(zip);
  if (hit !== undefined) return hit;
  const found = loadZipTable().lookup(zip);
  const centroid = found ? { latitude: found.latitude, longitude: found.longitude, country: found.country } : null;
  known.set(zip, centroid);
  return centroid;
}

/** Every ZIP looked up so far, for the build's cache. */
export function knownZipCentroids(): [string, ZipCentroid | null][] {
  return [...known];
}

/** Seeds ZIPs looked up by an earlier build with the same `zipcodes` version. */
export function rememberZipCentroids(entries: readonly [string, ZipCentroid | null][]): void {
  for (const [zip, centroid] of entries) known.set(zip, centroid);
}
