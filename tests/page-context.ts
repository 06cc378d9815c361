/**
 * A page context as a build makes one (build/render.tsx `pageContext`), with stand-in
 * assets, no processed images, empty menus and the curated reviews: for rendering
 * components and page modules in tests without a build.
 */
import { pageContext } from '../build/render.tsx';
import { loadReviewsFile } from '../content/layer/content.ts';
import { reviewsForPages } from '../build/reviews.ts';
import type { PageContextValue } from '../components/page-context.ts';
import { curatedPayload } from '../lib/reviews-curated.ts';

export function testPageContext(
  overrides: Partial<Omit<PageContextValue, 'renderMarkdown' | 'headings' | 'replaceTokens'>> = {},
): PageContextValue {
  const { path = '/', ...data } = overrides;
  return {
    path,
    ...pageContext({
      siteUrl: 'http://localhost:4321',
      assets: {
        inlineCss: 'body{color:#111}',
        sheets: {
          inner: '',
          gallery: '',
          estimators: '',
          home: '',
          reviews: '',
          forms: '',
          overlays: '',
          article: '',
          search: '',
          tables: '',
        },
        sheetFiles: {},
        entry: '/assets/entry-test.js',
        admin: '/assets/admin-test.js',
        adminCss: '/assets/admin-test.css',
      },
      images: new Map(),
      nav: {
        header: [],
        popularServices: [],
        headerPopular: [],
        services: [],
        brands: [],
        comparisons: [],
        topics: [],
        recentArticles: [],
        locations: [],
        resources: [],
      },
      analyses: [],
      reviews: reviewsForPages(curatedPayload(loadReviewsFile(), new Date('2026-01-01T00:00:00Z'))).reviews,
      ...data,
    }),
  };
}
