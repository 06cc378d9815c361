/** The business screen's form actions, shared by its routes and views. */
export const BUSINESS_DRAFT_PATH = '/api/admin/business/draft';
export const BUSINESS_PUBLISH_PATH = '/api/admin/business/publish';
export const BUSINESS_RESTORE_PATH = '/api/admin/business/restore';
