import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../config/env.ts';
import { LeadConfigError, outboxTiming, smtpConfig, webhookConfig } from '../config/leads.ts';

describe('lead settings from the environment', () => {
  it('defaults: no SMTP, no webhook, 5 leads per client per 10 minutes, 30 s first retry', () => {
    const env = loadEnv({});
    expect(smtpConfig(env)).toBeNull();
    expect(webhookConfig(env)).toBeNull();
    expect(env.LEAD_RATE_LIMIT).toBe(5);
    expect(outboxTiming(env)).toEqual({ retryBaseMs: 30_000, leaseMs: 120_000 });
  });

  it('reads SMTP settings, with TLS from the start on port 465', () => {
    const env = loadEnv({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '465', SMTP_USER: 'u@example.com', SMTP_PASS: 'p' });
    expect(smtpConfig(env)).toEqual({
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      user: 'u@example.com',
      pass: 'p',
      from: 'u@example.com',
    });
    expect(smtpConfig(loadEnv({ SMTP_HOST: 'h', SMTP_FROM: 'Web <w@example.com>', SMTP_SECURE: 'yes' }))).toMatchObject({
      port: 587,
      secure: true,
    });
  });

  it('refuses SMTP without a From address, or a user without a password', () => {
    expect(() => smtpConfig(loadEnv({ SMTP_HOST: 'h' }))).toThrow(LeadConfigError);
    expect(() => smtpConfig(loadEnv({ SMTP_HOST: 'h', SMTP_FROM: 'a@b.c', SMTP_USER: 'x' }))).toThrow(/SMTP_PASS/);
  });

  it('refuses an unsigned webhook and bad values, naming the variable', () => {
    expect(() => webhookConfig(loadEnv({ CRM_WEBHOOK_URL: 'https://crm.example.com/h' }))).toThrow(/CRM_WEBHOOK_SECRET/);
    expect(webhookConfig(loadEnv({ CRM_WEBHOOK_URL: 'https://crm.example.com/h', CRM_WEBHOOK_SECRET: 's'.repeat(16) }))).toEqual({
      url: 'https://crm.example.com/h',
      secret: 's'.repeat(16),
    });
    for (const bad of [
      { SMTP_PORT: 'abc' },
      { LEAD_RATE_LIMIT: '0' },
      { CRM_WEBHOOK_URL: 'ftp://x' },
      { CRM_WEBHOOK_SECRET: 'short' },
    ]) {
      expect(() => loadEnv(bad)).toThrow(EnvError);
      expect(() => loadEnv(bad)).toThrow(Object.keys(bad)[0]!);
    }
  });
});
