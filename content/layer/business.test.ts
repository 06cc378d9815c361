import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { office, site, telHref } from '../site.ts';
import { applyBusinessFacts, businessFactsOf, readOverlay } from './business.ts';
import { ContentError } from './content.ts';

const original = businessFactsOf();
const dirs: string[] = [];

afterEach(() => {
  applyBusinessFacts(original);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function overlay(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('the owner’s business facts over content/site.ts', () => {
  it('passes the schema with the values content/site.ts holds', () => {
    expect(readOverlay(overlay({ 'business.json': JSON.stringify(original) })).business).toEqual(original);
  });

  it('refuses an overlay naming the file and each field at fault, as the build reports content', () => {
    const bad = { ...original, phone: '555', address: { ...original.address, zip: 'ABCDE' } };
    const dir = overlay({ 'business.json': JSON.stringify(bad) });
    expect(() => readOverlay(dir)).toThrow(ContentError);
    try {
      readOverlay(dir);
    } catch (error) {
      const problems = (error as ContentError).problems;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/business\.json: phone: Give a 10-digit US phone number/);
      expect(problems[1]).toMatch(/business\.json: address\.zip: Give the five-digit ZIP code\./);
    }
  });

  it('writes the facts into site in place, so what pages took at import follows', () => {
    const callBack = site.promises.callBack;
    applyBusinessFacts({
      ...original,
      phone: '(912) 555-7788',
      claims: { ...original.claims, rating: { value: '4.9', confirmed: true } },
      promises: { ...original.promises, callBack: { value: 'We call back within the hour.', confirmed: true } },
    });
    expect(telHref()).toBe('tel:+19125557788');
    expect(site.emergencyPhone).toBe('(912) 555-7788');
    expect(office.phone).toBe('(912) 555-7788');
    expect(site.claims.rating).toBe('4.9');
    expect(callBack).toEqual(expect.objectContaining({ value: 'We call back within the hour.', confirmed: true }));
  });

  it('reads the stamp of the published version the folder holds', () => {
    expect(readOverlay(overlay({ 'stamp.json': '{"stamp":"20261202-abcd1234"}' }))).toMatchObject({
      stamp: '20261202-abcd1234',
      business: null,
    });
  });
});
