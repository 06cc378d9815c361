import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { knownZipCentroids, rememberZipCentroids, useZipTable, zipCentroid, zipTableFromSource } from './zip-centroids.ts';

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

describe('the ZIP table read from its data file', () => {
  const savannah = { latitude: 32.07, longitude: -81.09, country: 'US' };
  const fromPackage = () => ({ lookup: (zip: string) => (zip === 'K1A 0B1' ? { ...savannah, country: 'CA' } : undefined) });

  it('reads the US codes from the one line of JSON, and asks the package for a code not starting with a digit', () => {
    const table = zipTableFromSource(
      `exports.codes = ${JSON.stringify({ '31401': savannah })};\nexports.other = 1;`,
      fromPackage,
    );
    expect(table.lookup('31401')).toEqual(savannah);
    expect(table.lookup('00000')).toBeUndefined();
    expect(table.lookup('K1A 0B1')).toMatchObject({ country: 'CA' });
  });

  it('is the package itself when the file has another shape or its JSON does not parse', () => {
    const pkg = fromPackage();
    expect(zipTableFromSource('module.exports = require("./other");', () => pkg)).toBe(pkg);
    expect(zipTableFromSource('exports.codes = {"31401": };', () => pkg)).toBe(pkg);
  });
});
