import CardList from '../../components/CardList.tsx';
import { brandUrl } from '../../lib/urls.ts';
import { loadCollection } from '../../content/layer/content.ts';
import { listPage } from '../_list-page.tsx';

const page = listPage('brands', () => (
  <CardList
    items={[...loadCollection('brands')]
      .sort((a, b) => a.data.nav.order - b.data.nav.order)
      .map((b) => ({ name: b.data.name, path: brandUrl(b.slug), text: b.data.summary }))}
  />
));
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
