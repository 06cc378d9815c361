import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import ConsultationForm from '../../client/islands/ConsultationForm.tsx';
import InspectionForm from '../../client/islands/InspectionForm.tsx';
import ReportIssueForm, { type ReportIssueFormProps } from '../../client/islands/ReportIssueForm.tsx';
import type { LeadFormProps } from '../../client/forms/use-lead-form.ts';
import Island from '../../components/Island.tsx';
import type { LeadKind } from '../../components/lead-schema.ts';
import type { Db } from '../db/index.ts';
import type { StaticStore } from '../static.ts';
import LeadSummary from './LeadSummary.tsx';
import { attributeOf, findElement, prefixTitle, replaceRange } from './page-slots.ts';
import { findLeadByToken } from './store.ts';

/** Built pages that the server completes when they carry a query string; the static fast path leaves these to Hono. */
export const DYNAMIC_PAGES: ReadonlySet<string> = new Set(['/appointment-scheduled', '/consultation-received', '/report-issue']);

/** The page each kind of lead lands on, and where its form lives. */
export const RESULT_PAGE: Record<LeadKind, string> = {
  consultation: '/consultation-received',
  inspection: '/appointment-scheduled',
};
export const FORM_PAGE = '/contact';
export const REPORT_PAGE = '/report-issue';

/** The `data-slot` the result pages leave for the request's details. */
export const DETAILS_SLOT = 'lead-details';

const FORMS: Record<LeadKind, ComponentType<LeadFormProps>> = {
  consultation: ConsultationForm,
  inspection: InspectionForm,
};

/** Headers of a page made for one visitor: never cached (the service worker skips no-store too), never indexed. */
export const PRIVATE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

/** The built page's HTML as served to a browser without compression, or null when the build has no such page. */
export function builtPage(store: StaticStore, path: string): string | null {
  const hit = store.lookup('GET', path, undefined, undefined);
  if (!hit || hit.status !== 200 || !hit.body) return null;
  return new TextDecoder().decode(hit.body);
}

/**
 * Renders an island again inside a built page, with props merged over the ones
 * the build wrote (so the re-render and a later hydration agree). The marker is
 * picked by island name and, when several share a page, by `idPrefix`.
 */
export function rerenderIsland<P extends object>(
  html: string,
  Component: ComponentType<P>,
  name: string,
  props: Partial<P>,
  idPrefix?: string,
): string | null {
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
  const merged = { ...built, ...props } as P;
  const markup = renderToString(<Island of={Component} props={merged} hydrate={hydrate} className={className} />);
  return replaceRange(html, range.start, range.end, markup);
}

/** /contact with one form showing the visitor's values and the problems (a no-JavaScript post that failed). */
export function formPageWithErrors(store: StaticStore, kind: LeadKind, props: Omit<LeadFormProps, 'idPrefix'>): string | null {
  const html = builtPage(store, FORM_PAGE);
  if (!html) return null;
  const Component = FORMS[kind];
  const name = kind === 'consultation' ? 'ConsultationForm' : 'InspectionForm';
  const page = rerenderIsland(html, Component, name, props);
  return page && prefixTitle(page, 'Not sent yet, please check the form: ');
}

/** /report-issue with its form as the server knows it (prefilled page, errors, or the thank-you). */
export function reportPage(
  store: StaticStore,
  props: Omit<ReportIssueFormProps, 'idPrefix'>,
  titlePrefix?: string,
): string | null {
  const html = builtPage(store, REPORT_PAGE);
  if (!html) return null;
  const page = rerenderIsland(html, ReportIssueForm, 'ReportIssueForm', props);
  return page && (titlePrefix ? prefixTitle(page, titlePrefix) : page);
}

export function htmlResponse(c: Context, html: string, status: ContentfulStatusCode = 200): Response {
  return c.body(html, status, PRIVATE_PAGE_HEADERS);
}

/**
 * GET routes for the result pages and /report-issue with their query strings:
 * `?ref=<token>` fills in the visitor's own request; anything else falls through
 * to the static page. Mounted before the static middleware.
 */
export function leadPages({ db, store }: { db: Db; store: StaticStore }): Hono {
  const pages = new Hono();

  for (const kind of ['inspection', 'consultation'] as const) {
    pages.get(RESULT_PAGE[kind], async (c, next) => {
      const token = c.req.query('ref');
      if (!token) return next();
      const lead = await findLeadByToken(db, token);
      const html = builtPage(store, RESULT_PAGE[kind]);
      if (!lead || lead.kind !== kind || !html) return next();
      const slot = findElement(html, `data-slot="${DETAILS_SLOT}"`);
      if (!slot) return next();
      const details = renderToString(<LeadSummary lead={lead} />);
      return htmlResponse(c, replaceRange(html, slot.openEnd, slot.closeStart, details));
    });
  }

  pages.get(REPORT_PAGE, async (c, next) => {
    const sent = c.req.query('sent') === '1';
    const page = c.req.query('page')?.slice(0, 2048);
    if (!sent && !page) return next();
    const html = reportPage(store, sent ? { sent: true } : { page });
    return html ? htmlResponse(c, html) : next();
  });

  return pages;
}
