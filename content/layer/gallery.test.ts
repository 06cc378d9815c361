import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { galleryLocationUrl, galleryServiceUrl } from '../../lib/urls.ts';
import { filterDescription, filterTitle } from '../../pages/gallery/_filter-page.tsx';
import { checkReferences, loadCollection, parseEntry, type Entry } from './content.ts';
import { bodyText, similarPairs } from '../../build/content-metrics.ts';
import { galleryFilters, galleryProjects, type FilterKind } from './gallery.ts';
import { listRoutes } from '../../build/routes.ts';

const good = `---
title: "Storm-torn shingles put right after a tarp"
service: storm-damage-roof-repair
location: wilmington-island-roofing
date: 2026-11-24
illustrated: true
before:
  src: pair-storm-before.svg
  alt: "Illustration, before: a roof with torn shingles under a blue tarp"
after:
  src: pair-storm-after.svg
  alt: "Illustration, after: the same roof repaired with matching shingles"
---
A short story.
`;

const FILE = 'content/gallery/example.md';
const problemsOf = (raw: string) => (parseEntry('gallery', FILE, raw) as { problems?: string[] }).problems ?? [];
const parsed = (raw: string) => {
  const entry = parseEntry('gallery', FILE, raw);
  if ('problems' in entry) throw new Error(entry.problems.join('\n'));
  return entry;
};

describe('gallery collection schema', () => {
  it('accepts a valid project and takes the slug from the file name', () => {
    const entry = parsed(good);
    expect(entry.slug).toBe('example');
    expect(entry.data.illustrated).toBe(true);
    expect(entry.data.date.toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(checkReferences('gallery', entry)).toEqual([]);
  });

  it('names the file and the field when the illustration flag is missing', () => {
    expect(problemsOf(good.replace('illustrated: true\n', ''))).toEqual([
      expect.stringMatching(/^content\/gallery\/example\.md: field "illustrated": /),
    ]);
  });

  it('names the file and the field for a picture without alt text', () => {
    expect(problemsOf(good.replace(/alt: "Illustration, after[^"]*"/, 'alt: ""'))).toEqual([
      expect.stringMatching(/^content\/gallery\/example\.md: field "after\.alt": /),
    ]);
  });

  it('refuses drawings presented as a real job', () => {
    expect(problemsOf(good.replace('illustrated: true', 'illustrated: false'))).toEqual([
      expect.stringMatching(/field "before\.src": is a drawing/),
      expect.stringMatching(/field "after\.src": is a drawing/),
    ]);
  });

  it('names the file and the field for a service or location that has no page', () => {
    const entry = parsed(
      good
        .replace('service: storm-damage-roof-repair', 'service: chimney-sweeping')
        .replace('wilmington-island-roofing', 'atlantis'),
    );
    expect(checkReferences('gallery', entry)).toEqual([
      'content/gallery/example.md: field "service": "chimney-sweeping" is not a file in content/services/',
      'content/gallery/example.md: field "location": "atlantis" is not a file in content/locations/',
    ]);
  });

  it('names the file and the field for a picture that is not in content/images', () => {
    const entry = parsed(good);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gallery-images-'));
    try {
      expect(checkReferences('gallery', entry, empty)).toEqual([
        'content/gallery/example.md: field "before.src": "pair-storm-before.svg" is not in content/images/',
        'content/gallery/example.md: field "after.src": "pair-storm-after.svg" is not in content/images/',
      ]);
    } finally {
      fs.rmSync(empty, { recursive: true });
    }
  });
});

describe('gallery content', () => {
  const entries = () => loadCollection('gallery');

  it('ships illustrated examples that pass the schema, each dated no later than the day it was added', () => {
    expect(entries().length).toBeGreaterThanOrEqual(6);
    const added = new Date('2026-11-24T00:00:00Z').getTime();
    for (const e of entries()) {
      expect(e.data.illustrated, e.file).toBe(true);
      expect(e.data.date.getTime(), e.file).toBeLessThanOrEqual(added);
      expect(`${e.data.before.alt} ${e.data.after.alt}`, e.file).toMatch(/^Illustration, before: .* Illustration, after: /);
    }
  });

  it('prints figures only from the figures file: no typed dollar amount or percentage in a story', () => {
    const typed = entries().flatMap((e) =>
      [...e.body.replace(/\{\{[^}]+\}\}/g, '').matchAll(/\$\s?\d[\d,.]*|\d+(?:\.\d+)?\s?%/g)].map((m) => `${e.file}: ${m[0]}`),
    );
    expect(typed).toEqual([]);
  });

  it('keeps every story distinct: no two share more than 5% of their 6-word sequences', () => {
    const texts = new Map(entries().map((e: Entry<unknown>) => [e.slug, bodyText(e.body, e.file)]));
    expect(similarPairs(texts, 0.05)).toEqual([]);
  });
});

describe('gallery filter routes', () => {
  it('derives one static page per service and per location that has projects, and none for the rest', async () => {
    const projects = galleryProjects();
    const expected = [
      ...new Set(projects.map((p) => galleryServiceUrl(p.service.slug))),
      ...new Set(projects.map((p) => galleryLocationUrl(p.location.slug))),
    ].sort();
    const routes = (await listRoutes()).map((r) => r.path).filter((p) => p.startsWith('/gallery/'));
    expect(routes.sort()).toEqual(expected);
    expect(routes).toContain('/gallery/location/midtown-savannah-roofing');
    expect(routes).not.toContain('/gallery/location/pooler-roofing');
  });

  it('counts each filter value’s projects', () => {
    const midtown = galleryFilters('location').find((f) => f.slug === 'midtown-savannah-roofing');
    expect(midtown).toMatchObject({ name: 'Midtown Savannah', count: 2, path: '/gallery/location/midtown-savannah-roofing' });
    const total = galleryProjects().length;
    for (const kind of ['service', 'location'] as FilterKind[]) {
      expect(
        galleryFilters(kind).reduce((n, f) => n + f.count, 0),
        kind,
      ).toBe(total);
    }
  });

  it('gives every filter page a unique title of 30 to 60 characters and a unique description of 70 to 160', () => {
    const pages = (['service', 'location'] as FilterKind[]).flatMap((kind) =>
      galleryFilters(kind).map((f) => ({ title: filterTitle(kind, f.name), description: filterDescription(kind, f.name) })),
    );
    for (const { title, description } of pages) {
      expect(title.length, title).toBeGreaterThanOrEqual(30);
      expect(title.length, title).toBeLessThanOrEqual(60);
      expect(description.length, description).toBeGreaterThanOrEqual(70);
      expect(description.length, description).toBeLessThanOrEqual(160);
    }
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });
});
