import { filterPage } from '../_filter-page.tsx';

/** /gallery/service/{slug}: the gallery filtered to one service, for every service with projects. */
const page = filterPage('service');
export const { paths, sources, meta } = page;
export default page.Page;
