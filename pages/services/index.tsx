import CardList from '../../components/CardList.tsx';
import { serviceUrl } from '../../lib/urls.ts';
import { NAV_CATEGORIES } from '../../content/schema.ts';
import { loadCollection } from '../../content/layer/content.ts';
import { listPage } from '../_list-page.tsx';

/** All services, grouped by navigation category. */
const page = listPage('services', () => {
  const services = loadCollection('services');
  return NAV_CATEGORIES.filter((c) => services.some((s) => s.data.category === c)).map((category) => (
    <section key={category} aria-labelledby={`cat-${category}`} className="section">
      <h2 id={`cat-${category}`}>{category}</h2>
      <CardList
        headingLevel={3}
        items={services
          .filter((s) => s.data.category === category)
          .sort((a, b) => a.data.nav.order - b.data.nav.order)
          .map((s) => ({ name: s.data.nav.label, path: serviceUrl(s.slug), text: s.data.summary }))}
      />
    </section>
  ));
});
export const sources = page.sources;
export const meta = page.meta;
export default page.Page;
