import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearContentCache, loadCollection } from '../../content/layer/content.ts';
import { withOwnerPlaceId } from '../../build/place-id.ts';
import { photoName, writeOverlay } from './publisher.ts';
import type { OwnerArticle, OwnerProject } from './store.ts';

const dirs: string[] = [];
afterEach(() => {
  delete process.env.CONTENT_OVERLAY_DIR;
  clearContentCache();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const project: OwnerProject = {
  slug: 'storm-repair-ardsley-park',
  title: 'Storm-torn shingles replaced in Ardsley Park',
  service: 'roof-replacements',
  location: 'midtown-savannah-roofing',
  date: '2026-11-30',
  story: 'The storm lifted a row of tabs over the porch: "we matched the colour".',
  before: { photo: 41, alt: 'Before: shingles torn off above the porch' },
  after: { photo: 42, alt: 'After: the porch roof with new matching shingles' },
};

describe('the owner’s gallery projects and page photos in the overlay', () => {
  it('writes each project and its photos as the content layer reads them, real projects before the drawings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    await writeOverlay(dir, { gallery: [project] }, '20261202-abcd1234', async (id) => Buffer.from(`photo ${id}`));
    expect(readFileSync(path.join(dir, 'images', photoName(41)), 'utf8')).toBe('photo 41');
    process.env.CONTENT_OVERLAY_DIR = dir;
    clearContentCache();
    const entry = loadCollection('gallery').find((e) => e.slug === project.slug)!;
    expect(entry.data).toMatchObject({
      title: project.title,
      illustrated: false,
      order: 0,
      before: { src: 'owner-photo-41.webp', alt: project.before.alt },
      after: { src: 'owner-photo-42.webp', alt: project.after.alt },
    });
    expect(entry.body.trim()).toBe(project.story);
  });

  it('puts a chosen photo in place of one page’s illustration, with its alt text, and leaves other pages their drawing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    const alt = 'New architectural shingles on a Midtown bungalow';
    await writeOverlay(dir, { pagePhotos: [{ page: 'brands/gaf', photo: 7, alt }] }, '20261202-abcd1234', async (id) =>
      Buffer.from(`photo ${id}`),
    );
    const before = loadCollection('brands');
    const drawing = before.find((e) => e.slug === 'gaf')!.data.image!;
    process.env.CONTENT_OVERLAY_DIR = dir;
    clearContentCache();
    const brands = loadCollection('brands');
    expect(brands.find((e) => e.slug === 'gaf')!.data.image).toEqual({ src: photoName(7), alt });
    expect(readFileSync(path.join(dir, 'images', photoName(7)), 'utf8')).toBe('photo 7');
    // Another brand page drawn with the same illustration keeps it.
    const sharing = before.filter((e) => e.slug !== 'gaf' && e.data.image?.src === drawing.src).map((e) => e.slug);
    expect(sharing.length).toBeGreaterThan(0);
    for (const slug of sharing)
      expect(brands.find((e) => e.slug === slug)!.data.image).toEqual(before.find((e) => e.slug === slug)!.data.image);
  });

  it('fails the build naming the file when a page’s photo is missing from images/', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, 'page-photos.json'),
      JSON.stringify({ brands: { gaf: { src: 'owner-photo-9.webp', alt: 'A GAF roof' } } }),
    );
    process.env.CONTENT_OVERLAY_DIR = dir;
    clearContentCache();
    expect(() => loadCollection('brands')).toThrow(
      /page-photos\.json: field "brands\.gaf\.src": "owner-photo-9\.webp" is not in images\//,
    );
  });

  it('carries the Place ID saved in the settings, which the build reads over GOOGLE_PLACE_ID', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    const env = { CONTENT_OVERLAY_DIR: dir, GOOGLE_PLACES_API_KEY: 'key', GOOGLE_PLACE_ID: 'ChIJ_from_the_environment_x' };
    await writeOverlay(dir, {}, '20261202-abcd1234', undefined, { placeId: null });
    expect(withOwnerPlaceId(env).GOOGLE_PLACE_ID).toBe('ChIJ_from_the_environment_x');
    await writeOverlay(dir, {}, '20261202-abcd1234', undefined, { placeId: 'ChIJ_saved_in_the_settings_y' });
    expect(withOwnerPlaceId(env).GOOGLE_PLACE_ID).toBe('ChIJ_saved_in_the_settings_y');
  });

  it('refuses a project whose photo is no longer stored, in plain words', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    await expect(writeOverlay(dir, { gallery: [project] }, '20261202-abcd1234', async () => null)).rejects.toThrow(
      'A photo of the gallery project "Storm-torn shingles replaced in Ardsley Park" is no longer stored; upload it again.',
    );
  });
});

describe('the owner’s articles in the overlay', () => {
  const article = (body: string): OwnerArticle => ({
    slug: 'missing-shingles-after-storm',
    data: {
      title: 'Missing Shingles After a Storm: What to Do First',
      description:
        'Found shingles in the yard after a storm? How to check the roof from the ground, protect the house and get the right repair.',
      category: 'Emergency Repairs',
      date: '2026-11-21',
      tags: ['storm damage'],
      excerpt: 'A few shingles on the lawn can mean a quick repair or the first sign of wider wind damage.',
      sources: ['ga-ag-storms-fraud'],
    },
    body,
  });

  async function load(body: string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    await writeOverlay(dir, { articles: [article(body)] }, '20261203-abcd1234');
    process.env.CONTENT_OVERLAY_DIR = dir;
    clearContentCache();
    return () => loadCollection('blog');
  }

  it('replaces content/’s article of the same address, as the build reads it', async () => {
    const blog = (await load('Stay on the ground and call {{phone}}.'))();
    const entry = blog.find((e) => e.slug === 'missing-shingles-after-storm')!;
    expect(entry.data.title).toBe('Missing Shingles After a Storm: What to Do First');
    expect(entry.body.trim()).toBe('Stay on the ground and call {{phone}}.');
    expect(blog.filter((e) => e.slug === 'missing-shingles-after-storm')).toHaveLength(1);
  });

  it('puts the gallery photo chosen as an article’s picture in images/, where the build finds it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'overlay-'));
    dirs.push(dir);
    const image = { src: photoName(7), alt: 'New shingles on a Midtown bungalow' };
    const chosen = { ...article('Stay on the ground and call {{phone}}.'), data: { ...article('').data, image } };
    await writeOverlay(dir, { articles: [chosen] }, '20261203-abcd1234', async (id) => Buffer.from(`photo ${id}`));
    expect(readFileSync(path.join(dir, 'images', photoName(7)), 'utf8')).toBe('photo 7');
    process.env.CONTENT_OVERLAY_DIR = dir;
    clearContentCache();
    expect(loadCollection('blog').find((e) => e.slug === 'missing-shingles-after-storm')!.data.image).toEqual(image);
    await expect(writeOverlay(dir, { articles: [chosen] }, '20261203-abcd1234')).rejects.toThrow(
      'The photo chosen for the article "missing-shingles-after-storm" is no longer stored; choose another one.',
    );
  });

  it('fails the build on an article that offers to pay a deductible, naming the file', async () => {
    const blog = await load('Good news: we will pay your deductible.');
    expect(blog).toThrow(/missing-shingles-after-storm\.md: “Good news: we will pay your deductible\.” reads as an offer/);
  });
});
