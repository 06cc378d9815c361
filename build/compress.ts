import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text types served precompressed (issue 2, item 8). */
export const COMPRESSIBLE = /\.(html|css|js|mjs|svg|xml|txt|json|webmanifest|map|ics)$/;
/** Smaller files are sent as they are: compression would save almost nothing. */
export const MIN_BYTES = 256;

export function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const abs = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(abs) : [abs];
  });
}

/** Writes `.br` and `.gz` beside every served text file in dist/ worth compressing (`_` files are never served). */
export async function precompress(distDir: string): Promise<number> {
  const served = (f: string) => !path.relative(distDir, f).startsWith('_');
  const files = walk(distDir).filter((f) => served(f) && COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      const data = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return files.length;
}
