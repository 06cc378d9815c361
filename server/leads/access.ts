import type { Context } from 'hono';
import type { LeadKind } from '../../lib/lead-schema.ts';
import { readCookie, writeCookie } from '../auth/session.ts';
import type { Env } from '../config/env.ts';

/**
 * Where a visitor's confirmation token lives: an HttpOnly cookie per kind, set by
 * the answer to the form's post, never the page's address. An address with the
 * token in it would reach whatever the owner's tag manager or pixel collects
 * (GA4 sends the full URL as page_location), and the token unlocks the visitor's
 * street address and phone (docs/decisions/006-leads-never-lost.md "Confirmation").
 */
export const LEAD_ACCESS_COOKIES: Readonly<Record<LeadKind, string>> = {
  inspection: 'booking_access',
  consultation: 'consultation_access',
};

/** How long the device that sent the form can open its confirmation and calendar file again. */
export const LEAD_ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

type SiteEnv = Pick<Env, 'SITE_URL' | 'TRUST_PROXY'>;

export function rememberLeadAccess(c: Context, env: SiteEnv, kind: LeadKind, token: string): void {
  writeCookie(c, env, LEAD_ACCESS_COOKIES[kind], token, LEAD_ACCESS_MAX_AGE_SECONDS);
}

export function leadAccessToken(c: Context, env: SiteEnv, kind: LeadKind): string | undefined {
  return readCookie(c, env, LEAD_ACCESS_COOKIES[kind]) || undefined;
}
