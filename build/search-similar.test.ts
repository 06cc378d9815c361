import { describe, expect, it } from 'vitest';
import type { IndexedPage } from '../lib/search-fragments.ts';
import { comparedPair, nearDuplicates } from './search-similar.ts';

/** Words that never repeat across calls, so two pages share only what a test gives both. */
let counter = 0;
const words = (n: number) => Array.from({ length: n }, () => `w${counter++}`).join(' ');
const page = (id: string, content: string, title = id): IndexedPage => ({ id, url: `/${id}`, title, content });

describe('near-duplicate pages for the search', () => {
  it('pairs pages whose texts mostly overlap, one inside the other, and leaves different pages alone', () => {
    const teasers = words(200);
    const pages = [
      page('blog', `${words(60)} ${teasers} ${words(60)}`),
      page('category', `${words(20)} ${teasers}`),
      page('article', `${words(150)} ${teasers.split(' ').slice(0, 40).join(' ')} ${words(150)}`),
      page('other', words(300)),
    ];
    expect(nearDuplicates(pages)).toEqual({ blog: ['category'], category: ['blog'] });
  });

  it('pairs articles comparing the same two things, whatever the rest of their titles', () => {
    const pages = [
      page('atlas-vs-gaf', words(100), 'Atlas vs GAF Shingles for Coastal Georgia Homes'),
      page('atlas-vs-gaf-who-wins', words(100), 'GAF vs. Atlas: Which Wins for a Savannah Home?'),
      page('gaf-vs-certainteed', words(100), 'GAF vs CertainTeed Shingles for Savannah Roofs'),
    ];
    expect(nearDuplicates(pages)).toEqual({
      'atlas-vs-gaf': ['atlas-vs-gaf-who-wins'],
      'atlas-vs-gaf-who-wins': ['atlas-vs-gaf'],
    });
  });

  it('reads the compared pair from a title, or none', () => {
    expect(comparedPair('Architectural vs 3-Tab Shingles: Which Fits Your Roof?')).toBe('3-tab|architectural');
    expect(comparedPair('Owens Corning vs Atlas')).toBe('atlas|corning');
    expect(comparedPair('Hurricane straps explained')).toBeNull();
  });

  it('does not judge pages too short to compare', () => {
    const same = words(10);
    expect(nearDuplicates([page('a', same), page('b', same)])).toEqual({});
  });
});
