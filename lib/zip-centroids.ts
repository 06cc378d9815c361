/** Where a US ZIP code's centroid is, by the `zipcodes` package's data. */
export interface ZipCentroid {
  latitude: number;
  longitude: number;
  country: string;
}

/** What the `zipcodes` package offers: a lookup by ZIP. */
export interface ZipTable {
  lookup(zip: string): ZipCentroid | undefined;
}

const known = new Map<string, ZipCentroid | null>();
let table: ZipTable | undefined;
let loadTable: (() => ZipTable) | undefined;

/**
 * Says where the ZIP table comes from: a table, or a loader called on the first ZIP
 * not already known. The `zipcodes` package holds every US ZIP (5 MB); both sides read
 * its data file ({@link zipTableFromSource}) rather than load the package. The server
 * reads it as it starts, since a visitor may type any ZIP; the build hands over a loader,
 * as it finds most of the few ZIPs it needs in its cache.
 */
export function useZipTable(source: ZipTable | (() => ZipTable)): void {
  if (typeof source === 'function') loadTable = source;
  else table = source;
}

const CODES_PREFIX = 'exports.codes = ';

/**
 * The `zipcodes` package's US table read as the data it is. `source` is the text of its
 * `lib/codes.js`, one `exports.codes = {…};` line of JSON, which JSON.parse reads in some
 * 60 ms where loading the package compiles 5 MB of script in 190-310 ms. Canadian codes,
 * and a file of another shape, are looked up by `fromPackage()`.
 */
export function zipTableFromSource(source: string, fromPackage: () => ZipTable): ZipTable {
  const end = source.indexOf('\n');
  const line = end < 0 ? source : source.slice(0, end);
  if (!line.startsWith(CODES_PREFIX)) return fromPackage();
  let codes: Record<string, ZipCentroid>;
  try {
    codes = JSON.parse(line.slice(CODES_PREFIX.length).replace(/;\s*$/, '')) as Record<string, ZipCentroid>;
  } catch {
    return fromPackage();
  }
  return { lookup: (zip) => (/^\d/.test(zip) ? codes[zip] : fromPackage().lookup(zip)) };
}

/** The centroid of a ZIP, or null when the data set does not have it. */
export function zipCentroid(zip: string): ZipCentroid | null {
  const hit = known.get(zip);
  if (hit !== undefined) return hit;
  table ??= loadTable?.();
  if (!table) throw new Error(`ZIP ${zip}: no ZIP table; call useZipTable() with the zipcodes package first`);
  const found = table.lookup(zip);
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
