import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, startAdminTestApp, type AdminTestApp } from '../../../tests/admin-app.ts';
import { writeStandInBuild } from '../../../tests/stand-in-build.ts';
import { jpegComments } from '../../gallery/photos.ts';
import { widestWebp } from '../../gallery/store.ts';
import { createPublisher } from '../../publish/publisher.ts';
import { GALLERY_PHOTOS_PATH } from './paths.ts';
import { GALLERY_PUBLISH_PATH, PAGE_DRAWING_PATH, PAGE_PHOTO_PATH } from './paths.ts';

let t: AdminTestApp;
let office: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'gallery-admin-'));
  t = await startAdminTestApp({
    standIn: false,
    env: { DATA_DIR: path.join(work, 'data') },
    publisher: ({ db, files, env }) => {
      cpSync(files.distDir, path.join(work, 'source'), { recursive: true });
      return createPublisher({
        db,
        files,
        dataDir: env.DATA_DIR,
        buildEntry: writeStandInBuild(work),
        buildEnv: { ...process.env, STAND_IN_SOURCE: path.join(work, 'source') },
        photo: (id) => widestWebp(db, id),
        pollMs: null,
      });
    },
  });
  office = await t.sessionFor('gallery-office', 'admin');
});

afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

beforeEach(async () => {
  await t.db.query('DELETE FROM gallery_photos');
});

function upload(file: Blob, name: string, alt = 'After: new architectural shingles on a Midtown bungalow') {
  const body = new FormData();
  body.set('photo', file, name);
  body.set('alt', alt);
  return t.app.request(GALLERY_PHOTOS_PATH, { method: 'POST', headers: { ...SAME_ORIGIN, cookie: office }, body });
}

const stored = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM gallery_photos')).n;
const storedFiles = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM gallery_photo_files')).n;

/** Every file under the server's DATA_DIR, with its size: an upload refused leaves it as it was. */
function dataFiles(): string[] {
  const dir = path.join(work, 'data');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => `${file} ${statSync(file).size}`)
    .sort();
}

/** A PNG whose header says 20,000 × 20,000 pixels, with one tiny data chunk: its size alone must refuse it. */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A camera photo as a phone writes it: EXIF with the GPS position of the house. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7a8f5c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Camera 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 3000/100', GPSLongitudeRef: 'W', GPSLongitude: '81/1 5/1 0/1' },
    })
    .toBuffer();
}

/** A JPEG with a comment segment (COM) right after its start, holding `text`. */
async function jpegWithComment(text: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4);
  segment.set([0xff, 0xfe]);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, body, jpeg.subarray(2)]);
}

describe('gallery photo uploads', () => {
  it.each([
    [
      'a 20,000 × 20,000 PNG',
      async () => new Blob([new Uint8Array(hugePng())], { type: 'image/png' }),
      'roof.png',
      /20,000 × 20,000 pixels; at most 48 megapixels/,
    ],
    [
      'an SVG with a script',
      async () =>
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
      'roof.svg',
      /not a photo\. Upload a JPEG, PNG or WebP photo/,
    ],
    [
      'a JPEG with HTML in its comment',
      async () =>
        new Blob([new Uint8Array(await jpegWithComment('<script>alert(document.cookie)</script>'))], { type: 'image/jpeg' }),
      'roof.jpg',
      /hidden text that looks like web code/,
    ],
    [
      'a PDF renamed .jpg',
      async () => new Blob(['%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'], { type: 'image/jpeg' }),
      'roof.jpg',
      /This is a PDF document, not a photo/,
    ],
  ])('refuses %s with a message, and stores nothing', async (_name, file, fileName, message) => {
    const files = dataFiles();
    const res = await upload(await file(), fileName);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { ok: boolean; error: string };
    expect(answer.ok).toBe(false);
    expect(answer.error).toMatch(message);
    expect([await stored(), await storedFiles()]).toEqual([0, 0]);
    expect(dataFiles()).toEqual(files);
  });

  it('refuses a 50 MB body with a message, and stores nothing: no row and no file', async () => {
    const files = dataFiles();
    const res = await upload(new Blob([new Uint8Array(50 * 1024 * 1024)], { type: 'image/jpeg' }), 'huge.jpg');
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/too large: send one photo of at most 20 MB/);
    expect([await stored(), await storedFiles()]).toEqual([0, 0]);
    expect(dataFiles()).toEqual(files);
  });

  it('refuses a 50 MB project form with the page and a message, and stores nothing', async () => {
    const files = dataFiles();
    const body = new FormData();
    body.set('title', 'Storm-torn shingles replaced in Midtown');
    body.set('before', new Blob([new Uint8Array(50 * 1024 * 1024)], { type: 'image/jpeg' }), 'huge.jpg');
    const res = await t.app.request('/api/admin/gallery/projects', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: office },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('The photos are too large together: at most 20 MB each.');
    expect([await stored(), await storedFiles()]).toEqual([0, 0]);
    expect(dataFiles()).toEqual(files);
  });

  it('keeps a JPEG with a plain comment only as re-encoded files, the comment gone', async () => {
    const original = await jpegWithComment('Shot for the Hendersons, 14 Abercorn St');
    expect(jpegComments(original)).toEqual(['Shot for the Hendersons, 14 Abercorn St']);
    const res = await upload(new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'roof.jpg');
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { files: { url: string }[] } };
    for (const file of photo.files) {
      const served = Buffer.from(await (await t.app.request(file.url, { headers: { cookie: office } })).arrayBuffer());
      expect(served.includes('Abercorn')).toBe(false);
    }
  });

  it('refuses a photo without alt text', async () => {
    const res = await upload(new Blob([new Uint8Array(await photoWithGps())], { type: 'image/jpeg' }), 'roof.jpg', '  ');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.alt).toMatch(/^Describe the photo/);
    expect(await stored()).toBe(0);
  });

  it('keeps a camera photo as AVIF and WebP at the site’s widths, with no EXIF and no GPS position left', async () => {
    const original = await photoWithGps();
    expect(await exifr.gps(original)).toMatchObject({ latitude: 32.075 });
    const res = await upload(new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as { photo: { id: number; files: { format: string; width: number; url: string }[] } };
    expect(photo.files.map((f) => `${f.format} ${f.width}`)).toEqual([
      'avif 480',
      'webp 480',
      'avif 768',
      'webp 768',
      'avif 1024',
      'webp 1024',
      'avif 1280',
      'webp 1280',
    ]);
    for (const file of photo.files) {
      const served = Buffer.from(await (await t.app.request(file.url, { headers: { cookie: office } })).arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : 'webp');
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      // exifr reads AVIF (not WebP, whose RIFF chunks are checked by name instead).
      if (file.format === 'avif') expect(await exifr.parse(served)).toBeUndefined();
      else expect(served.includes('EXIF') || served.includes('XMP ')).toBe(false);
    }
    expect(await stored()).toBe(1);
  });
});

describe('a gallery project from a phone', () => {
  it('adds a project with its two photos and publishes it into the overlay the build reads, real jobs first', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Storm-torn shingles replaced in Midtown',
      service: 'roof-replacements',
      location: 'midtown-savannah-roofing',
      month: '2026-11',
      story: 'The storm lifted a row of tabs over the porch; we matched the colour and sealed the ridge.',
      beforeAlt: 'Before: shingles torn off above the porch',
      afterAlt: 'After: the porch roof with new matching shingles',
    }))
      body.set(k, v);
    body.set('before', new Blob([new Uint8Array(await photoWithGps())], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    body.set('after', new Blob([new Uint8Array(await photoWithGps())], { type: 'image/jpeg' }), 'IMG_0002.jpg');
    const added = await t.app.request('/api/admin/gallery/projects', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: office },
      body,
    });
    expect(added.status).toBe(303);
    const page = (await (await t.app.request('/admin/gallery?saved=project', { headers: { cookie: office } })).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(page).toContain('Project added. Publish the gallery to put it on the site.');
    expect(page).toContain('alt="Before: shingles torn off above the porch"');
    const revision = /name="revision" value="(\d*)"/.exec(page)![1]!;

    const published = await t.app.request('/api/admin/gallery/publish', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: office, 'content-type': 'application/json' },
      body: JSON.stringify({ revision }),
    });
    expect(published.status).toBe(200);
    const overlay = path.join(work, 'data', 'owner-content');
    const md = readFileSync(path.join(overlay, 'gallery', 'storm-torn-shingles-replaced-in-midtown-2026-11.md'), 'utf8');
    expect(md).toContain('illustrated: false');
    expect(md).toContain('order: 0');
    const photo = /src: "(owner-photo-\d+\.webp)"/.exec(md)![1]!;
    const bytes = readFileSync(path.join(overlay, 'images', photo));
    expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    expect(existsSync(path.join(t.files.distDir, 'images'))).toBe(false);
  });
});

describe('photos on pages', () => {
  const post = (pathname: string, body: Record<string, string>) =>
    t.app.request(pathname, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: office, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const page = async (query = '') =>
    (await (await t.app.request(`/admin/gallery${query}`, { headers: { cookie: office } })).text()).replace(/<!-- -->/g, '');
  const revisionOf = (html: string) => /name="revision" value="(\d*)"/.exec(html)![1]!;

  beforeEach(async () => {
    await t.db.query("DELETE FROM content_drafts WHERE topic = 'gallery'");
  });

  it('shows an uploaded photo on a brand page instead of its drawing, and publishes it with its alt text', async () => {
    const res = await upload(new Blob([new Uint8Array(await photoWithGps())], { type: 'image/jpeg' }), 'IMG_0003.jpg');
    const { photo } = (await res.json()) as { photo: { id: number } };
    const chosen = await post(PAGE_PHOTO_PATH, {
      page: 'brands/gaf',
      photo: String(photo.id),
      alt: '',
      revision: revisionOf(await page()),
    });
    expect(chosen.status).toBe(200);
    const html = await page('?saved=page-photo');
    expect(html).toContain('Photo chosen for the page. Publish the gallery to put it on the site.');
    expect(html).toMatch(
      /<strong>Brand: GAF<\/strong> shows this photo: “After: new architectural shingles on a Midtown bungalow”/,
    );

    const published = await post(GALLERY_PUBLISH_PATH, { revision: revisionOf(await page()) });
    expect(published.status).toBe(200);
    const overlay = path.join(work, 'data', 'owner-content');
    const chosenFile = `owner-photo-${photo.id}.webp`;
    expect(JSON.parse(readFileSync(path.join(overlay, 'page-photos.json'), 'utf8'))).toEqual({
      brands: { gaf: { src: chosenFile, alt: 'After: new architectural shingles on a Midtown bungalow' } },
    });
    // The re-encoded file, never the upload: no EXIF, and the bytes of the widest WebP made of it.
    const bytes = readFileSync(path.join(overlay, 'images', chosenFile));
    expect(bytes.equals((await widestWebp(t.db, photo.id))!)).toBe(true);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(await page()).toContain('The site shows these projects and photos.');
  });

  it('takes a page back to its drawing, with an undo that shows the photo again', async () => {
    const res = await upload(new Blob([new Uint8Array(await photoWithGps())], { type: 'image/jpeg' }), 'IMG_0004.jpg');
    const { photo } = (await res.json()) as { photo: { id: number } };
    const alt = 'Our crew finishing a ridge in Ardsley Park';
    await post(PAGE_PHOTO_PATH, {
      page: 'services/roof-repairs',
      photo: String(photo.id),
      alt,
      revision: revisionOf(await page()),
    });
    const back = await post(PAGE_DRAWING_PATH, { page: 'services/roof-repairs', revision: revisionOf(await page()) });
    const { redirect } = (await back.json()) as { redirect: string };
    const html = await page(redirect.replace('/admin/gallery', '').replace(/#.*/, ''));
    expect(html).toContain('The page is back to its drawing.');
    expect(html).toContain('Every page shows its drawing.');
    expect(html).toContain('Undo: show the photo again');
    expect(html).toContain(`name="alt" value="${alt}"`);
    const undone = await post(PAGE_PHOTO_PATH, {
      page: 'services/roof-repairs',
      photo: String(photo.id),
      alt,
      revision: revisionOf(html),
    });
    expect(undone.status).toBe(200);
    expect(await page()).toContain(`shows this photo: “${alt}”`);
  });

  it.each([
    ['a page that takes no photo', { page: 'blog/atlas-vs-gaf', photo: '1' }, 'page', /Choose the page/],
    ['no photo', { page: 'brands/gaf', photo: '' }, 'photo', /Choose a photo/],
    ['a photo that is not stored', { page: 'brands/gaf', photo: '999999' }, 'photo', /no longer stored/],
  ])('refuses %s in plain words and changes nothing', async (_name, body, field, message) => {
    const res = await post(PAGE_PHOTO_PATH, { ...body, alt: '', revision: revisionOf(await page()) });
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.fields[field] ?? answer.error).toMatch(message);
    expect(await page()).toContain('Every page shows its drawing.');
  });
});
