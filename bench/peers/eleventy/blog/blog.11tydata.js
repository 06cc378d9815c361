export default {
  layout: 'article.njk',
  permalink: (data) => `/blog/${data.page.fileSlug}.html`,
};
