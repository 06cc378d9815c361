import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../content/schema.ts';
import { guidesClaim, loadCollection, parseEntry } from './content.ts';

const good = `---
title: Hurricane Straps Explained for Coastal Homes
description: What hurricane straps do, why roof-to-wall connections matter on the Georgia coast, and how to check yours.
category: Storm Protection
date: 2025-06-01
excerpt: Roof-to-wall connections explained for Savannah homeowners before hurricane season.
---
## Body
`;

describe('content validation', () => {
  it('accepts a valid blog file and takes the slug from the file name', () => {
    const entry = parseEntry('blog', 'content/blog/hurricane-straps.md', good);
    expect('problems' in entry).toBe(false);
    if (!('problems' in entry)) {
      expect(entry.slug).toBe('hurricane-straps');
      expect(entry.data.date).toBeInstanceOf(Date);
    }
  });

  it('names the file, the field and the problem for a bad category', () => {
    const result = parseEntry('blog', 'content/blog/x.md', good.replace('Storm Protection', 'Storms'));
    expect(result).toHaveProperty('problems');
    const [problem] = (result as { problems: string[] }).problems;
    expect(problem).toMatch(/^content\/blog\/x\.md: field "category": /);
  });

  it('reports a missing required field and an unknown extra field', () => {
    const raw = good.replace(/^title: .*\n/m, '').replace('---\n## Body', 'colour: red\n---\n## Body');
    const { problems } = parseEntry('blog', 'content/blog/y.md', raw) as { problems: string[] };
    expect(problems.some((p) => p.includes('field "title"'))).toBe(true);
    expect(problems.some((p) => /colour/.test(p))).toBe(true);
  });

  it('reports broken YAML with the file name', () => {
    const { problems } = parseEntry('services', 'content/services/z.md', '---\ntitle: [unclosed\n---\n') as {
      problems: string[];
    };
    expect(problems[0]).toMatch(/^content\/services\/z\.md: front matter is not valid YAML/);
  });

  it('every Markdown file in content/ passes its schema', () => {
    for (const name of ['blog', 'services', 'locations', 'brands', 'landings', 'pages'] as const) {
      expect(loadCollection(name).length, name).toBeGreaterThan(0);
    }
  });

  it('has the eight brand comparison articles and every blog category in use', () => {
    const slugs = loadCollection('blog').map((e) => e.slug);
    for (const pair of ['atlas-vs-gaf', 'atlas-vs-owens-corning', 'gaf-vs-certainteed', 'gaf-vs-owens-corning']) {
      expect(slugs).toContain(pair);
      expect(slugs).toContain(`${pair}-who-wins`);
    }
    const used = new Set(loadCollection('blog').map((e) => e.data.category));
    for (const c of BLOG_CATEGORIES) expect(used.has(c), c).toBe(true);
  });

  it('derives the guides claim from the article count', () => {
    const count = loadCollection('blog').length;
    expect(guidesClaim()).toBe(`${Math.floor(count / 10) * 10}+`);
    expect(count).toBeGreaterThanOrEqual(30);
  });
});
