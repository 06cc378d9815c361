/**
 * /admin/errors: server errors, render errors, visitor reports and the 404 log, grouped
 * by message or path, with a way to mark a group resolved. Old entries are purged
 * by the server's maintenance timer (ERROR_RETENTION_DAYS).
 */
import { createElement } from 'react';
import { Hono } from 'hono';
import { z } from 'zod';
import { ERRORS_API, type ErrorsPageView } from './view.ts';
import type { AdminVariables } from '../../auth/guard.ts';
import { errorGroups, ERROR_LOG_KINDS, resolveErrorGroup, type ErrorLogKind } from '../../db/error-log.ts';
import { officeTime } from '../core/format.ts';
import { workbenchPage, type AdminPageDeps } from '../core/pages.ts';
import { actorOf, Refusal, savedOf, workbenchEndpoint, type AdminTopic, type PageWithState } from '../core/workbench.ts';
import { errorSummary } from './data.ts';
import { causeKey, groupByCause } from './group.ts';
import ErrorsPanel from './ErrorsPanel.tsx';

const SECTIONS: Record<ErrorLogKind, { title: string; empty: string }> = {
  server: { title: 'Server errors', empty: 'No page or form has failed on the server.' },
  render: { title: 'Page errors', empty: 'No page has failed in a visitor’s browser.' },
  visitor: { title: 'Visitor reports', empty: 'No visitor has reported a problem from the “Report an issue” page.' },
  not_found: { title: 'Pages not found', empty: 'No visitor has asked for an address that does not exist.' },
};

export function errorsAdmin(deps: AdminPageDeps & { retentionDays: number }): AdminTopic {
  const api = new Hono<{ Variables: AdminVariables }>();
  const { built, db } = deps;

  const page: PageWithState = async (c, extra, status = 200) => {
    const groups = await Promise.all(ERROR_LOG_KINDS.map(async (kind) => groupByCause(await errorGroups(db, kind))));
    const view: ErrorsPageView = {
      retentionDays: deps.retentionDays,
      sections: ERROR_LOG_KINDS.map((kind, i) => ({
        kind,
        ...SECTIONS[kind],
        groups: groups[i]!.map((g) => ({
          kind,
          key: g.key,
          count: g.count,
          firstSeen: officeTime(built, g.firstSeen)!,
          lastSeen: officeTime(built, g.lastSeen)!,
          resolved: g.resolvedAt
            ? { when: officeTime(built, g.resolvedAt)!, who: g.resolvedBy ? `@${g.resolvedBy}` : 'someone' }
            : null,
          summary: errorSummary(kind, g.key, g.sample.message, g.sample.url),
          sample: {
            message: g.sample.message,
            url: g.sample.url,
            referrer: g.sample.referrer,
            userAgent: g.sample.user_agent,
            stack: [g.sample.stack, g.sample.component_stack].filter(Boolean).join('\n\n') || null,
          },
        })),
      })),
      ...extra,
    };
    return workbenchPage(c, built, 'admin-errors', createElement(ErrorsPanel, view), { status });
  };

  workbenchEndpoint(api, {
    path: ERRORS_API.resolve,
    schema: z.object({
      kind: z.enum(ERROR_LOG_KINDS, { message: 'Unknown kind of report.' }),
      key: z.string().max(300),
    }),
    form: () => 'resolve',
    page,
    redirect: () => `${built.site.pages['admin-errors']}?saved=resolve`,
    save: async (c, body) => {
      // The key is a cause: every stored group it gathers is marked.
      const keys = (await errorGroups(db, body.kind, 500)).map((g) => g.key).filter((k) => causeKey(k) === body.key);
      let resolved = false;
      for (const key of keys) resolved = (await resolveErrorGroup(db, body.kind, key, actorOf(c).login)) || resolved;
      if (!resolved) {
        throw new Refusal('There is no such group any more: it may have been purged.', {}, 404);
      }
      return { resolved: true };
    },
  });

  return { api, pages: { 'admin-errors': (c) => page(c, savedOf(c)) } };
}
