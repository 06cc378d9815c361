/**
 * The first-party Google Tag Manager bootstrap:
 * Google's install snippet is an inline script, which the site's policy refuses, so
 * the server injects `<script src="this file" data-container="GTM-…" async>` and this
 * file does what the snippet does. A classic script, for document.currentScript.
 */
const script = document.currentScript;
const container = script?.getAttribute('data-container') ?? '';

// The server only injects ids that passed the rule (lib/tag-manager.ts); this guards the URL all the same.
if (/^[A-Za-z0-9-]{1,64}$/.test(container)) {
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const gtm = document.createElement('script');
  gtm.async = true;
  gtm.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(container)}`;
  document.head.appendChild(gtm);
}
