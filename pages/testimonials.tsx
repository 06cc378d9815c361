import ReviewList from '../components/ReviewList.tsx';
import { contentPage } from './_content-page.tsx';

const page = contentPage('testimonials', { after: <ReviewList /> });
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
