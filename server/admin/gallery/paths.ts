/** The gallery screen's form addresses (its views and routes share them). */
/** The uploaded photos, and the admin's own look at each (`/<id>/<width>.<format>`). */
export const GALLERY_PHOTOS_PATH = '/api/admin/gallery/photos';
export const GALLERY_PUBLISH_PATH = '/api/admin/gallery/publish';
/** A photo in place of a page's illustration. */
export const PAGE_PHOTO_PATH = '/api/admin/gallery/page-photos';
/** A page back to its drawing. */
export const PAGE_DRAWING_PATH = '/api/admin/gallery/page-photos/drawing';
