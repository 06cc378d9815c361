/**
 * What the settings add to public pages' Content-Security-Policy
 * (docs/decisions/011-admin-sign-in-and-settings.md).
 */
import { contentSecurityPolicy, type CspSources } from '../http/security.ts';

type Directives = { [K in keyof CspSources]: string[] };

/**
 * The hosts Google's "Use Tag Manager with a Content Security Policy" lists
 * (https://developers.google.com/tag-platform/security/guides/csp) for Tag Manager,
 * Google Analytics 4, Google Ads conversions and Google Ads remarketing, plus the
 * frame of the container's own <noscript> snippet. Allowed only while a container is set.
 */
export const GOOGLE_TAG_SOURCES: Readonly<Record<string, Readonly<Partial<Directives>>>> = Object.freeze({
  // The container: gtm.js, its pings, and the <noscript> frame of Google's install snippet.
  tagManager: {
    script: ['https://www.googletagmanager.com'],
    img: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://www.google.com'],
    frame: ['https://www.googletagmanager.com'],
  },
  ga4: {
    script: ['https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  },
  adsConversions: {
    script: ['https://www.googleadservices.com', 'https://www.google.com'],
    img: ['https://googleads.g.doubleclick.net', 'https://www.google.com'],
  },
  adsRemarketing: {
    script: ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
    img: ['https://www.google.com'],
    frame: ['https://bid.g.doubleclick.net'],
  },
});

function merge(...parts: Partial<Directives>[]): CspSources {
  const out: Directives = { script: [], connect: [], img: [], frame: [] };
  for (const part of parts) {
    for (const key of Object.keys(out) as (keyof Directives)[]) {
      for (const source of part[key] ?? []) if (!out[key].includes(source)) out[key].push(source);
    }
  }
  return out;
}

export interface PolicyInputs {
  /** A container is set: Google's hosts and the super_admin's extra hosts enter the policy. */
  container: boolean;
  /** Bare host names a super_admin allowed for the container's tags. */
  scriptHosts: readonly string[];
  /** Hosts the pixel's scripts load from, while the pixel is on (empty otherwise). */
  pixelHosts: readonly string[];
}

/** The public pages' policy for these settings; the base policy when none adds anything. */
export function publicPolicyFor(inputs: PolicyInputs): string {
  const parts: Partial<Directives>[] = [];
  if (inputs.container) {
    parts.push(...Object.values(GOOGLE_TAG_SOURCES));
    const extra = inputs.scriptHosts.map((host) => `https://${host}`);
    // A tag's script usually reports back to where it came from.
    parts.push({ script: extra, connect: extra });
  }
  const pixel = inputs.pixelHosts.map((host) => `https://${host}`);
  parts.push({ script: pixel, connect: pixel });
  return contentSecurityPolicy(merge(...parts));
}
