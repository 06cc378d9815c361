import { listPlaceholders, site } from '../content/site.ts';
import { isLocalHost } from '../lib/env-fields.ts';

/** Thrown when a production build would publish an origin nobody can reach. */
export class SiteOriginError extends Error {}

/**
 * The public origin the build writes into canonical URLs, the sitemap and
 * structured data: `SITE_URL`, else the
 * facts file's `url`. Any build may use a placeholder (a laptop's `npm start`
 * needs no setting); a production build (`NODE_ENV=production`) refuses a
 * placeholder or a local address in one sentence, so it never ships them.
 */
export function resolveSiteOrigin(env: Record<string, string | undefined> = process.env): string {
  const raw = env.SITE_URL?.trim() || site.url;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SiteOriginError(`SITE_URL "${raw}" is not a URL; set it to the public address, such as https://www.example.com.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SiteOriginError(`SITE_URL "${raw}" must start with https:// (or http://).`);
  }
  if (env.NODE_ENV === 'production') {
    const from = env.SITE_URL?.trim() ? 'SITE_URL' : 'the url in content/site.ts';
    if (isLocalHost(url.hostname)) {
      throw new SiteOriginError(
        `A production build needs the public address, but ${from} is ${url.origin}: set SITE_URL to the site's real https:// address.`,
      );
    }
    const placeholder = listPlaceholders().find((p) => p.field === 'url');
    if (placeholder && url.origin === new URL(site.url).origin) {
      throw new SiteOriginError(
        `A production build needs the public address, but ${from} is the placeholder ${url.origin}: set SITE_URL or the url in content/site.ts.`,
      );
    }
  }
  return url.origin;
}
