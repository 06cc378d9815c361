/** The gallery screen's form addresses (its views and routes share them). */
export const GALLERY_PUBLISH_PATH = '/api/admin/gallery/publish';
/** A photo in place of a page's illustration. */
export const PAGE_PHOTO_PATH = '/api/admin/gallery/page-photos';
/** A page back to its drawing. */
export const PAGE_DRAWING_PATH = '/api/admin/gallery/page-photos/drawing';
