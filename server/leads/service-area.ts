import zipcodes from 'zipcodes';
import { site } from '../../content/site.ts';

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
 * Distance of a ZIP from the office ZIP (DECISIONS.md "Service area") by the
 * `zipcodes` package's centroids, offline. `zipcodes.distance()` rounds to whole
 * miles, so the great-circle distance is computed here from its coordinates.
 */
export function checkServiceArea(zip: string): ServiceAreaCheck {
  const office = zipcodes.lookup(site.address.zip);
  const place = zipcodes.lookup(zip);
  if (!office || !place || place.country !== 'US') return { distanceMiles: null, outside: true };
  const miles = Math.round(haversineMiles(office, place) * 10) / 10;
  return { distanceMiles: miles, outside: miles > site.radiusMiles };
}
