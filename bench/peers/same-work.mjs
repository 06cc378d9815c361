// The work our build does on its pages that a bare static build does not: a Pagefind
// index and a .br and a .gz beside every served text file. The floor script and
// Eleventy call writeSearchIndex() and compressSite() after writing their pages;
// Astro gets the index from astro-pagefind and calls compressSite() from an
// integration. Plain JavaScript, so that Eleventy's and Astro's configs load it as
// it is. The settings are build/compress.ts's, and bench/same-work.test.ts checks
// that both write the same bytes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as pagefind from 'pagefind';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;
export const MIN_BYTES = 256;
// Pagefind's ready-made interfaces: our build deletes them (the site has its own search box), so they are not compressed here either.
const PAGEFIND_UI = /[/\\]pagefind-(ui|component-ui|modular-ui|highlight)\./;
const BROTLI_QUALITY = 6;
const MAP_BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
// A page whose quality-6 brotli is just over the first round trip's bytes is tried at 10, then 11.
export const FIRST_WINDOW_BYTES = 10 * 1460 - 900;
const WORTH_BEST = 1.12;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(abs) : [abs];
  });
}

async function compressFile(file, data) {
  const brotliAt = (quality) =>
    brotli(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
  let [br, gz] = await Promise.all([
    brotliAt(file.endsWith('.map') ? MAP_BROTLI_QUALITY : BROTLI_QUALITY),
    gzip(data, { level: GZIP_LEVEL }),
  ]);
  if (file.endsWith('.html') && br.length > FIRST_WINDOW_BYTES && br.length <= FIRST_WINDOW_BYTES * WORTH_BEST) {
    br = await brotliAt(10);
    if (br.length > FIRST_WINDOW_BYTES) br = await brotliAt(11);
  }
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
}

/**
 * Writes `.br` and `.gz` beside every text file of `dir` worth compressing, as many at
 * once as the machine has cores (node:zlib works on libuv's thread pool). Returns how many.
 */
export async function compressSite(dir, width = Math.max(2, os.availableParallelism())) {
  const files = walk(dir).filter((file) => COMPRESSIBLE.test(file) && !PAGEFIND_UI.test(file));
  let next = 0;
  let compressed = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const data = fs.readFileSync(file);
      if (data.length < MIN_BYTES) continue;
      await compressFile(file, data);
      compressed++;
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return compressed;
}

/** A Pagefind index of every HTML page in `dir`, written to `dir`/pagefind/, through Pagefind's Node API. */
export async function writeSearchIndex(dir) {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dir });
    if (added.errors.length) throw new Error(`pagefind: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: path.join(dir, 'pagefind') });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
    return added.page_count;
  } finally {
    await pagefind.close();
  }
}

/** The search index, then the .br/.gz of every page and of the index's own files, as our build orders them. */
export async function sameWork(dir) {
  const pages = await writeSearchIndex(dir);
  const compressed = await compressSite(dir);
  return { pages, compressed };
}
