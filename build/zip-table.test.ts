import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { ZipTable } from '../lib/zip-centroids.ts';
import { zipTableAsData } from './zip-table.ts';

describe('the ZIP table read as data', () => {
  const pkg = createRequire(import.meta.url)('zipcodes') as ZipTable & { codes: Record<string, unknown> };
  const table = zipTableAsData();

  it('answers every US ZIP as the package does', () => {
    const zips = Object.keys(pkg.codes).filter((zip) => /^\d/.test(zip));
    expect(zips.length).toBeGreaterThan(40_000);
    for (const zip of zips) expect(table.lookup(zip), zip).toEqual(pkg.lookup(zip));
  });

  it('answers Canadian codes and unknown ZIPs as the package does', () => {
    for (const zip of ['K1A 0B1', 'M5V', '00000', '31401']) expect(table.lookup(zip), zip).toEqual(pkg.lookup(zip));
  });
});
