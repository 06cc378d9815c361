import { describe, expect, it } from 'vitest';
import {
  countWords,
  locationFor,
  matchingServices,
  readingTime,
  relatedArticles,
  SERVICE_FOR_CATEGORY,
  SERVICE_FOR_TAG,
  tableOfContents,
  WORDS_PER_MINUTE,
} from './article-aids.ts';
import { loadCollection } from './content.ts';
import { renderMarkdown } from '../../build/markdown.ts';

describe('tableOfContents', () => {
  it('nests h3 under the h2 before it, skips h1 and h4, and keeps the heading ids', () => {
    const toc = tableOfContents([
      { depth: 1, text: 'Title', id: 'title' },
      { depth: 2, text: 'Before June', id: 'before-june' },
      { depth: 3, text: 'The roof', id: 'the-roof' },
      { depth: 4, text: 'Shingles', id: 'shingles' },
      { depth: 3, text: 'Gutters &amp; drains', id: 'gutters-drains' },
      { depth: 2, text: 'After the storm', id: 'after-the-storm' },
    ]);
    expect(toc).toEqual([
      {
        text: 'Before June',
        id: 'before-june',
        children: [
          { text: 'The roof', id: 'the-roof', children: [] },
          { text: 'Gutters & drains', id: 'gutters-drains', children: [] },
        ],
      },
      { text: 'After the storm', id: 'after-the-storm', children: [] },
    ]);
  });

  it('keeps an h3 that comes before any h2 at the top level', () => {
    expect(tableOfContents([{ depth: 3, text: 'Intro', id: 'intro' }])).toEqual([{ text: 'Intro', id: 'intro', children: [] }]);
  });

  it('links to ids that the rendered article carries, each one once', () => {
    const markdown = '## Cost\n\ntext\n\n### Cost\n\nmore\n\n## Cost\n';
    const { html, headings } = renderMarkdown(markdown, 'test.md', new Map());
    const ids = tableOfContents(headings).flatMap((i) => [i.id, ...i.children.map((c) => c.id)]);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
  });
});

describe('readingTime', () => {
  it('counts the words a reader reads, not the markup or link targets', () => {
    expect(
      countWords('## A heading\n\nSee [the guide](/blog/some-long-slug) **now**.\n\n| a | b |\n|---|---|\n| one | two |'),
    ).toBe(10);
  });

  it(`rounds minutes up at ${WORDS_PER_MINUTE} words a minute, with one minute at least`, () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readingTime(words(WORDS_PER_MINUTE))).toEqual({ words: WORDS_PER_MINUTE, minutes: 1 });
    expect(readingTime(words(WORDS_PER_MINUTE + 1)).minutes).toBe(2);
    expect(readingTime('').minutes).toBe(1);
  });
});

describe('relatedArticles', () => {
  const day = (d: number) => new Date(Date.UTC(2026, 10, d));
  const article = { slug: 'a', title: 'A', category: 'Storm Protection', tags: ['hurricanes', 'roof repair'], date: day(1) };
  const others = [
    { slug: 'same-category-new', title: '', category: 'Storm Protection', tags: [], date: day(20) },
    { slug: 'one-tag', title: '', category: 'Cost & Planning', tags: ['Roof Repair'], date: day(2) },
    { slug: 'two-tags', title: '', category: 'Emergency Repairs', tags: ['hurricanes', 'roof repair'], date: day(3) },
    { slug: 'one-tag-same-category', title: '', category: 'Storm Protection', tags: ['hurricanes'], date: day(4) },
    { slug: 'unrelated', title: '', category: 'Cost & Planning', tags: ['gutters'], date: day(30) },
  ];

  it('ranks by shared tags first, then the category, never the article itself or an unrelated one', () => {
    expect(relatedArticles(article, [article, ...others], 5).map((r) => r.slug)).toEqual([
      'two-tags',
      'one-tag-same-category',
      'one-tag',
      'same-category-new',
    ]);
  });

  it('gives the same answer whatever order the articles come in', () => {
    const reversed = relatedArticles(article, [...others].reverse()).map((r) => r.slug);
    expect(reversed).toEqual(relatedArticles(article, others).map((r) => r.slug));
  });

  it('finds three related articles for every article on the site', () => {
    const all = loadCollection('blog').map((e) => ({ ...e.data, slug: e.slug }));
    for (const a of all) {
      const related = relatedArticles(a, all);
      expect(related, a.slug).toHaveLength(3);
      expect(related.map((r) => r.slug)).not.toContain(a.slug);
    }
  });
});

describe('links from an article', () => {
  const serviceSlugs = loadCollection('services').map((e) => e.slug);
  const places = loadCollection('locations').map((e) => ({ slug: e.slug, place: e.data.place }));

  it('name only services that exist', () => {
    for (const slug of [...Object.values(SERVICE_FOR_TAG), ...Object.values(SERVICE_FOR_CATEGORY)])
      expect(serviceSlugs).toContain(slug);
  });

  it('lead to the services the tags name, else to the category’s service', () => {
    expect(
      matchingServices({ slug: 'x', tags: ['insurance claims', 'storm damage'], category: 'Storm Protection' }, serviceSlugs),
    ).toEqual(['insurance-claims', 'storm-damage-roof-repair']);
    expect(matchingServices({ slug: 'x', tags: ['algae'], category: 'Emergency Repairs' }, serviceSlugs)).toEqual([
      'emergency-roof-repair',
    ]);
    expect(matchingServices({ slug: 'church-roof-maintenance', tags: [], category: 'Cost & Planning' }, serviceSlugs)[0]).toBe(
      'church-roofing',
    );
  });

  it('lead to every article at least one service', () => {
    for (const e of loadCollection('blog'))
      expect(matchingServices({ ...e.data, slug: e.slug }, serviceSlugs).length, e.slug).toBeGreaterThan(0);
  });

  it('lead to the most specific place the title, tags or slug names, and to none for a Georgia-wide article', () => {
    const find = (title: string, slug = 'x', tags: string[] = []) => locationFor({ title, slug, tags }, places);
    expect(find("Roofing in Savannah's Historic District", 'historic-district-roofing-savannah')).toBe(
      'historic-district-savannah-roofing',
    );
    expect(find('Roof Replacement Cost in Savannah')).toBe('savannah');
    expect(find('Salt air on Tybee Island roofs')).toBe('tybee-island-roofing');
    expect(find('Metal Roof Cost in Georgia', 'metal-roof-cost-georgia')).toBeUndefined();
    expect(find('Roofs by the marsh', 'x', ['Isle of Hope'])).toBe('isle-of-hope-roofing');
  });
});
