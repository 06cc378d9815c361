/** The words of each push: short enough for a lock screen, without anything a stranger glancing at the phone should not read. */
import type { SignInNotice } from '../auth/notices.ts';
import type { LeadRecord } from '../leads/store.ts';
import type { PushMessage } from './push.ts';

const KIND_WORDS: Record<LeadRecord['kind'], string> = {
  consultation: 'New consultation request',
  inspection: 'New inspection booking request',
};

/** A new lead: its kind, the first name and the area; it opens the lead. */
export function leadPush(lead: LeadRecord, leadPagePath: string): PushMessage {
  const firstName = lead.name.trim().split(/\s+/)[0] ?? lead.name;
  const area = lead.outsideServiceArea ? `ZIP ${lead.zip}, outside the service area` : `ZIP ${lead.zip}`;
  return {
    title: KIND_WORDS[lead.kind] ?? 'New request',
    body: `${firstName}, ${area}. Call back soon: the first five minutes count most.`,
    url: `${leadPagePath}?ref=${encodeURIComponent(lead.reference)}`,
    tag: `lead-${lead.reference}`,
  };
}

/** An account locked out by wrong codes, for super admins; it opens the dashboard. */
export function lockoutPush(notice: SignInNotice, dashboardPath: string): PushMessage {
  return {
    title: 'Sign-in warning',
    body: `@${notice.login} was locked out after five wrong codes. If it was not them, check their access.`,
    url: dashboardPath,
    tag: `lockout-${notice.id}`,
  };
}
