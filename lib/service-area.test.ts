import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { checkServiceArea as checkAgainst } from './service-area.ts';
import { useZipTable } from './zip-centroids.ts';

useZipTable(zipcodes);

// The office of the facts file: ZIP 31405, 75 miles.
const checkServiceArea = (zip: string) => checkAgainst(zip, { zip: '31405', radiusMiles: 75 });

describe('the service area check', () => {
  it('puts the office ZIP at zero miles and nearby ZIPs inside the radius', () => {
    expect(checkServiceArea('31405')).toEqual({ distanceMiles: 0, outside: false });
    const tybee = checkServiceArea('31328');
    expect(tybee.outside).toBe(false);
    expect(tybee.distanceMiles).toBeGreaterThan(10);
    expect(tybee.distanceMiles).toBeLessThan(25);
  });

  it('flags a ZIP beyond 75 miles with its distance', () => {
    const atlanta = checkServiceArea('30301');
    expect(atlanta.outside).toBe(true);
    expect(atlanta.distanceMiles).toBeGreaterThan(200);
    expect(atlanta.distanceMiles).toBeLessThan(260);
  });

  it('keeps one decimal, and flags a ZIP the data does not know', () => {
    expect(Number.isInteger((checkServiceArea('31324').distanceMiles ?? 0) * 10)).toBe(true);
    expect(checkServiceArea('00000')).toEqual({ distanceMiles: null, outside: true });
  });
});
