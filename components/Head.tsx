import { site } from '../content/site.ts';
import type { PageMeta } from './meta.ts';
import type { JsonLd } from './structured-data.ts';
import { absoluteUrl, FEED_URL, TOUCH_ICON_URL } from '../lib/urls.ts';
import { FAVICON_DATA_URI } from './favicon.ts';
import { usePage } from './page-context.ts';
import { PAGE_SHEETS_SLOT } from './page-sheets.ts';

/** JSON for a <script> element: `<` escaped so content can never close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Writes every tag of the page metadata entity. */
export default function Head({ meta }: { meta: PageMeta }) {
  const { path, siteUrl, assets } = usePage();
  const canonical = meta.canonicalUrl ?? absoluteUrl(siteUrl, path);
  const ogImage = absoluteUrl(siteUrl, meta.ogImage ?? '/og-default.jpg');
  const robots = [meta.noIndex ? 'noindex' : 'index', meta.noFollow ? 'nofollow' : 'follow'].join(', ');
  const structured = meta.structuredData ? ([] as JsonLd[]).concat(meta.structuredData) : [];
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      {meta.keywords?.length ? <meta name="keywords" content={meta.keywords.join(', ')} /> : null}
      <meta name="robots" content={robots} />
      <link rel="canonical" href={canonical} />
      {/* The stylesheet is inline, so the first paint needs this one response (the CSP's
          style-src allows inline styles). The font is not preloaded: with font-display: optional a
          preloaded font holds the first paint up to 100 ms, while unpreloaded the metric-matched
          fallback paints at once and Inter, cached meanwhile, is used from the next page on. */}
      <style dangerouslySetInnerHTML={{ __html: assets.inlineCss + PAGE_SHEETS_SLOT }} />
      {/* No frame of a half-parsed <main>: the parser may yield mid-element (in the home hero, between
          the call button's label and its number), and the next frame then shifts what was drawn. */}
      <link rel="expect" href="#main" blocking="render" />
      <noscript>
        <style>{'picture[data-lazy]{display:none}'}</style>
      </noscript>
      {/* Nothing the browser fetches by itself while the page loads (docs/decisions/077-no-request-before-the-largest-paint.md):
          the icon is inline, and the script links the web app manifest after load (client/behaviours/after-load.ts).
          Google Search takes a site's icon from the home page's head, and only from a URL: the home page also links
          the touch icon, which browsers on a computer do not fetch. */}
      <link rel="icon" href={FAVICON_DATA_URI} type="image/svg+xml" />
      {path === '/' ? <link rel="apple-touch-icon" href={TOUCH_ICON_URL} /> : null}
      <link rel="alternate" type="application/atom+xml" title={`${site.name}: roofing guides`} href={FEED_URL} />
      <meta name="theme-color" content="#12304a" />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={meta.ogTitle ?? meta.title} />
      <meta property="og:description" content={meta.ogDescription ?? meta.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={ogImage} />
      <meta property="og:locale" content="en_US" />
      <meta name="twitter:card" content="summary_large_image" />
      {meta.twitterSite ? <meta name="twitter:site" content={meta.twitterSite} /> : null}
      {meta.twitterCreator ? <meta name="twitter:creator" content={meta.twitterCreator} /> : null}
      <meta name="twitter:title" content={meta.ogTitle ?? meta.title} />
      <meta name="twitter:description" content={meta.ogDescription ?? meta.description} />
      <meta name="twitter:image" content={ogImage} />
      {structured.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
      ))}
      {assets.devReload ? <script type="module" src={assets.devReload} /> : null}
    </head>
  );
}
