// Astro 5 building the bench's synthetic articles: a content collection and one page
// route, static output, default Markdown pipeline; the cache lives beside the project
// so the bench can empty it for a cold build. For the same work as our build, the
// bench passes same-work.mjs's path in BENCH_SAME_WORK: astro-pagefind then indexes
// the output and a last integration writes the .br/.gz files.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import pagefind from 'astro-pagefind';

const sameWork = process.env.BENCH_SAME_WORK;
// Loaded with the config: the module runner that loads it is closed by the time the build is done.
const { compressSite } = sameWork ? await import(sameWork) : {};
const precompress = {
  name: 'bench-precompress',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      await compressSite(fileURLToPath(dir));
    },
  },
};

export default defineConfig({
  output: 'static',
  cacheDir: './.astro-cache',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // Integrations' hooks run in this order: the index is written before the files are compressed.
  integrations: sameWork ? [pagefind({ indexConfig: { forceLanguage: 'en' } }), precompress] : [],
});
