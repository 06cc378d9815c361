import { filterPage } from '../_filter-page.tsx';

/** /gallery/location/{slug}: the gallery filtered to one area, for every location with projects. */
const page = filterPage('location');
export const { paths, sources, meta } = page;
export default page.Page;
