/**
 * /admin/business as the owner sees it: the draft (or the live facts) in the form,
 * what still is a placeholder and what it affects, the problems a publish would be
 * refused for, and the history of published versions.
 */
import { createElement } from 'react';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FormState } from '../../../lib/admin/forms.ts';
import { businessPlaceholders, factLabel } from '../../../lib/business-facts.ts';
import { listContentAudit, listVersions, loadDraft, latestVersion } from '../../publish/store.ts';
import { officeTime } from '../core/format.ts';
import type { AdminPageDeps } from '../core/deps.ts';
import { workbenchPage } from '../core/pages.ts';
import { versionViews } from '../core/publishing.ts';
import type { AdminContext } from '../core/workbench.ts';
import BusinessPanel, { type BusinessView } from './BusinessPanel.tsx';
import { BUILT_VERSION, checkDraft, draftOf, sameAs, storedDraft } from './data.ts';
import type { BusinessFacts } from '../../../lib/business-facts.ts';

const SAVED: Record<string, string> = {
  business: 'Draft saved.',
  publish: 'Published: the site now shows these details.',
  restore: 'Brought back: the site now shows that version.',
};

export async function businessPage(
  c: AdminContext,
  deps: AdminPageDeps,
  extra: { form?: FormState; saved?: string } = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const { built, db } = deps;
  if (c.get('admin').role !== 'super_admin') {
    return workbenchPage(c, built, 'admin-business', '<p>Only the owner’s account can change the business details.</p>', {
      status: 403,
      titlePrefix: 'Not authorised: ',
    });
  }
  const [draft, latest, versions, auditRows] = await Promise.all([
    loadDraft(db, 'business'),
    latestVersion(db),
    listVersions(db),
    listContentAudit(db, 20),
  ]);
  const live = (latest?.content.business as BusinessFacts | undefined) ?? built.site.business;
  const stored = draft ? storedDraft(draft.value) : null;
  const values = extra.form?.form === 'business' ? extra.form.values : (stored ?? draftOf(live));
  const checked = checkDraft(values);
  const placeholders = checked.ok ? businessPlaceholders(checked.facts, 'Savannah Family Roofing') : [];
  const lastPublish = auditRows.find(
    (r) => r.topic === 'business' && (r.action === 'publish' || r.action === 'restore' || r.action === 'publish_failed'),
  );
  const view: BusinessView = {
    values,
    revision: draft?.revision ?? '',
    problems: { ...(checked.ok ? {} : checked.fields), ...(extra.form?.fields ?? {}) },
    form: extra.form,
    saved: extra.saved ? (SAVED[extra.saved] ?? null) : null,
    draftLine: draft
      ? `Draft saved ${officeTime(built, draft.at)}${draft.by ? ` by @${draft.by}` : ''}${stored && sameAs(stored, live) ? ', the same as the live site' : ', not published yet'}.`
      : 'No draft: the form shows what the site says now.',
    liveLine: latest
      ? `The site shows the version published ${officeTime(built, latest.at)}${latest.by ? ` by @${latest.by}` : ''}.`
      : 'The site shows the details the developers wrote; nothing was published from here yet.',
    servedNow: built.site.contentStamp === (latest?.stamp ?? null),
    cannotPublish: deps.publisher.cannotPublish(),
    lastFailure: lastPublish?.action === 'publish_failed' ? String(lastPublish.detail.reason ?? '') : null,
    placeholders: placeholders.map((p) => ({ label: factLabel(p.field), value: p.value, why: p.why, affects: p.affects })),
    versions: versionViews(built, versions, BUILT_VERSION),
    hook: deps.publisher.lastHook(),
  };
  return workbenchPage(c, built, 'admin-business', createElement(BusinessPanel, view), {
    status,
    titlePrefix: extra.form?.error ? 'Not saved: ' : undefined,
    missingTitle: 'Business details',
  });
}
