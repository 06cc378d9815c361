import { zipCentroid } from './zip-centroids.ts';

export interface ServiceAreaCheck {
  /** Miles between ZIP centroids, one decimal; null when the ZIP is not in the data set. */
  distanceMiles: number | null;
  /** Over the stated radius, or a ZIP we cannot place: the office calls before anything is promised. */
  outside: boolean;
}

const EARTH_RADIUS_MILES = 3958.8;

function haversineMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/**
 * Miles between two US ZIP centroids, one decimal, by the `zipcodes` package's
 * data, offline; null when either ZIP is not in it. `zipcodes.distance()` rounds
 * to whole miles, so the great-circle distance is computed here from its coordinates.
 */
export function zipDistanceMiles(from: string, to: string): number | null {
  const a = zipCentroid(from);
  const b = zipCentroid(to);
  if (!a || !b || a.country !== 'US' || b.country !== 'US') return null;
  return Math.round(haversineMiles(a, b) * 10) / 10;
}

/** Where the office is and how far it goes (the facts file's address ZIP and radius). */
export interface ServiceArea {
  zip: string;
  radiusMiles: number;
}

/** Distance of a ZIP from the office ZIP and whether it is beyond the radius: such a lead is kept and flagged, never refused. */
export function checkServiceArea(zip: string, area: ServiceArea): ServiceAreaCheck {
  const miles = zipDistanceMiles(area.zip, zip);
  if (miles === null) return { distanceMiles: null, outside: true };
  return { distanceMiles: miles, outside: miles > area.radiusMiles };
}
