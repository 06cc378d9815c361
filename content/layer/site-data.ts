import { BLOG_CATEGORIES, NAV_CATEGORIES } from '../schema.ts';
import { blogByDate, loadCollection } from './content.ts';
import { blogCategoryUrl, blogUrl, brandUrl, CONSULTATION_URL, landingUrl, locationUrl, serviceUrl } from '../../lib/urls.ts';

export interface NavLink {
  name: string;
  path: string;
  category?: string;
}

export interface Topic {
  name: string;
  count: number;
  description: string;
  path: string;
}

/** The header's dropdowns; each top-level item with a `menu` opens one on the desktop. */
export type HeaderMenu = 'services' | 'brands' | 'blog';

export interface HeaderItem extends NavLink {
  menu?: HeaderMenu;
  /** The headers that show it. */
  on: readonly ('desktop' | 'mobile')[];
}

/** Menus for the header islands and footer, derived from front matter by getNavData below. */
export interface NavData {
  header: readonly HeaderItem[];
  /** Services with `popular` in their front matter, by rank, under their menu label. */
  popularServices: NavLink[];
  /** The first HEADER_POPULAR_COUNT popular services under their short `popular.label`, for both header menus. */
  headerPopular: NavLink[];
  services: NavLink[];
  brands: NavLink[];
  comparisons: NavLink[];
  topics: Topic[];
  recentArticles: NavLink[];
  locations: NavLink[];
  /** Footer resources: fixed pages and guides whose front matter has `nav`. */
  resources: NavLink[];
}

const BOTH = ['desktop', 'mobile'] as const;

/** The header's top level, written once for the desktop and the mobile header. */
export const HEADER_ITEMS: readonly HeaderItem[] = [
  { name: 'Home', path: '/', on: BOTH },
  { name: 'Services', path: '/services', menu: 'services', on: BOTH },
  { name: 'Brands', path: '/brands', menu: 'brands', on: ['desktop'] },
  { name: 'Gallery', path: '/gallery', on: BOTH },
  { name: 'Blog', path: '/blog', menu: 'blog', on: BOTH },
  { name: 'Locations', path: '/locations', on: ['mobile'] },
  { name: 'Roof cost', path: landingUrl('savannah-roof-cost'), on: ['mobile'] },
  { name: 'About', path: '/about', on: ['mobile'] },
  { name: 'Contact', path: CONSULTATION_URL, on: BOTH },
];

/** How many popular services the header menus list. */
export const HEADER_POPULAR_COUNT = 3;

const TOPIC_DESCRIPTIONS: Record<(typeof BLOG_CATEGORIES)[number], string> = {
  'Materials & Technology': 'Shingles, metal, underlayment, vents and the tools we inspect with.',
  'Storm Protection': 'Hurricane preparation, wind ratings and insurance claims in Georgia.',
  'Material Comparisons': 'Brand against brand and material against material, for the coast.',
  'Climate & Environment': 'Heat, humidity, salt air and what they do to a Savannah roof.',
  'Cost & Planning': 'What drives the price, financing, timing and choosing a contractor.',
  'Emergency Repairs': 'Leaks, storm damage and what to do before help arrives.',
};

let cached: NavData | undefined;

export function clearNavData(): void {
  cached = undefined;
}

export function getNavData(): NavData {
  if (cached) return cached;
  const byOrder = <T extends { data: { nav: { order: number } } }>(a: T, b: T) => a.data.nav.order - b.data.nav.order;
  const services = [...loadCollection('services')].sort(byOrder);
  const blog = loadCollection('blog');
  const popular = services
    .flatMap((s) => (s.data.popular ? [{ entry: s, popular: s.data.popular }] : []))
    .sort((a, b) => a.popular.rank - b.popular.rank);
  cached = {
    header: HEADER_ITEMS,
    popularServices: popular.map(({ entry }) => ({
      name: entry.data.nav.label,
      path: serviceUrl(entry.slug),
      category: entry.data.category,
    })),
    headerPopular: popular
      .slice(0, HEADER_POPULAR_COUNT)
      .map(({ entry, popular }) => ({ name: popular.label, path: serviceUrl(entry.slug) })),
    services: services
      .sort((a, b) => NAV_CATEGORIES.indexOf(a.data.category) - NAV_CATEGORIES.indexOf(b.data.category) || byOrder(a, b))
      .map((s) => ({ name: s.data.nav.label, path: serviceUrl(s.slug), category: s.data.category })),
    brands: [...loadCollection('brands')].sort(byOrder).map((b) => ({ name: b.data.nav.label, path: brandUrl(b.slug) })),
    comparisons: blog
      .filter((b) => /-vs-/.test(b.slug) && !b.slug.endsWith('-who-wins') && /^(atlas|gaf)-vs-/.test(b.slug))
      .map((b) => ({ name: b.data.title, path: blogUrl(b.slug) })),
    topics: BLOG_CATEGORIES.map((name) => ({
      name,
      count: blog.filter((b) => b.data.category === name).length,
      description: TOPIC_DESCRIPTIONS[name],
      path: blogCategoryUrl(name),
    })),
    recentArticles: blogByDate()
      .slice(0, 5)
      .map((b) => ({ name: b.data.title, path: blogUrl(b.slug) })),
    locations: [...loadCollection('locations')].sort(byOrder).map((l) => ({ name: l.data.nav.label, path: locationUrl(l.slug) })),
    resources: [
      ...loadCollection('pages').flatMap((p) => (p.data.nav ? [{ nav: p.data.nav, path: `/${p.slug}` }] : [])),
      ...loadCollection('landings').flatMap((l) => (l.data.nav ? [{ nav: l.data.nav, path: landingUrl(l.slug) }] : [])),
    ]
      .sort((a, b) => a.nav.order - b.nav.order)
      .map((r) => ({ name: r.nav.label, path: r.path })),
  };
  return cached;
}
