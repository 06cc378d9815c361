// Eleventy 3 building the bench's synthetic articles: Markdown through its default
// markdown-it, one Nunjucks layout, no plugins, no bundling, no compression.
export default function (eleventyConfig) {
  eleventyConfig.setQuietMode(true);
  return { dir: { input: '.', output: '_site' }, markdownTemplateEngine: false };
}
