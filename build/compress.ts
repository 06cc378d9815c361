import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { placeCached } from './cache-files.ts';
import { CACHE_DIR } from './paths.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text types served precompressed (issue 2, item 8). */
export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;
/** Smaller files are sent as they are: compression would save almost nothing. */
export const MIN_BYTES = 256;

/**
 * Brotli quality (issue 11). Measured on this site's 188 public HTML pages
 * (12.5 MB): quality 6 compresses them in 0.5 s on one core, quality 11 in 18 s,
 * for 15.5 KB against 14.0 KB a page. 1.5 KB is about 8 ms on Lighthouse's
 * slow 4G, so the cold build keeps its 17 seconds; qualities 7 to 9 cost more
 * time and save under 0.5%.
 */
export const BROTLI_QUALITY = 6;
/**
 * Where quality 11 still pays: a page whose quality-6 bytes are just over what
 * the first round trip carries (10 packets of 1,460 bytes, less about 900 for the
 * response headers) is compressed again at 11, which is some 10% smaller, so that
 * it paints a round trip earlier on a slow phone connection (decision 017). Pages
 * far over or well under gain no round trip from it and keep quality 6.
 */
export const FIRST_WINDOW_BYTES = 10 * 1460 - 900;
const BEST_BROTLI_QUALITY = 11;
const WORTH_BEST = 1.2;

/** True for a page whose quality-6 brotli is over the first window by less than 20%: quality 11 may bring it under. */
export function worthBestBrotli(file: string, qualitySixBytes: number): boolean {
  return file.endsWith('.html') && qualitySixBytes > FIRST_WINDOW_BYTES && qualitySixBytes <= FIRST_WINDOW_BYTES * WORTH_BEST;
}
/** Source maps are fetched only by developer tools, and are the largest files. */
const MAP_BROTLI_QUALITY = 5;
/** gzip is only for clients without brotli; level 9 took 30% longer than 6 on the pages for 0.1% fewer bytes. */
const GZIP_LEVEL = 6;
/** Bump when the encoders' settings change, so cached results are redone. */
const CACHE_VERSION = 4;

export function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(abs) : [abs];
  });
}

export interface CompressStats {
  files: number;
  compressed: number;
  cached: number;
}

/**
 * Writes `.br` and `.gz` beside every served text file in dist/ worth compressing
 * (`_` files are never served). Results are cached by content hash in
 * .cache/compress, so an unchanged file costs one hash and two links. zlib's
 * asynchronous calls run on libuv's thread pool, so every core compresses.
 */
export async function precompress(
  distDir: string,
  { cacheDir = path.join(CACHE_DIR, 'compress') }: { cacheDir?: string } = {},
): Promise<CompressStats> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const served = (f: string) => !path.relative(distDir, f).startsWith('_');
  const files = walk(distDir).filter((f) => served(f) && COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
  const stats: CompressStats = { files: files.length, compressed: 0, cached: 0 };
  // Hits first, synchronously: a hash and two links each, cheaper without promise overhead.
  const misses: { file: string; data: Buffer; quality: number; cached: string }[] = [];
  for (const file of files) {
    const data = fs.readFileSync(file);
    const quality = file.endsWith('.map') ? MAP_BROTLI_QUALITY : BROTLI_QUALITY;
    const key = crypto
      .createHash('sha256')
      .update(data)
      .update(`v${CACHE_VERSION} br${quality}/${BEST_BROTLI_QUALITY}<${FIRST_WINDOW_BYTES * WORTH_BEST} gz${GZIP_LEVEL}`)
      .digest('hex');
    const cached = path.join(cacheDir, key.slice(0, 2), key);
    if (fs.existsSync(`${cached}.gz`)) {
      placeCached(`${cached}.br`, `${file}.br`);
      placeCached(`${cached}.gz`, `${file}.gz`);
      stats.cached++;
    } else misses.push({ file, data, quality, cached });
  }
  let next = 0;
  const worker = async () => {
    while (next < misses.length) {
      const { file, data, quality, cached } = misses[next++]!;
      const brotliAt = (q: number) =>
        brotli(data, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
      let [br, gz] = await Promise.all([brotliAt(quality), gzip(data, { level: GZIP_LEVEL })]);
      if (worthBestBrotli(file, br.length)) br = await brotliAt(BEST_BROTLI_QUALITY);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
      // .gz last: its presence marks a complete cache entry.
      await fs.promises.mkdir(path.dirname(cached), { recursive: true });
      await fs.promises.writeFile(`${cached}.br`, br);
      await fs.promises.writeFile(`${cached}.gz`, gz);
      stats.compressed++;
    }
  };
  await Promise.all(Array.from({ length: Math.max(4, os.availableParallelism() * 2) }, worker));
  return stats;
}
