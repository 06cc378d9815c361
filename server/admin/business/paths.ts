/** The business screen's form actions, shared by its routes and views. */
export const BUSINESS_DRAFT_PATH = '/api/admin/business/draft';
export const BUSINESS_PUBLISH_PATH = '/api/admin/business/publish';
export const BUSINESS_RESTORE_PATH = '/api/admin/business/restore';
export const BUSINESS_PREVIEW_PATH = '/api/admin/business/preview';
/** Where the preview's pages are shown, under the guard: /admin/business/preview/contact is the draft's /contact. */
export const BUSINESS_PREVIEW_PAGES = '/admin/business/preview';
