import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAVICON_SVG } from './favicon.ts';
import Head from './Head.tsx';
import { PageContext } from './page-context.ts';
import { PAGE_SHEETS_SLOT } from './page-sheets.ts';
import { testPageContext } from '../tests/page-context.ts';

const context = testPageContext({
  path: '/services/roof-repairs',
  siteUrl: 'https://roof.example.com',
  assets: {
    inlineCss: 'body{color:#111}',
    sheets: {
      inner: '.page-header{}',
      gallery: '.work-card{}',
      estimators: '.estimator{}',
      home: '.hero{}',
      reviews: '.reviews-body{}',
      forms: '.field{}',
      overlays: '.toaster{}',
      article: '.toc{}',
      search: '.site-search{}',
      tables: '.status-table{}',
    },
    sheetFiles: { forms: '/assets/forms-abc.css' },
    entry: '/assets/entry-abc.js',
  },
});

const render = (meta: Parameters<typeof Head>[0]['meta'], path = context.path) =>
  renderToStaticMarkup(
    <PageContext.Provider value={{ ...context, path }}>
      <Head meta={meta} />
    </PageContext.Provider>,
  );

describe('Head', () => {
  it('writes title, description, keywords, canonical, Open Graph and Twitter tags', () => {
    const html = render({
      title: 'Roof Repair',
      description: 'Fix leaks fast.',
      keywords: ['roof', 'repair'],
      twitterSite: '@roof',
    });
    expect(html).toContain('<title>Roof Repair</title>');
    expect(html).toContain('<meta name="description" content="Fix leaks fast."/>');
    expect(html).toContain('<meta name="keywords" content="roof, repair"/>');
    expect(html).toContain('<link rel="canonical" href="https://roof.example.com/services/roof-repairs"/>');
    expect(html).toContain('<meta property="og:title" content="Roof Repair"/>');
    expect(html).toContain('<meta property="og:image" content="https://roof.example.com/og-default.jpg"/>');
    expect(html).toContain('<meta name="twitter:site" content="@roof"/>');
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
  });

  it('honours noIndex, noFollow, a given canonical URL and Open Graph overrides', () => {
    const html = render({
      title: 'T',
      description: 'D',
      noIndex: true,
      noFollow: true,
      canonicalUrl: 'https://elsewhere.example.com/x',
      ogTitle: 'OG',
      ogDescription: 'OGD',
      ogImage: '/img/x.jpg',
      twitterCreator: '@me',
    });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<link rel="canonical" href="https://elsewhere.example.com/x"/>');
    expect(html).toContain('<meta property="og:title" content="OG"/>');
    expect(html).toContain('<meta property="og:description" content="OGD"/>');
    expect(html).toContain('<meta property="og:image" content="https://roof.example.com/img/x.jpg"/>');
    expect(html).toContain('<meta name="twitter:creator" content="@me"/>');
  });

  it('inlines the stylesheet and neither links a stylesheet nor preloads the font, so first paint needs one response', () => {
    const html = render({ title: 'T', description: 'D' });
    // The build writes the page's own sheets into the slot (components/page-sheets.ts).
    expect(html).toContain(`<style>body{color:#111}${PAGE_SHEETS_SLOT}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('rel="preload"');
  });

  it('links nothing the browser fetches by itself while the page loads: the icon is inline, the manifest comes later', () => {
    const html = render({ title: 'T', description: 'D' });
    const icon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"\/>/.exec(html)?.[1];
    expect(icon).toMatch(/^data:image\/svg\+xml,%3Csvg xmlns=/);
    expect(decodeURIComponent(icon!.replace(/^data:image\/svg\+xml,/, ''))).toBe(FAVICON_SVG);
    expect(html).not.toContain('rel="manifest"');
  });

  it('links the touch icon file on the home page only, where Google Search looks for a URL, and the icon inline there too', () => {
    const home = render({ title: 'T', description: 'D' }, '/');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>');
    expect(home).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);
    expect(render({ title: 'T', description: 'D' }, '/contact')).not.toContain('apple-touch-icon');
  });

  it('writes structured data as JSON-LD that cannot close its script element', () => {
    const html = render({
      title: 'T',
      description: 'D',
      structuredData: [{ '@context': 'https://schema.org', '@type': 'Service', name: '</script><b>' }],
    });
    expect(html).toContain(
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Service","name":"\\u003c/script>\\u003cb>"}</script>',
    );
  });
});
