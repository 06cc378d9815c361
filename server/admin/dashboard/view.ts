/** What the dashboard draws, everything already in words. */
import type { NoticeView } from '../settings/view.ts';
import type { AdminUserView, LeadRowView } from '../ui/view.ts';

export interface DashboardView {
  user: AdminUserView;
  settingsPath: string;
  leadsPath: string;
  inspectionsPath: string;
  errorsPath: string;
  containerId: string | null;
  pixelOn: boolean;
  notice: NoticeView | null;
  leads: {
    last7: number;
    last30: number;
    newest: LeadRowView[];
    latestId: number;
    /** Today's median time to first touch in words, or that no lead of today was touched yet. */
    firstTouchText: string;
  };
  upcoming: LeadRowView[];
  notifications: UnsentView[];
  reports: ReportView[];
  /** The pages worth a look (slow first, then the most visited); how many more were measured, and how many of those are slow. */
  vitals: { shown: VitalsRowView[]; more: number; moreSlow: number };
  health: { smtp: boolean; placeholders: { field: string; value: string; why: string }[] };
  /** How often the page asks whether a new lead arrived. */
  pollMs: number;
  /** Super admins only: accounts locked out by wrong codes in the last day. */
  signInNotices?: { id: number; login: string; when: string }[];
  usersPath?: string;
}

export interface UnsentView {
  reference: string;
  href: string;
  name: string;
  channelLabel: string;
  state: string;
  reason: string;
  attempts: number;
  nextAttempt: string | null;
}

export interface ReportView {
  kind: string;
  message: string;
  url: string | null;
  when: string;
}

export interface VitalsRowView {
  page: string;
  lcp: string;
  inp: string;
  cls: string;
  samples: number;
}
