import { contentPage } from './_content-page.tsx';

const page = contentPage('faq');
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
