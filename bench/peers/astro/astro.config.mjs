// Astro 5 building the bench's synthetic articles: a content collection and one page
// route, static output, default Markdown pipeline; the cache lives beside the project
// so the bench can empty it for a cold build.
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  cacheDir: './.astro-cache',
  build: { format: 'file' },
  devToolbar: { enabled: false },
});
