import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES } from '../schema.ts';
import { clearContentCache, guidesClaim, loadCollection, parseEntry, reloadContentFile } from './content.ts';

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

describe('one edited file read again (the dev server after a content edit)', () => {
  it('replaces the entry in its cached collection and leaves the other entries as they were', () => {
    clearContentCache();
    const before = loadCollection('blog');
    expect(reloadContentFile('content/blog/atlas-vs-gaf.md')).toEqual({ collection: 'blog', slug: 'atlas-vs-gaf' });
    const after = loadCollection('blog');
    expect(after).not.toBe(before);
    expect(after.length).toBe(before.length);
    const at = before.findIndex((e) => e.slug === 'atlas-vs-gaf');
    expect(after[at]).not.toBe(before[at]);
    expect(after[at]).toEqual(before[at]);
    expect(after.filter((_, i) => i !== at).every((e, i) => e === before.filter((_, j) => j !== at)[i])).toBe(true);
  });

  it('says the change needs a whole build when the file is new, not content, or its collection is not loaded', () => {
    loadCollection('blog');
    expect(reloadContentFile('content/blog/no-such-article.md')).toBeNull();
    expect(reloadContentFile('components/Hero.tsx')).toBeNull();
    expect(reloadContentFile('content/site.ts')).toBeNull();
    clearContentCache();
    expect(reloadContentFile('content/blog/atlas-vs-gaf.md')).toBeNull();
  });
});

describe('the owner’s published entries over content/', () => {
  const project = (src: string) => `---
title: "Storm-damaged shingles replaced in Midtown"
service: roof-replacements
location: midtown-savannah-roofing
date: 2026-11-30
order: 1
illustrated: false
before:
  src: ${src}
  alt: "Before: torn shingles over the porch after the storm"
after:
  src: job-after.webp
  alt: "After: new architectural shingles over the porch"
---

The owner's own words about the job.
`;

  function withOverlay(files: Record<string, string>, check: () => void): void {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overlay-'));
    const previous = process.env.CONTENT_OVERLAY_DIR;
    try {
      for (const [name, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), text);
      }
      process.env.CONTENT_OVERLAY_DIR = dir;
      clearContentCache();
      check();
    } finally {
      if (previous === undefined) delete process.env.CONTENT_OVERLAY_DIR;
      else process.env.CONTENT_OVERLAY_DIR = previous;
      clearContentCache();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('adds a real project with its photos from the overlay, beside content/’s', () => {
    const repo = loadCollection('gallery').length;
    withOverlay(
      { 'gallery/storm-job-midtown.md': project('job-before.webp'), 'images/job-before.webp': 'x', 'images/job-after.webp': 'x' },
      () => {
        const gallery = loadCollection('gallery');
        expect(gallery).toHaveLength(repo + 1);
        const job = gallery.find((e) => e.slug === 'storm-job-midtown')!;
        expect(job.data.illustrated).toBe(false);
        expect(job.file).toMatch(/gallery\/storm-job-midtown\.md$/);
      },
    );
  });

  it('refuses an overlay project whose photo is missing, naming the file and the field', () => {
    withOverlay({ 'gallery/storm-job-midtown.md': project('missing.webp'), 'images/job-after.webp': 'x' }, () => {
      expect(() => loadCollection('gallery')).toThrow(
        /storm-job-midtown\.md: field "before\.src": "missing\.webp" is not in content\/images\//,
      );
    });
  });
});
