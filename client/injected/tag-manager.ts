/**
 * The first-party Google Tag Manager bootstrap:
 * Google's install snippet is an inline script, which the site's policy refuses, so
 * the server injects `<script src="this file" data-container="GTM-…" async>` and this
 * file does what the snippet does. A classic script, for document.currentScript.
 */
import { consentDefaults } from '../../lib/data-layer.ts';

const script = document.currentScript;
const container = script?.getAttribute('data-container') ?? '';

// The server only injects ids that passed the rule (lib/tag-manager.ts); this guards the URL all the same.
if (/^[A-Za-z0-9-]{1,64}$/.test(container)) {
  const w = window as Window & { dataLayer?: unknown[] };
  const dataLayer = (w.dataLayer = w.dataLayer ?? []);
  // Consent Mode v2 reads a gtag() call, which pushes its `arguments` object, never an array.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  }
  // Before the container loads, so its tags start from these (docs/decisions/056-consent-mode-defaults.md).
  const gpc = (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  gtag('consent', 'default', consentDefaults(gpc));
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const gtm = document.createElement('script');
  gtm.async = true;
  gtm.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(container)}`;
  document.head.appendChild(gtm);
}
