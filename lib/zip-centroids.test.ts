import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { knownZipCentroids, rememberZipCentroids, useZipTable, zipCentroid } from './zip-centroids.ts';

useZipTable(zipcodes);

describe('ZIP centroids', () => {
  it('finds a Savannah ZIP in the zipcodes data, and null for a ZIP that does not exist', () => {
    expect(zipCentroid('31401')).toMatchObject({
      country: 'US',
      latitude: expect.closeTo(32.07, 1),
      longitude: expect.closeTo(-81.09, 1),
    });
    expect(zipCentroid('00000')).toBeNull();
    expect(knownZipCentroids()).toEqual(expect.arrayContaining([['00000', null]]));
  });

  it('answers a ZIP an earlier build remembered from what was remembered', () => {
    // 99999 is not a ZIP, so only the remembered entry can answer it.
    rememberZipCentroids([['99999', { latitude: 1, longitude: 2, country: 'US' }]]);
    expect(zipCentroid('99999')).toEqual({ latitude: 1, longitude: 2, country: 'US' });
  });
});
