/** What the error log draws, and where a group is marked resolved. */
import type { FormState } from '../../../lib/admin/forms.ts';

export const ERRORS_API = { resolve: '/api/admin/errors/resolve' } as const;

export interface ErrorGroupView {
  kind: string;
  key: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
  resolved: { when: string; who: string } | null;
  /** What it means for the owner: what happened, whether visitors noticed, what to do. */
  summary: { what: string; visitors: string; todo: string };
  sample: { message: string | null; url: string | null; referrer: string | null; userAgent: string | null; stack: string | null };
}

export interface ErrorsPageView {
  sections: { kind: string; title: string; empty: string; groups: ErrorGroupView[] }[];
  retentionDays: number;
  saved?: string;
  form?: FormState;
}
