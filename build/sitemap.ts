import { execFileSync } from 'node:child_process';
import { absoluteUrl } from '../lib/urls.ts';
import { ROOT } from './paths.ts';

export interface SitemapEntry {
  path: string;
  lastmod: Date;
}

/** Date of the last commit of each tracked file, from one `git log`; empty outside a checkout. */
export function gitDates(): Map<string, Date> {
  const dates = new Map<string, Date>();
  try {
    const out = execFileSync('git', ['log', '--format=%x00%cI', '--name-only', '--', 'pages', 'content'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    for (const block of out.split('\0')) {
      const [date, ...files] = block.trim().split('\n');
      if (!date) continue;
      for (const file of files) if (file && !dates.has(file)) dates.set(file, new Date(date));
    }
  } catch {
    // Not a git checkout (a tarball deploy): callers fall back to the build time.
  }
  return dates;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(absoluteUrl(siteUrl, e.path))}</loc><lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}
