import { describe, expect, it } from 'vitest';
import { groupResults, matchPages, moreLabel, searchTerms, snippet, statusText } from './search-results.ts';

const r = (id: string) => ({ id });

describe('grouping near-duplicate results', () => {
  it('keeps Pagefind’s order and lists each near-duplicate under the better result it resembles', () => {
    const similar = { blog: ['storm', 'cost'], storm: ['blog'], cost: ['blog'], atlas: ['atlas-wins'], 'atlas-wins': ['atlas'] };
    const groups = groupResults(['storm', 'atlas', 'guide', 'blog', 'atlas-wins', 'cost'].map(r), similar);
    expect(groups.map((g) => [g.lead.id, g.similar.map((s) => s.id)])).toEqual([
      ['storm', ['blog']],
      ['atlas', ['atlas-wins']],
      ['guide', []],
      // "cost" resembles "blog", which is not a result of its own: it stands alone.
      ['cost', []],
    ]);
  });

  it('never chains: a page similar only to a grouped page is a result of its own', () => {
    const similar = { a: ['b'], b: ['a', 'c'], c: ['b'] };
    expect(groupResults(['a', 'b', 'c'].map(r), similar).map((g) => g.lead.id)).toEqual(['a', 'c']);
  });

  it('lists every result on its own without the near-duplicates file', () => {
    expect(groupResults(['a', 'b'].map(r), {}).map((g) => g.similar.length)).toEqual([0, 0]);
  });
});

describe('ranking pages without JavaScript', () => {
  const page = (id: string, title: string, content: string) => ({ id, title, content: `${title}. ${content}` });
  const pages = [
    page('a', 'Gutter guards', 'Guards keep leaves out of gutters.'),
    page('b', 'Roof repairs', 'We clear gutters and fix flashing and gutters and gutters.'),
    page('c', 'Flashing', 'Step flashing at walls.'),
    page('d', 'Attic vents', 'Ridge vents and soffits.'),
  ];

  it('finds the pages holding every word, a word counting by its start, the title above the text', () => {
    expect(matchPages(pages, 'gutter').map((m) => m.id)).toEqual(['a', 'b']);
    expect(matchPages(pages, 'GUTTERS flashing').map((m) => m.id)).toEqual(['b']);
    expect(matchPages(pages, 'flash').map((m) => m.id)).toEqual(['c', 'b']);
    expect(matchPages(pages, 'x')).toEqual([]);
  });

  it('gives the word positions of the hits, for the snippet', () => {
    const [b] = matchPages([pages[1]!], 'flashing');
    expect(b!.locations).toEqual([7]);
    expect(b!.page.content.split(' ')[7]).toBe('flashing');
  });

  it('reads the query as words of two characters or more, once each', () => {
    expect(searchTerms('  Metal  roof, metal a “roof”! ')).toEqual(['metal', 'roof']);
    expect(searchTerms('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10')).toHaveLength(8);
  });
});

describe('the snippet of a result', () => {
  const title = 'Hurricane Straps Explained';
  const body =
    'Hurricane Straps Explained. Straps tie the roof to the walls so that wind cannot lift it, and a hurricane clip costs little. '.concat(
      Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '),
      ' Near the end a hurricane again.',
    );
  const words = body.split(/\s+/);
  const at = (word: string) => words.flatMap((w, i) => (w.toLowerCase().startsWith(word) ? [i] : []));
  const text = (s: ReturnType<typeof snippet>) => s.parts.map((p) => (p.hit ? `[${p.text}]` : p.text)).join('');

  it('shows the body words around the hits, marked, and never the title', () => {
    const s = snippet(body, title, at('hurricane'), ['hurricane'], 12);
    expect(text(s)).toBe('lift it, and a [hurricane] clip costs little. word0 word1 word2 word3');
    expect(s).toMatchObject({ before: true, after: true });
    expect(text(s)).not.toContain('Explained');
  });

  it('shows a one-word search at its first use in the body, not where it repeats most (a list of sources)', () => {
    const page = `Title. Intro about GAF shingles here. ${words.slice(8, 30).join(' ')} Sources: GAF warranty, GAF. GAF blog, GAF.`;
    const split = page.split(/\s+/);
    const gaf = split.flatMap((w, i) => (w.startsWith('GAF') ? [i] : []));
    expect(text(snippet(page, 'Title', gaf, ['gaf'], 8))).toBe('Intro about [GAF] shingles here. the walls so');
  });

  it('counts the forms of one word as one word, the word searched for or its ending taken off', () => {
    const page = `Title. GAF first here ${words.slice(8, 30).join(' ')} GAF: and GAF's later, gaf.com.`;
    const hits = page.split(/\s+/).flatMap((w, i) => (w.startsWith('GAF') || w.startsWith('gaf') ? [i] : []));
    expect(text(snippet(page, 'Title', hits, ['gaf'], 4))).toBe('[GAF] first here the');
    const gaf = page.split(/\s+/).flatMap((w, i) => (w.startsWith('GAF') ? [i] : []));
    expect(text(snippet(page, 'Title', gaf, [], 4))).toBe('[GAF] first here the');
  });

  it('picks the window with the most different words searched for', () => {
    const s = snippet(
      body,
      title,
      [...at('straps'), ...at('roof'), ...at('walls'), ...at('again')],
      ['straps', 'roof', 'walls', 'again'],
      8,
    );
    expect(text(s)).toBe('[Straps] tie the [roof] to the [walls] so');
    expect(s.before).toBe(false);
  });

  it('shows the page’s first words after its title when the words searched for are only in the title', () => {
    const s = snippet(body, title, [0, 1], ['hurricane'], 6);
    expect(text(s)).toBe('Straps tie the roof to the');
    expect(s.parts.every((p) => !p.hit)).toBe(true);
  });

  it('starts at the beginning of a page whose text does not begin with the title', () => {
    expect(text(snippet('Roof repairs for leaks.', 'Other title', [1], ['repairs'], 6))).toBe('Roof [repairs] for leaks.');
  });
});

describe('the status line and the more button', () => {
  it('says how many pages match, how many results they make and how many are listed', () => {
    expect(statusText({ query: 'roof', pages: 116, results: 97, shown: 8 })).toBe(
      '116 pages match “roof”, as 97 results with similar pages together. The best 8 are listed.',
    );
    expect(statusText({ query: 'roof', pages: 9, results: 9, shown: 9 })).toBe('9 pages match “roof”.');
    expect(statusText({ query: 'tybee', pages: 1, results: 1, shown: 1 })).toBe('1 page matches “tybee”.');
    expect(statusText({ query: 'zzz', pages: 0, results: 0, shown: 0 })).toBe(
      'Nothing matches “zzz”. Try another word, or browse the site map.',
    );
  });

  it('offers the next 8 results, or the few left', () => {
    expect(moreLabel(97, 8)).toBe('Show 8 more');
    expect(moreLabel(11, 8)).toBe('Show 3 more');
  });
});
