import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { precompress, FIRST_WINDOW_BYTES, Precompressor, worthBestBrotli } from './compress.ts';
import { tempDirs } from '../tests/temp-dirs.ts';

const temp = tempDirs('compress');

function site(dir: string, page: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), `export const x = ${JSON.stringify('y'.repeat(400))};`);
  fs.writeFileSync(path.join(dir, 'tiny.txt'), 'too small to be worth it');
  fs.writeFileSync(path.join(dir, '_routes.json'), JSON.stringify({ never: 'served' }).repeat(40));
}

describe('precompress', () => {
  it('writes .br and .gz that decompress to the file, skipping small and unserved files', async () => {
    const dist = temp();
    const page = `<!doctype html><title>t</title>${'<p>roof</p>'.repeat(200)}`;
    site(dist, page);
    const stats = await precompress(dist, { cacheDir: temp() });
    expect(stats).toEqual({ files: 2, compressed: 2, cached: 0 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'index.html.br'))).toString()).toBe(page);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'index.html.gz'))).toString()).toBe(page);
    expect(fs.existsSync(path.join(dist, 'tiny.txt.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, '_routes.json.br'))).toBe(false);
  });

  it('compresses only changed files on a rebuild, taking the rest from the content-hash cache', async () => {
    const cacheDir = temp();
    const page = `<!doctype html><title>t</title>${'<p>roof</p>'.repeat(200)}`;
    const first = temp();
    site(first, page);
    await precompress(first, { cacheDir });
    const second = temp();
    site(second, page);
    expect(await precompress(second, { cacheDir })).toEqual({ files: 2, compressed: 0, cached: 2 });
    expect(fs.readFileSync(path.join(second, 'index.html.br'))).toEqual(fs.readFileSync(path.join(first, 'index.html.br')));
    const third = temp();
    site(third, page.replace('<title>t', '<title>changed'));
    expect(await precompress(third, { cacheDir })).toEqual({ files: 2, compressed: 1, cached: 1 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(third, 'index.html.br'))).toString()).toContain('changed');
  });

  it('never takes a file cut short by a failed write (a full disk) for a cached result', async () => {
    const cacheDir = temp();
    const page = `<!doctype html><title>t</title>${'<p>flashing</p>'.repeat(300)}`;
    const first = temp();
    site(first, page);
    const write = fs.writeFileSync;
    const spy = vi.spyOn(fs, 'writeFileSync').mockImplementation((file, data, options) => {
      if (String(file).includes(`${path.sep}${path.basename(cacheDir)}${path.sep}`) && /\.gz/.test(String(file))) {
        write(file, (data as Buffer).subarray(0, 10), options);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      write(file, data, options);
    });
    try {
      await expect(precompress(first, { cacheDir })).rejects.toThrow(/ENOSPC/);
    } finally {
      spy.mockRestore();
    }
    const second = temp();
    site(second, page);
    expect(await precompress(second, { cacheDir })).toEqual({ files: 2, compressed: 2, cached: 0 });
    expect(zlib.gunzipSync(fs.readFileSync(path.join(second, 'index.html.gz'))).toString()).toBe(page);
  });
});

describe('Precompressor', () => {
  it('compresses pages handed over as they are written, then the rest of dist/ once, each file once', async () => {
    const dist = temp();
    const cacheDir = temp();
    const compressor = new Precompressor(dist, cacheDir);
    const pages = Array.from({ length: 5 }, (_, i) => `<!doctype html><title>${i}</title>${'<p>shingle</p>'.repeat(100 + i)}`);
    pages.forEach((page, i) => {
      const file = path.join(dist, `p${i}.html`);
      fs.writeFileSync(file, page);
      compressor.add(file, page);
    });
    compressor.add(path.join(dist, 'p0.html'), pages[0]);
    site(dist, pages[0]!.replace('<title>0', '<title>home'));
    expect(await compressor.finish()).toEqual({ files: 7, compressed: 7, cached: 0 });
    pages.forEach((page, i) =>
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, `p${i}.html.br`))).toString()).toBe(page),
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'index.html.gz'))).toString()).toContain('<title>home');
  });

  it('reports a failure after every other file is done', async () => {
    const dist = temp();
    const cacheDir = temp();
    const compressor = new Precompressor(dist, cacheDir);
    const page = `<!doctype html>${'<p>flashing</p>'.repeat(100)}`;
    fs.writeFileSync(path.join(dist, 'ok.html'), page);
    compressor.add(path.join(dist, 'ok.html'), page);
    // Its folder is gone, so linking the .br beside it fails.
    compressor.add(path.join(dist, 'gone', 'lost.html'), page.replace('flashing', 'valley'));
    await expect(compressor.finish()).rejects.toThrow(/ENOENT/);
    expect(fs.existsSync(path.join(dist, 'ok.html.br'))).toBe(true);
  });
});

describe('the brotli quality of a page', () => {
  it('is raised only for a page just over the first round trip at quality 6, where 10 or 11 may bring it under', () => {
    expect(worthBestBrotli('dist/index.html', FIRST_WINDOW_BYTES - 1)).toBe(false);
    expect(worthBestBrotli('dist/index.html', FIRST_WINDOW_BYTES + 500)).toBe(true);
    expect(worthBestBrotli('dist/index.html', FIRST_WINDOW_BYTES * 1.15)).toBe(false);
    expect(worthBestBrotli('dist/index.html', FIRST_WINDOW_BYTES * 2)).toBe(false);
    expect(worthBestBrotli('dist/assets/entry.js', FIRST_WINDOW_BYTES + 500)).toBe(false);
  });

  it('brings a page just over the first round trip at quality 6 under it', async () => {
    const page = pageOverTheWindowBy(1.04);
    const dist = temp();
    fs.writeFileSync(path.join(dist, 'index.html'), page);
    await precompress(dist, { cacheDir: temp() });
    const br = fs.readFileSync(path.join(dist, 'index.html.br'));
    expect(br.length).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(page);
  });
});

const brotliSixBytes = (text: string) =>
  zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }).length;

/** A page of seeded pseudo-random prose, as long as makes its quality-6 brotli about `ratio` times the window. */
function pageOverTheWindowBy(ratio: number): string {
  const words = 'roof shingle flashing gutter attic vent deck ridge valley eave soffit storm salt marsh leak crew'.split(' ');
  let seed = 7;
  // xorshift32: the same words on every run.
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const paragraphs = Array.from(
    { length: 400 },
    () => `<p class="prose">${Array.from({ length: 40 }, () => words[next() % words.length]).join(' ')}.</p>`,
  );
  const page = (n: number) => `<!doctype html><title>t</title><main>${paragraphs.slice(0, n).join('')}</main>`;
  let [low, high] = [1, paragraphs.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (brotliSixBytes(page(mid)) <= FIRST_WINDOW_BYTES * ratio) low = mid;
    else high = mid - 1;
  }
  const found = page(low);
  expect(worthBestBrotli('index.html', brotliSixBytes(found))).toBe(true);
  return found;
}
