import { figure, formatFigure } from '../figures.ts';
import { site, telHref } from '../site.ts';
import { guidesClaim } from './content.ts';
import { replaceTokensWith } from '../../lib/content-tokens.ts';

/** The names of the tokens content may use; known without reading the content (the rules check names while the blog loads). */
export const CONTENT_TOKEN_NAMES = [
  'name',
  'phone',
  'tel',
  'email',
  'serviceArea',
  'radius',
  'since',
  'roofs',
  'rating',
  'storm',
  'onSite',
  'sameDay',
  'financing',
  'licensed',
  'guides',
] as const;

/** Tokens content may use instead of business-fact literals (docs/content-guide.md). */
export function contentTokens(): Record<(typeof CONTENT_TOKEN_NAMES)[number], string> {
  return {
    name: site.name,
    phone: site.phone,
    tel: telHref(),
    email: site.email,
    serviceArea: site.serviceArea,
    radius: String(site.radiusMiles),
    since: String(site.foundedYear),
    roofs: site.claims.roofsProtected,
    rating: site.claims.rating,
    storm: site.claims.stormResponse,
    onSite: site.claims.onSite,
    sameDay: site.claims.sameDayEstimates,
    financing: site.claims.financing,
    licensed: site.claims.licensed,
    guides: guidesClaim(),
  };
}

/**
 * Replace {{token}}s: business facts (`{{phone}}`), figures (`{{fig:id}}` prints
 * the figure, `{{basis:id}}` where it comes from and its year). An unknown token
 * or figure is an error naming it.
 */
export function replaceTokens(text: string, file: string): string {
  return replaceTokensWith(text, file, contentTokens(), (id) => {
    const found = figure(id, file);
    return { text: formatFigure(found), basis: found.basis };
  });
}

/** FAQs with their tokens replaced, for where they are printed as plain text (the FAQPage structured data). */
export function resolveFaqs(faqs: readonly { q: string; a: string }[], file: string): { q: string; a: string }[] {
  return faqs.map((f) => ({ q: replaceTokens(f.q, file), a: replaceTokens(f.a, file) }));
}
