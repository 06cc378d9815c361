import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Metadata } from 'sharp';
import type { ImageManifest, ProcessedImage } from '../components/page-context.ts';
import { placeCached } from './cache-files.ts';
import { CACHE_DIR, CONTENT_DIR } from './paths.ts';
import { overlayDir } from '../content/layer/overlay-dir.ts';

/** The images/ folder of the owner's overlay, if the build has one. */
const ownerImagesDir = () => {
  const dir = overlayDir();
  return dir && path.join(dir, 'images');
};

// Loaded only when an image misses the cache: together they cost over a second of a warm build's start.
const loadSharp = async () => (await import('sharp')).default;
const loadSvgo = async () => (await import('svgo')).optimize;

/** Responsive image widths. */
export const IMAGE_WIDTHS = [480, 768, 1024, 1280] as const;
const FORMATS = ['avif', 'webp'] as const;
/** Bump when the output of processImage changes, so cached results are redone. */
const PIPELINE_VERSION = 4;
const SOURCE_PATTERN = /\.(svg|png|jpe?g|webp)$/i;

interface CachedResult {
  image: ProcessedImage;
  files: string[];
}

export interface ImageStats {
  processed: number;
  cached: number;
}

/**
 * Turns every photograph in content/images/ into AVIF and WebP at the spec's widths
 * (never upscaled) and every SVG illustration into one optimised SVG (never
 * rasterised, so it stays sharp at every width), under dist/img/, each with a blur placeholder.
 * Results are cached by content hash in .cache/images, so an unchanged image costs one hash.
 */
export async function buildImages(
  distDir: string,
  {
    srcDir = path.join(CONTENT_DIR, 'images'),
    cacheRoot = path.join(CACHE_DIR, 'images'),
    ownerDir = ownerImagesDir(),
  }: { srcDir?: string; cacheRoot?: string; ownerDir?: string | null } = {},
) {
  const outDir = path.join(distDir, 'img');
  fs.mkdirSync(outDir, { recursive: true });
  const listed = (dir: string | null) =>
    dir && fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => SOURCE_PATTERN.test(f)) : [];
  // The owner's published pictures (docs/decisions/061-owner-content-and-publishing.md): one named like a file of content/images/ replaces it.
  const owned = new Set(listed(ownerDir));
  const dirOf = (name: string) => (owned.has(name) ? ownerDir! : srcDir);
  const names = [...new Set([...listed(srcDir), ...owned])].sort();
  const manifest: ImageManifest = new Map();
  const stats: ImageStats = { processed: 0, cached: 0 };
  // A photograph dropped in beside an illustration, under the same
  // name with its own extension (roof-gable.jpg beside roof-gable.svg), replaces it on every page.
  const photoFor = new Map(names.filter((n) => !n.endsWith('.svg')).map((n) => [path.parse(n).name, n]));
  const replaced = names.filter((n) => n.endsWith('.svg') && photoFor.has(path.parse(n).name));
  const sources = names.filter((n) => !replaced.includes(n));
  const results = new Map<string, ProcessedImage>();
  // Several at once: sharp's work runs on libuv's threads while svgo runs on this one.
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const name = sources[next++]!;
      const input = fs.readFileSync(path.join(dirOf(name), name));
      const hash = crypto.createHash('sha256').update(input).update(`v${PIPELINE_VERSION}`).digest('hex').slice(0, 12);
      const cacheDir = path.join(cacheRoot, `${path.parse(name).name}-${hash}`);
      const metaFile = path.join(cacheDir, 'meta.json');
      let result: CachedResult;
      if (fs.existsSync(metaFile)) {
        result = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as CachedResult;
        stats.cached++;
      } else {
        result = await processImage(name, input, hash, cacheDir);
        fs.writeFileSync(metaFile, JSON.stringify(result));
        stats.processed++;
      }
      for (const file of result.files) placeCached(path.join(cacheDir, file), path.join(outDir, file));
      results.set(name, result.image);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  // In name order, whatever order they finished in.
  for (const name of sources) manifest.set(name, results.get(name)!);
  for (const name of replaced) manifest.set(name, manifest.get(photoFor.get(path.parse(name).name)!)!);
  return { manifest, stats };
}

/** A blurred stand-in 16px wide; an SVG is drawn straight at that size, which costs next to nothing. */
async function placeholderOf(input: Buffer, meta: Metadata): Promise<string> {
  const sharp = await loadSharp();
  const density = meta.format === 'svg' ? Math.max(1, (72 * 32) / meta.width!) : undefined;
  const tiny = await sharp(input, density ? { density } : {})
    .resize({ width: 16 })
    .webp({ quality: 40 })
    .toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}

async function processImage(name: string, input: Buffer, hash: string, cacheDir: string): Promise<CachedResult> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const base = path.parse(name).name;
  const sharp = await loadSharp();
  const meta = await sharp(input).metadata();
  if (!meta.width || !meta.height) throw new Error(`content/images/${name}: cannot read its size`);
  if (meta.format === 'svg') {
    // svgo's default preset keeps width, height, viewBox and <title> (v4), so the size is reserved.
    const optimize = await loadSvgo();
    // One pass: on this site's 68 drawings, multipass took 1.8 s instead of 0.65 s for 0.4% fewer gzip bytes.
    const placeholder = placeholderOf(input, meta);
    const markup = optimize(input.toString('utf8'), { path: name }).data;
    const file = `${base}-${hash.slice(0, 8)}.svg`;
    fs.writeFileSync(path.join(cacheDir, file), markup);
    const image: ProcessedImage = {
      name,
      width: meta.width,
      height: meta.height,
      placeholder: await placeholder,
      avif: [],
      webp: [],
      svg: `/img/${file}`,
      inline: markup,
    };
    return { image, files: [file] };
  }
  const intrinsic = meta.width;
  const widths = IMAGE_WIDTHS.filter((w) => w <= intrinsic);
  if (widths.length === 0) widths.push(intrinsic as (typeof IMAGE_WIDTHS)[number]);
  const files: string[] = [];
  const image: ProcessedImage = {
    name,
    width: meta.width,
    height: meta.height,
    placeholder: '',
    avif: [],
    webp: [],
  };
  await Promise.all(
    widths.flatMap((width) =>
      FORMATS.map(async (format) => {
        const file = `${base}-${hash.slice(0, 8)}-${width}.${format}`;
        let pipeline = sharp(input).resize({ width, withoutEnlargement: true });
        pipeline = format === 'avif' ? pipeline.avif({ quality: 55, effort: 3 }) : pipeline.webp({ quality: 78 });
        await pipeline.toFile(path.join(cacheDir, file));
        image[format].push({ width, url: `/img/${file}` });
        files.push(file);
      }),
    ),
  );
  for (const format of FORMATS) image[format].sort((a, b) => a.width - b.width);
  image.placeholder = await placeholderOf(input, meta);
  return { image, files };
}

/** The Open Graph image: an SVG drawn once as a 1200×630 JPEG. */
export function buildOgImage(source: string, outFile: string, options: { cacheRoot?: string } = {}): Promise<void> {
  return drawOnce(fs.readFileSync(source), outFile, { width: 1200, height: 630, format: 'jpeg' }, options);
}

/** The home screen icon (components/favicon.ts): an SVG drawn once as a 180 px PNG, the size iOS asks for. */
export function buildTouchIcon(svg: string, outFile: string, options: { cacheRoot?: string } = {}): Promise<void> {
  return drawOnce(Buffer.from(svg), outFile, { width: 180, height: 180, format: 'png' }, options);
}

/**
 * An SVG drawn as one raster file, cached by content hash like the rest, so a warm build
 * neither draws it nor loads sharp.
 */
async function drawOnce(
  input: Buffer,
  outFile: string,
  { width, height, format }: { width: number; height: number; format: 'jpeg' | 'png' },
  { cacheRoot = path.join(CACHE_DIR, 'images') }: { cacheRoot?: string },
): Promise<void> {
  const settings = `${width}x${height} ${format === 'jpeg' ? 'q82' : 'png'}`;
  const hash = crypto.createHash('sha256').update(input).update(settings).digest('hex').slice(0, 12);
  const cached = path.join(cacheRoot, `${path.parse(outFile).name}-${hash}.${format === 'jpeg' ? 'jpg' : 'png'}`);
  if (!fs.existsSync(cached)) {
    const sharp = await loadSharp();
    fs.mkdirSync(cacheRoot, { recursive: true });
    // libvips draws a vector at the size asked for: a 64 px icon comes out sharp at 180.
    const drawn = sharp(input).resize(width, height);
    await (format === 'jpeg' ? drawn.jpeg({ quality: 82 }) : drawn.png()).toFile(`${cached}.tmp`);
    fs.renameSync(`${cached}.tmp`, cached);
  }
  placeCached(cached, outFile);
}
