import { z } from 'zod';
import { blankToUndefined, httpUrl, optionalFlag, wholeNumber, type EnvOf } from '../../lib/env-fields.ts';

/** The lead pipeline's settings, spread into server/config/env.ts's schema. */
export const leadEnvFields = {
  /** SMTP server for the office notification; unset, leads are stored and their emails wait as pending. */
  SMTP_HOST: z.preprocess(blankToUndefined, z.string().trim().optional()),
  SMTP_PORT: wholeNumber(587, 1, 65535),
  /** TLS from the first byte (port 465). Unset: true on port 465, otherwise STARTTLS when the server offers it. */
  SMTP_SECURE: optionalFlag,
  SMTP_USER: z.preprocess(blankToUndefined, z.string().optional()),
  SMTP_PASS: z.preprocess(blankToUndefined, z.string().optional()),
  /** The notification's From, e.g. `Website <leads@example.com>`; defaults to SMTP_USER when that is an address. */
  SMTP_FROM: z.preprocess(blankToUndefined, z.string().trim().optional()),
  /** Optional CRM endpoint; each lead is POSTed there as JSON, signed with CRM_WEBHOOK_SECRET. */
  CRM_WEBHOOK_URL: httpUrl('https://crm.example.com/hooks/leads'),
  CRM_WEBHOOK_SECRET: z.preprocess(
    blankToUndefined,
    z.string().min(16, { message: 'must be at least 16 characters (a random string shared with the CRM)' }).optional(),
  ),
  /** Lead submissions per client address per 10 minutes before the 429 with the phone number. */
  LEAD_RATE_LIMIT: wholeNumber(5, 1, 1_000_000_000),
  /** First retry delay after a failed send; each further failure doubles it, up to an hour. */
  OUTBOX_RETRY_BASE_SECONDS: wholeNumber(30, 1, 3600),
  /** How long a claimed notification stays with one instance before another may take it over. */
  OUTBOX_LEASE_SECONDS: wholeNumber(120, 1, 3600),
};

export type LeadEnv = EnvOf<typeof leadEnvFields>;

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

export interface WebhookConfig {
  url: string;
  secret: string;
}

export interface OutboxTiming {
  retryBaseMs: number;
  leaseMs: number;
}

/** Thrown at start-up for settings that are valid one by one but not together. */
export class LeadConfigError extends Error {}

/** SMTP settings, or null when SMTP_HOST is unset. */
export function smtpConfig(env: LeadEnv): SmtpConfig | null {
  if (!env.SMTP_HOST) return null;
  const from = env.SMTP_FROM ?? (env.SMTP_USER?.includes('@') ? env.SMTP_USER : undefined);
  if (!from) throw new LeadConfigError('SMTP_FROM must be set when SMTP_HOST is (the address the notification comes from).');
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASS)) {
    throw new LeadConfigError('Set both SMTP_USER and SMTP_PASS, or neither.');
  }
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE ?? env.SMTP_PORT === 465,
    ...(env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS } : {}),
    from,
  };
}

/** Webhook settings, or null when CRM_WEBHOOK_URL is unset. An unsigned webhook is refused. */
export function webhookConfig(env: LeadEnv): WebhookConfig | null {
  if (!env.CRM_WEBHOOK_URL) return null;
  if (!env.CRM_WEBHOOK_SECRET) {
    throw new LeadConfigError('CRM_WEBHOOK_SECRET must be set when CRM_WEBHOOK_URL is (the webhook is always signed).');
  }
  return { url: env.CRM_WEBHOOK_URL, secret: env.CRM_WEBHOOK_SECRET };
}

export function outboxTiming(env: LeadEnv): OutboxTiming {
  return { retryBaseMs: env.OUTBOX_RETRY_BASE_SECONDS * 1000, leaseMs: env.OUTBOX_LEASE_SECONDS * 1000 };
}
