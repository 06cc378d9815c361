/** /admin, the dashboard: what needs the owner's attention, in one page. */
import { createElement } from 'react';
import { Hono } from 'hono';
import type { DashboardView, VitalsRowView } from './view.ts';
import { addDays, officeToday } from '../../../lib/lead-schema.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { recentNotices } from '../../auth/notices.ts';
import { recentReports } from '../../db/error-log.ts';
import { webVitalsP75, type WebVitalP75 } from '../../db/web-vitals.ts';
import {
  bookingsBetween,
  latestLeadId,
  medianFirstTouchSince,
  newestLeads,
  newLeadCounts,
  unsentNotifications,
} from '../../leads/admin-store.ts';
import { officeLocalToInstant } from '../../../lib/office-time.ts';
import { smtpConfig } from '../../config/leads.ts';
import { cleanPixel } from '../../settings/pixel.ts';
import { durationText, leadHref, leadRow, officeTime } from '../core/format.ts';
import { unsentReason } from '../lead/data.ts';
import { userView, workbenchPage, type AdminPageDeps } from '../core/pages.ts';
import { noticeView } from '../settings/page.ts';
import type { AdminContext, AdminTopic } from '../core/workbench.ts';
import Dashboard from './Dashboard.tsx';

/** How often an open dashboard asks for a new lead: cheap (one indexed row), and soon enough for a phone call. */
export const DASHBOARD_POLL_MS = 5_000;

const REPORT_KINDS: Record<string, string> = {
  render: 'page error',
  server: 'server error',
  visitor: 'visitor report',
  not_found: 'page not found',
};

/** Rows the dashboard shows; the rest are counted under the table. */
export const VITALS_SHOWN = 10;

/** Google's "good" limits at the 75th percentile: LCP 2.5 s, INP 200 ms, CLS 0.1. */
const GOOD = { LCP: 2500, INP: 200, CLS: 0.1 } as const;

/**
 * The p75 per page, LCP and INP in seconds or milliseconds, CLS as a score. A site
 * has some 200 pages, too many for a phone: the pages past a good limit come first,
 * then the most visited, and the first VITALS_SHOWN are shown.
 */
export function vitalsRows(rows: WebVitalP75[]): DashboardView['vitals'] {
  const pages = new Map<string, VitalsRowView & { slow: boolean }>();
  for (const row of rows) {
    if (row.metric !== 'LCP' && row.metric !== 'INP' && row.metric !== 'CLS') continue;
    const view = pages.get(row.page) ?? { page: row.page, lcp: '–', inp: '–', cls: '–', samples: 0, slow: false };
    const p75 = Number(row.p75);
    if (row.metric === 'LCP') view.lcp = `${(p75 / 1000).toFixed(1)} s`;
    if (row.metric === 'INP') view.inp = `${Math.round(p75)} ms`;
    if (row.metric === 'CLS') view.cls = p75.toFixed(2);
    view.slow ||= p75 > GOOD[row.metric];
    view.samples = Math.max(view.samples, row.samples);
    pages.set(row.page, view);
  }
  const ranked = [...pages.values()]
    .filter((v) => v.samples > 0)
    .sort((a, b) => Number(b.slow) - Number(a.slow) || b.samples - a.samples || a.page.localeCompare(b.page));
  const hidden = ranked.slice(VITALS_SHOWN);
  return {
    shown: ranked.slice(0, VITALS_SHOWN).map(({ slow: _, ...view }) => view),
    more: hidden.length,
    moreSlow: hidden.filter((v) => v.slow).length,
  };
}

export function dashboardAdmin(deps: AdminPageDeps): AdminTopic {
  const { built, db, env } = deps;
  const smtpSet = smtpConfig(env) !== null;

  const page = async (c: AdminContext) => {
    const zone = built.site.facts.timeZone;
    const today = officeToday(new Date(), zone);
    const [counts, newest, latestId, upcoming, unsent, reports, vitals, touchMedian] = await Promise.all([
      newLeadCounts(db),
      newestLeads(db, 5),
      latestLeadId(db),
      bookingsBetween(db, today, addDays(today, 14)),
      unsentNotifications(db, 20),
      recentReports(db, 5),
      webVitalsP75(db),
      medianFirstTouchSince(db, officeLocalToInstant(`${today}T00:00`, zone)!),
    ]);
    const settings = deps.settings.current();
    const pages = built.site.pages;
    const view: DashboardView = {
      user: userView(c.get('admin')),
      settingsPath: pages['admin-settings'],
      leadsPath: pages['admin-leads'],
      inspectionsPath: pages['admin-inspections'],
      errorsPath: pages['admin-errors'],
      containerId: settings.containerId,
      pixelOn: settings.pixel.enabled && cleanPixel(settings.pixel.snippet, env.PIXEL_SCRIPT_HOSTS).html !== '',
      notice: noticeView(settings.notice, built.site.facts.timeZone, new Date()),
      leads: {
        last7: counts.last7,
        last30: counts.last30,
        newest: newest.map((l) => leadRow(built, l)),
        latestId,
        firstTouchText:
          touchMedian === null
            ? 'No leads touched yet today'
            : `Today’s leads were first called, texted or updated after ${durationText(touchMedian)} (median)`,
      },
      upcoming: upcoming.map((l) => leadRow(built, l)),
      notifications: unsent.map((n) => ({
        reference: n.reference,
        href: leadHref(built, n.reference),
        name: n.name,
        channelLabel: n.channel === 'email' ? 'email' : n.channel === 'push' ? 'phone notification' : 'CRM webhook',
        state: n.state === 'failed' ? 'failed' : n.state === 'sending' ? 'being sent' : 'waiting',
        reason: unsentReason(n, smtpSet),
        attempts: n.attempts,
        nextAttempt: officeTime(built, n.nextAttemptAt),
      })),
      reports: reports.map((r) => ({
        kind: REPORT_KINDS[r.kind] ?? r.kind,
        message: (r.message ?? '(no message)').slice(0, 200),
        url: r.url,
        when: officeTime(built, r.created_at)!,
      })),
      vitals: vitalsRows(vitals),
      health: { smtp: smtpSet, placeholders: built.site.placeholders },
      pollMs: DASHBOARD_POLL_MS,
    };
    if (c.get('admin').role === 'super_admin') {
      view.usersPath = pages['admin-users'];
      view.signInNotices = (await recentNotices(db)).map((n) => ({
        id: n.id,
        login: n.login,
        when: officeTime(built, n.createdAt)!,
      }));
    }
    return workbenchPage(c, built, 'admin-home', createElement(Dashboard, view));
  };

  return { api: new Hono<{ Variables: AdminVariables }>(), pages: { 'admin-home': page } };
}
