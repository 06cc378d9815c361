import { describe, expect, it } from 'vitest';
import { loadCollection } from './content.ts';
import { getNavData, HEADER_ITEMS, HEADER_POPULAR_COUNT } from './site-data.ts';
import { serviceUrl } from '../../lib/urls.ts';

describe('the header menus', () => {
  it('come from one list: both headers share it, with Brands on the desktop, and Locations, Roof cost and About on phones only', () => {
    const on = (header: 'desktop' | 'mobile') => HEADER_ITEMS.filter((i) => i.on.includes(header)).map((i) => i.name);
    expect(on('desktop')).toEqual(['Home', 'Services', 'Brands', 'Gallery', 'Blog', 'Contact']);
    expect(on('mobile')).toEqual(['Home', 'Services', 'Gallery', 'Blog', 'Locations', 'Roof cost', 'About', 'Contact']);
    expect(getNavData().header).toBe(HEADER_ITEMS);
  });

  it('list the popular services from front matter, by rank, under their short labels', () => {
    const ranked = loadCollection('services')
      .filter((s) => s.data.popular)
      .sort((a, b) => a.data.popular!.rank - b.data.popular!.rank);
    const nav = getNavData();
    expect(nav.popularServices.map((s) => s.path)).toEqual(ranked.map((s) => serviceUrl(s.slug)));
    expect(nav.headerPopular).toEqual(
      ranked.slice(0, HEADER_POPULAR_COUNT).map((s) => ({ name: s.data.popular!.label, path: serviceUrl(s.slug) })),
    );
    // Popular Services (Emergency Repair, Storm Damage, Roof Replacement).
    expect(nav.headerPopular.map((s) => s.name)).toEqual(['Emergency Repair', 'Storm Damage', 'Roof Replacement']);
  });
});
