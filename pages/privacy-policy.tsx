import { contentPage } from './_content-page.tsx';

const page = contentPage('privacy-policy');
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
