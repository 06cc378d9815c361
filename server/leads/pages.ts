import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
// Types only: at run time the server renders through the build's bundle (store.render()).
import type { LeadFormProps, ReportIssueFormProps } from '../../lib/form-props.ts';
import type { ServerIsland } from '../../components/server-render.tsx';
import type { LeadKind } from '../../lib/lead-schema.ts';
import { RESULT_ROLE, type ServerData } from '../../lib/server-data.ts';
import { officeContact, telHref } from '../../lib/site-facts.ts';
import type { Db } from '../db/index.ts';
import type { Env } from '../config/env.ts';
import type { SiteFiles } from '../site/site-files.ts';
import { attributeOf, findElement, prefixTitle, replaceRange } from './page-slots.ts';
import { leadAccessToken, rememberLeadAccess } from './access.ts';
import { findLeadByToken } from './store.ts';
import { escapeHtml } from '../http/escape-html.ts';

/** The page a kind of lead lands on, as the route list of the current build names it. */
export function resultPage(site: Pick<ServerData, 'pages'>, kind: LeadKind): string {
  return site.pages[RESULT_ROLE[kind]];
}

/** The `data-slot` the result pages leave for the request's details. */
export const DETAILS_SLOT = 'lead-details';

const FORM_ISLAND: Record<LeadKind, ServerIsland> = {
  consultation: 'ConsultationForm',
  inspection: 'InspectionForm',
};

/** Headers of a page made for one visitor: never cached (the service worker skips no-store too), never indexed. */
export const PRIVATE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

/** The built page's HTML as served to a browser without compression, or null when the build has no such page. */
export function builtPage(files: SiteFiles, path: string): string | null {
  const hit = files.lookup('GET', path, undefined, undefined);
  if (!hit || hit.status !== 200 || !hit.body) return null;
  return new TextDecoder().decode(hit.body);
}

/**
 * Renders an island again inside a built page, with props merged over the ones
 * the build wrote (so the re-render and a later hydration agree). The marker is
 * picked by island name and, when several share a page, by `idPrefix`.
 */
export async function rerenderIsland<P extends object>(
  files: SiteFiles,
  html: string,
  name: ServerIsland,
  props: Partial<P>,
  idPrefix?: string,
): Promise<string | null> {
  const marker = `data-island="${name}"`;
  const propsOf = (r: { openTag: string }) =>
    JSON.parse(attributeOf(r.openTag, 'data-props') ?? '{}') as P & { idPrefix?: string };
  const first = findElement(html, marker);
  let range = first;
  while (range && idPrefix !== undefined && propsOf(range).idPrefix !== idPrefix) range = findElement(html, marker, range.end);
  range ??= first;
  if (!range) return null;
  const built = propsOf(range);
  const hydrate = attributeOf(range.openTag, 'data-hydrate') === 'visible' ? 'visible' : 'intent';
  const className = attributeOf(range.openTag, 'class');
  const merged = { ...built, ...props };
  const markup = (await files.render()).renderIsland(name, merged, hydrate, className);
  return replaceRange(html, range.start, range.end, markup);
}

/** /contact with one form showing the visitor's values and the problems (a no-JavaScript post that failed). */
export async function formPageWithErrors(
  files: SiteFiles,
  kind: LeadKind,
  props: Omit<LeadFormProps, 'idPrefix' | 'office'>,
): Promise<string | null> {
  const html = builtPage(files, files.site.pages['lead-forms']);
  if (!html) return null;
  const page = await rerenderIsland<LeadFormProps>(files, html, FORM_ISLAND[kind], {
    ...props,
    office: officeContact(files.site.facts),
  });
  return page && prefixTitle(page, 'Not sent yet, please check the form: ');
}

/** /report-issue with its form as the server knows it (prefilled page, errors, or the thank-you). */
export async function reportPage(
  files: SiteFiles,
  props: Omit<ReportIssueFormProps, 'idPrefix' | 'office'>,
  titlePrefix?: string,
): Promise<string | null> {
  const html = builtPage(files, files.site.pages['issue-report']);
  if (!html) return null;
  const page = await rerenderIsland<ReportIssueFormProps>(files, html, 'ReportIssueForm', {
    ...props,
    office: officeContact(files.site.facts),
  });
  return page && (titlePrefix ? prefixTitle(page, titlePrefix) : page);
}

export function htmlResponse(c: Context, html: string, status: ContentfulStatusCode = 200): Response {
  return c.body(html, status, PRIVATE_PAGE_HEADERS);
}

/** A bare page for when the build's page is missing: the message, the phone number and the way back. */
export function standalonePage(title: string, message: string, phone: string, back = '/contact'): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p>Call us at <a href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a>.</p><p><a href="${escapeHtml(back)}">Back to the form</a></p></main></body></html>`;
}

/** Our forms, as a post names them: the lead forms' action carries `?form=`, the report form has its own endpoint. */
export type PostedForm = LeadKind | 'report';

export function postedForm(c: Context): PostedForm | null {
  if (c.req.path === '/api/report-issue') return 'report';
  if (c.req.path === '/api/leads') return c.req.query('form') === 'inspection' ? 'inspection' : 'consultation';
  return null;
}

/**
 * The answer to a form post that could not be read or was refused before its
 * fields were (too large, malformed, from another site): the form's own page
 * with `message` and the phone number at the form, never JSON.
 */
export async function failedPostPage(
  c: Context,
  files: SiteFiles,
  message: string,
  status: ContentfulStatusCode,
): Promise<Response> {
  const form = postedForm(c);
  const page =
    form === 'report'
      ? await reportPage(files, { formError: message }, 'Not sent: ')
      : form
        ? await formPageWithErrors(files, form, { formError: message })
        : null;
  return htmlResponse(c, page ?? standalonePage('Not sent', message, files.site.facts.phone), status);
}

/**
 * GET routes for the result pages and /report-issue with their query strings:
 * the token cookie (server/leads/access.ts) fills in the visitor's own request; a
 * `?ref=<token>` address (made before the cookie) sets the cookie and sends the
 * browser to the bare address, so the token never stays where tags can read it.
 * Anything else falls through to the static page. Mounted before the static
 * middleware. The paths come from the current build's route list (`serverRole`),
 * read per request so a reload applies.
 */
export function leadPages({ env, db, files }: { env: Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>; db: Db; files: SiteFiles }): Hono {
  const pages = new Hono();

  pages.get('*', async (c, next) => {
    const { site } = files;
    const path = c.req.path;
    const kind = (['inspection', 'consultation'] as const).find((k) => resultPage(site, k) === path);
    if (kind) {
      const fromAddress = c.req.query('ref');
      if (fromAddress) {
        // Only a token of a lead of this kind becomes the cookie: a made-up link must not wipe the visitor's own.
        const linked = await findLeadByToken(db, fromAddress);
        if (linked?.kind === kind) rememberLeadAccess(c, env, kind, fromAddress);
        c.header('cache-control', 'no-store');
        return c.redirect(path, 303);
      }
      const html = builtPage(files, path);
      if (!html) return next();
      const token = leadAccessToken(c, env, kind);
      const lead = token ? await findLeadByToken(db, token) : null;
      const slot = findElement(html, `data-slot="${DETAILS_SLOT}"`);
      // The generic page too is no-store: one address now shows either, and the service worker keeps
      // (and may fall back to) what it may store, which must never stand in for a visitor's details.
      if (!lead || lead.kind !== kind || !slot) return htmlResponse(c, html);
      const details = (await files.render()).renderLeadSummary(lead, site.facts);
      return htmlResponse(c, replaceRange(html, slot.openEnd, slot.closeStart, details));
    }
    if (path === site.pages['issue-report']) {
      const sent = c.req.query('sent') === '1';
      const page = c.req.query('page')?.slice(0, 2048);
      if (!sent && !page) return next();
      const html = await reportPage(files, sent ? { sent: true } : { page });
      return html ? htmlResponse(c, html) : next();
    }
    return next();
  });

  return pages;
}
