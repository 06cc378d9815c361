/** The articles screen's form actions, shared by its routes and views. */
export const ARTICLES_NEW_PATH = '/api/admin/articles/new';
export const ARTICLES_DRAFT_PATH = '/api/admin/articles/draft';
export const ARTICLES_PUBLISH_PATH = '/api/admin/articles/publish';
export const ARTICLES_RESTORE_PATH = '/api/admin/articles/restore';
export const ARTICLES_PREVIEW_PATH = '/api/admin/articles/preview';
/** Where the preview's pages are shown, under the guard: /admin/articles/preview/blog/<slug> is the draft's article. */
export const ARTICLES_PREVIEW_PAGES = '/admin/articles/preview';
