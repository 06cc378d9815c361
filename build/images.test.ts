import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildImages, buildTouchIcon } from './images.ts';
import { TOUCH_ICON_SVG } from '../components/favicon.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const temp = tempDirs('img');

async function source(dir: string, name: string, width: number, height: number) {
  await sharp({ create: { width, height, channels: 3, background: '#b4562a' } })
    .png()
    .toFile(path.join(dir, name));
}

describe('image pipeline', () => {
  it('takes the owner’s published pictures too, one named like an illustration in its place', async () => {
    const src = temp();
    fs.writeFileSync(
      path.join(src, 'roof-gable.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><title>Gable</title><rect width="800" height="600" fill="#ccc"/></svg>',
    );
    const owner = temp();
    await source(owner, 'roof-gable.png', 900, 600);
    await source(owner, 'job-photo-7.png', 800, 600);
    const { manifest } = await buildImages(temp(), { srcDir: src, cacheRoot: temp(), ownerDir: owner });
    expect([...manifest.keys()]).toEqual(['job-photo-7.png', 'roof-gable.png', 'roof-gable.svg']);
    expect(manifest.get('roof-gable.svg')).toBe(manifest.get('roof-gable.png'));
    expect(manifest.get('job-photo-7.png')!.avif.map((v) => v.width)).toEqual([480, 768]);
  });

  it('writes AVIF and WebP at the spec widths up to the intrinsic width, never upscaling', async () => {
    const src = temp();
    await source(src, 'wide.png', 1100, 500);
    await source(src, 'small.png', 300, 200);
    const dist = temp();
    const { manifest } = await buildImages(dist, { srcDir: src, cacheRoot: temp() });
    const wide = manifest.get('wide.png')!;
    expect(wide.avif.map((s) => s.width)).toEqual([480, 768, 1024]);
    expect(wide.webp.map((s) => s.width)).toEqual([480, 768, 1024]);
    expect([wide.width, wide.height]).toEqual([1100, 500]);
    expect(manifest.get('small.png')!.webp.map((s) => s.width)).toEqual([300]);
    for (const s of [...wide.avif, ...wide.webp]) {
      const meta = await sharp(path.join(dist, s.url)).metadata();
      expect(meta.width).toBe(s.width);
    }
    expect(wide.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('does no image work on a rebuild with unchanged images', async () => {
    const src = temp();
    const cacheRoot = temp();
    await source(src, 'a.png', 800, 400);
    const first = await buildImages(temp(), { srcDir: src, cacheRoot });
    expect(first.stats).toEqual({ processed: 1, cached: 0 });
    const second = await buildImages(temp(), { srcDir: src, cacheRoot });
    expect(second.stats).toEqual({ processed: 0, cached: 1 });
    expect(second.manifest.get('a.png')).toEqual(first.manifest.get('a.png'));
    await source(src, 'a.png', 900, 400);
    const third = await buildImages(temp(), { srcDir: src, cacheRoot });
    expect(third.stats).toEqual({ processed: 1, cached: 0 });
  });

  it('serves an SVG illustration as one optimised SVG with its size and title, never rasterised', async () => {
    const src = temp();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">
      <!-- a comment svgo removes -->
      <title>A roof</title>
      <g><rect x="0" y="0" width="1600" height="1000" fill="#b4562a"/></g>
    </svg>`;
    fs.writeFileSync(path.join(src, 'roof.svg'), svg);
    const dist = temp();
    const { manifest } = await buildImages(dist, { srcDir: src, cacheRoot: temp() });
    const roof = manifest.get('roof.svg')!;
    expect([roof.width, roof.height]).toEqual([1600, 1000]);
    expect(roof.avif).toEqual([]);
    expect(roof.webp).toEqual([]);
    expect(roof.svg).toMatch(/^\/img\/roof-[0-9a-f]{8}\.svg$/);
    expect(fs.readdirSync(path.join(dist, 'img'))).toEqual([path.basename(roof.svg!)]);
    const served = fs.readFileSync(path.join(dist, roof.svg!), 'utf8');
    expect(served).toBe(roof.inline);
    expect(served.length).toBeLessThan(svg.length);
    expect(served).not.toContain('comment');
    expect(served).toContain('width="1600"');
    expect(served).toContain('height="1000"');
    expect(served).toContain('<title>A roof</title>');
    expect(roof.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it('lets a photograph under an illustration’s name replace it, so pages show the photo without an edit', async () => {
    const src = temp();
    fs.writeFileSync(
      path.join(src, 'roof-gable.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><title>Drawing</title><rect width="800" height="500"/></svg>',
    );
    await source(src, 'roof-gable.jpg', 900, 600);
    const dist = temp();
    const { manifest } = await buildImages(dist, { srcDir: src, cacheRoot: temp() });
    const shown = manifest.get('roof-gable.svg')!;
    expect(shown).toEqual(manifest.get('roof-gable.jpg'));
    expect(shown.svg).toBeUndefined();
    expect(shown.webp.map((s) => s.width)).toEqual([480, 768]);
    expect(fs.readdirSync(path.join(dist, 'img')).some((f) => f.endsWith('.svg'))).toBe(false);
  });
});

describe('the home screen icon', () => {
  it('draws the icon as an opaque 180 px PNG, once', async () => {
    const dist = temp();
    const cacheRoot = temp();
    const out = path.join(dist, 'apple-touch-icon.png');
    await buildTouchIcon(TOUCH_ICON_SVG, out, { cacheRoot });
    const { data, info } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([180, 180]);
    // iOS fills transparent corners with black: the tile's corner is the navy of the icon.
    expect([...data.subarray(0, info.channels)]).toEqual([0x12, 0x30, 0x4a, 255].slice(0, info.channels));
    const mtime = fs.statSync(out).mtimeMs;
    fs.rmSync(out);
    await buildTouchIcon(TOUCH_ICON_SVG, out, { cacheRoot });
    expect(fs.statSync(out).mtimeMs).toBe(mtime);
  });
});
