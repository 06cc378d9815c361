import type { ReactNode } from 'react';
import AdminMain from '../../components/AdminMain.tsx';
import { adminTopic, type AdminScreenRole } from '../../lib/admin-topics.ts';
import { internalMeta } from '../_internal-page.tsx';

/**
 * The built shell of one admin screen, from its registry line: heading, lead line and the
 * `data-slot` (named after the role) that the server fills per request, after the guard.
 */
export function adminShell(role: AdminScreenRole, after?: ReactNode) {
  const topic = adminTopic(role);
  return {
    serverRole: role,
    meta: () => internalMeta(topic.title, topic.description),
    Page: () => (
      <AdminMain title={topic.heading} lead={topic.lead} slot={role} after={after}>
        <p>{topic.fallback ?? 'This page could not be filled in. Reload the page.'}</p>
      </AdminMain>
    ),
  };
}
