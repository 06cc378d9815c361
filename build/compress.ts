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

/** Text types served precompressed. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;
/** Smaller files are sent as they are: compression would save almost nothing. */
export const MIN_BYTES = 256;

/**
 * Brotli quality. Measured on this site's 188 public HTML pages
 * (12.5 MB): quality 6 compresses them in 0.5 s on one core, quality 11 in 18 s,
 * for 15.5 KB against 14.0 KB a page. 1.5 KB is about 8 ms on Lighthouse's
 * slow 4G, so the cold build keeps its 17 seconds; qualities 7 to 9 cost more
 * time and save under 0.5%.
 */
export const BROTLI_QUALITY = 6;
/**
 * Where a slower quality still pays: a page whose quality-6 bytes are just over what
 * the first round trip carries (10 packets of 1,460 bytes, less about 900 for the
 * response headers) is compressed again, so that it paints a round trip earlier on a
 * slow phone connection (decision 017). Pages far over or well under gain no round
 * trip from it and keep quality 6.
 */
export const FIRST_WINDOW_BYTES = 10 * 1460 - 900;
/**
 * The second try is quality 10, and 11 only where 10 left the page over the window.
 * On the 19 such pages of the bench's 1,000-article build, quality 10 took 26 ms a
 * page and brought 17 under; 11 took 70 ms and brought 18 under, its bytes 0.977
 * times 10's. Once under, the bytes left to save no longer cost a round trip.
 */
const BETTER_BROTLI_QUALITY = 10;
const BEST_BROTLI_QUALITY = 11;
/**
 * Quality 11 made this site's pages 0.90 times their quality-6 size, never less than
 * 0.897, so only a page at most 1.11 times the window can come under it; none of 48
 * pages between 1.12 and 1.2 did. The slower qualities are the most expensive step
 * of a cold build, so they are tried only where they can pay.
 */
const WORTH_BEST = 1.12;
/**
 * Quality 10 made the same pages 0.914 to 0.930 times their quality-6 size, so it can
 * bring a page under the window only from at most 1.095 times it; a page above goes
 * straight to 11, and gets the bytes it got when 10 was tried first and fell short.
 */
const WORTH_BETTER = 1.095;

/** True for a page whose quality-6 brotli is over the first window by less than 12%: quality 10 or 11 may bring it under. */
export function worthBestBrotli(file: string, qualitySixBytes: number): boolean {
  return file.endsWith('.html') && qualitySixBytes > FIRST_WINDOW_BYTES && qualitySixBytes <= FIRST_WINDOW_BYTES * WORTH_BEST;
}
/** Source maps are fetched only by developer tools, and are the largest files. */
const MAP_BROTLI_QUALITY = 5;
/** gzip is only for clients without brotli; level 9 took 30% longer than 6 on the pages for 0.1% fewer bytes. */
const GZIP_LEVEL = 6;
/** Bump when the encoders' settings change, so cached results are redone. */
const CACHE_VERSION = 5;

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

interface Job {
  file: string;
  data: Buffer;
  quality: number;
  cached: string;
}

/**
 * How many files are compressed at once: each is a brotli and a gzip call on
 * libuv's thread pool (about 1 ms of a core for a 45 KB page). A job's callbacks run
 * only when rendering yields, once a page: two files at a time leave most of a core
 * to rendering (and Pagefind) and keep the queue short. In a cold build of 100
 * articles, 143 of the 345 files were left for the end, against 224 with one file
 * at a time and the writes as promises. The rest of the queue drains at full width.
 */
const WHILE_RENDERING = 2;
const AT_THE_END = Math.max(2, os.availableParallelism());

/**
 * Writes `.br` and `.gz` beside every served text file in dist/ worth compressing
 * (`_` files are never served). The build hands each page over as it is written,
 * so pages are compressed on libuv's thread pool while the next ones render
 * (on 2 cores, compressing after the pages added a third to a cold build);
 * finish() then takes every other file and waits for all. Results are cached by
 * content hash in .cache/compress, so an unchanged file costs one hash and two links.
 */
export class Precompressor {
  readonly stats: CompressStats = { files: 0, compressed: 0, cached: 0 };
  private readonly seen = new Set<string>();
  private readonly queue: Job[] = [];
  private running = 0;
  private width = WHILE_RENDERING;
  private failure: unknown;
  private drained: (() => void) | undefined;

  constructor(
    private readonly distDir: string,
    private readonly cacheDir = path.join(CACHE_DIR, 'compress'),
  ) {
    fs.mkdirSync(cacheDir, { recursive: true });
  }

  /** A file just written into dist/, with its bytes when the caller has them; ignored when not worth compressing. */
  add(file: string, data?: Buffer | string): void {
    if (this.seen.has(file)) return;
    this.seen.add(file);
    if (path.relative(this.distDir, file).startsWith('_') || !COMPRESSIBLE.test(file)) return;
    const bytes = data === undefined ? fs.readFileSync(file) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    if (bytes.length < MIN_BYTES) return;
    this.stats.files++;
    const quality = file.endsWith('.map') ? MAP_BROTLI_QUALITY : BROTLI_QUALITY;
    const key = crypto
      .createHash('sha256')
      .update(bytes)
      .update(
        `v${CACHE_VERSION} br${quality}/${BETTER_BROTLI_QUALITY}/${BEST_BROTLI_QUALITY}<${FIRST_WINDOW_BYTES * WORTH_BEST}<${FIRST_WINDOW_BYTES * WORTH_BETTER} gz${GZIP_LEVEL}`,
      )
      .digest('hex');
    const cached = path.join(this.cacheDir, key.slice(0, 2), key);
    // .gz is written last: its presence marks a complete cache entry.
    if (fs.existsSync(`${cached}.gz`)) {
      placeCached(`${cached}.br`, `${file}.br`);
      placeCached(`${cached}.gz`, `${file}.gz`);
      this.stats.cached++;
      return;
    }
    this.queue.push({ file, data: bytes, quality, cached });
    this.pump();
  }

  /** Adds every served file in dist/ not handed over yet, compresses at full width, and waits for all. */
  async finish(): Promise<CompressStats> {
    for (const file of walk(this.distDir)) this.add(file);
    this.width = AT_THE_END;
    this.pump();
    if (this.running > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    if (this.failure) throw this.failure;
    return this.stats;
  }

  private pump(): void {
    while (this.running < this.width && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.running++;
      compressOne(job)
        .then(() => this.stats.compressed++)
        .catch((error: unknown) => (this.failure ??= error))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) this.drained?.();
        });
    }
  }
}

/**
 * Compresses one file into the cache, then links the results beside it in dist/.
 * The writes are synchronous (a few KB each): as promises, each of their steps
 * waited for rendering to yield, and a job took ten pages' time instead of one.
 * `.gz` is renamed into place last: its presence marks a complete entry.
 */
async function compressOne({ file, data, quality, cached }: Job): Promise<void> {
  const brotliAt = (q: number) =>
    brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  let [br, gz] = await Promise.all([brotliAt(quality), gzip(data, { level: GZIP_LEVEL })]);
  if (worthBestBrotli(file, br.length)) {
    if (br.length <= FIRST_WINDOW_BYTES * WORTH_BETTER) br = await brotliAt(BETTER_BROTLI_QUALITY);
    if (br.length > FIRST_WINDOW_BYTES) br = await brotliAt(BEST_BROTLI_QUALITY);
  }
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  // Each written whole under a temporary name, then renamed: a write cut short (a full
  // disk) must not leave a `.gz` that a later build takes for a complete cache entry.
  for (const [ext, bytes] of [
    ['br', br],
    ['gz', gz],
  ] as const) {
    fs.writeFileSync(`${cached}.${ext}.tmp`, bytes);
    fs.renameSync(`${cached}.${ext}.tmp`, `${cached}.${ext}`);
  }
  placeCached(`${cached}.br`, `${file}.br`);
  placeCached(`${cached}.gz`, `${file}.gz`);
}

/** Compresses every served text file in dist/ at once (for a dist/ written without a Precompressor). */
export function precompress(distDir: string, { cacheDir }: { cacheDir?: string } = {}): Promise<CompressStats> {
  return new Precompressor(distDir, cacheDir).finish();
}
