import { contentPage } from './_content-page.tsx';

const page = contentPage('financing');
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
