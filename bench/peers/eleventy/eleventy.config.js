// Eleventy 3 building the bench's synthetic articles: Markdown through its default
// markdown-it, one Nunjucks layout, no plugins, no bundling. For the same work as our
// build, the bench passes same-work.mjs's path in BENCH_SAME_WORK, and the output then
// gets a Pagefind index (its Node API) and .br/.gz files after the build, in
// Eleventy's own process.
import path from 'node:path';

export default function (eleventyConfig) {
  eleventyConfig.setQuietMode(true);
  const sameWork = process.env.BENCH_SAME_WORK;
  if (sameWork) {
    eleventyConfig.on('eleventy.after', async ({ dir }) => {
      const { sameWork: run } = await import(sameWork);
      await run(path.resolve(dir.output));
    });
  }
  return { dir: { input: '.', output: '_site' }, markdownTemplateEngine: false };
}
