import CardList from '../../components/CardList.tsx';
import { locationUrl } from '../../lib/urls.ts';
import { loadCollection } from '../../content/layer/content.ts';
import { listPage } from '../_list-page.tsx';

const page = listPage('locations', () => (
  <CardList
    items={[...loadCollection('locations')]
      .sort((a, b) => a.data.nav.order - b.data.nav.order)
      .map((l) => ({ name: l.data.place, path: locationUrl(l.slug), text: l.data.summary, tag: `${l.data.county} County` }))}
  />
));
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
