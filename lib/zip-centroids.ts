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
 * Says where the ZIP table comes from. The `zipcodes` package holds every US ZIP
 * (5 MB of data, some 0.3 s to load): the server hands it over at start, since a
 * visitor may type any ZIP; the build hands over a loader called on the first ZIP
 * it has not already got from its cache, as it needs only the places it serves.
 */
export function useZipTable(source: ZipTable | (() => ZipTable)): void {
  if (typeof source === 'function') loadTable = source;
  else table = source;
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
