import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { site } from '../../content/site.ts';
import { bookableDates } from '../../lib/lead-schema.ts';
import { startAdminServer, type AdminServer } from '../admin-server.ts';
import { expectNoAxeViolations } from './helpers.ts';

/**
 * The owner's workbench in the browser, against a server of its own: the owner signs in, a lead
 * sent from the public site appears on the dashboard without a reload, is marked
 * contacted with a note, the filtered list is exported, a blocked date is refused
 * by the public booking API, and the owner enrols a second factor and signs in with it.
 */
const test = base.extend<{ server: AdminServer }, { adminServer: AdminServer }>({
  adminServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAdminServer({ login: 'wb-e2e-owner', env: { LEAD_RATE_LIMIT: '1000' } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: async ({ adminServer }, use) => use(adminServer),
});

test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, server: AdminServer, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(`${server.url}${path}`);
}

async function sendLead(server: AdminServer, name: string): Promise<string> {
  const res = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'consultation',
      name,
      phone: '912-555-0188',
      zip: '31405',
      idempotencyKey: `e2e-${Date.now()}`,
      startedAt: Date.now() - 30_000,
      sentAt: Date.now(),
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/** Another tab of the same session opens the lead and marks it won. */
async function markWonInAnotherTab(context: BrowserContext, server: AdminServer, lead: string): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${server.url}${lead}`);
  await other.getByLabel('Status of this lead').selectOption('won');
  await other.getByRole('button', { name: 'Save status' }).click();
  await expect(other.locator('[data-lead-status]')).toHaveText('Won');
  await other.close();
}

test('a status chosen before a reload does not replace, unseen, a change saved meanwhile in another tab', async ({
  page,
  context,
  server,
}) => {
  const reference = await sendLead(server, `Two Tabs ${Date.now().toString(36)}`);
  const lead = `/admin/lead?ref=${reference}`;
  // Before the test that sets up a second factor, which every later sign-in then asks for.
  await signIn(page, server, lead);
  await page.getByLabel('Status of this lead').selectOption('contacted');

  await markWonInAnotherTab(context, server, lead);

  // The reload serves "Won"; the draft brings back the choice and the status it was made on.
  await page.reload();
  await expect(page.getByLabel('Status of this lead')).toHaveValue('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  const form = page.locator('form[data-admin-form="status"]');
  await expect(form.getByRole('status')).toContainText('Not saved: the status was changed to “Won” while this page was open');
  await expect(page.locator('[data-lead-status]')).toHaveText('Won');

  // Told, the owner saves again on purpose.
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.locator('[data-lead-status]')).toHaveText('Contacted');
  await expect(page.locator('.admin-timeline')).toContainText('Status Won → Contacted');
});

test('a status refused because of a change made meanwhile shows that change in the history it points to', async ({
  page,
  context,
  server,
}) => {
  const reference = await sendLead(server, `History Shown ${Date.now().toString(36)}`);
  const lead = `/admin/lead?ref=${reference}`;
  // Before the test that sets up a second factor, which every later sign-in then asks for.
  await signIn(page, server, lead);
  await markWonInAnotherTab(context, server, lead);

  // No reload here: the refusal says "see the history", so the history must show the change.
  await page.getByLabel('Status of this lead').selectOption('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  const form = page.locator('form[data-admin-form="status"]');
  await expect(form.getByRole('status')).toContainText('changed to “Won” while this page was open (see the history)');
  await expect(page.locator('[data-lead-history]')).toContainText('Status New → Won');
  await expect(page.locator('[data-lead-status]')).toHaveText('Won');
  await expect(page.getByLabel('Status of this lead')).toHaveValue('contacted');
});

test('the owner works a lead, exports, blocks a date and signs in again with a second factor', async ({ page, server }) => {
  test.setTimeout(120_000);
  await signIn(page, server, '/admin');
  await expect(page.locator('[data-live="leads"]')).toBeVisible();

  // A lead sent from the public site appears without a reload.
  const name = `Dashboard Visitor ${Date.now().toString(36)}`;
  const reference = await sendLead(server, name);
  await expect(page.locator('[data-live="leads"]')).toContainText(name, { timeout: 15_000 });

  // Marked contacted, with a note.
  await page.getByRole('link', { name }).click();
  await page.getByLabel('Status of this lead').selectOption('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.locator('[data-lead-status]')).toHaveText('Contacted');
  await page.getByLabel('Add a note').fill('Called: wants a quote on Friday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('#notes')).toContainText('Called: wants a quote on Friday.');
  await expect(page.locator('#notes')).toContainText(`@${server.login}`);
  await expectNoAxeViolations(page, 'lead detail');

  // The filtered list is exported.
  await page.goto(`${server.url}/admin/leads?status=contacted`);
  await expect(page.locator(`[data-lead="${reference}"]`)).toBeVisible();
  await expectNoAxeViolations(page, '/admin/leads');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /as CSV/ }).click()]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(reference);

  // A blocked date: the public booking API refuses it and offers other windows.
  const date = bookableDates(new Date(), site.timeZone)[5]!;
  await page.goto(`${server.url}/admin/inspections`);
  await page.getByLabel('Block a date').fill(date);
  await page.getByRole('button', { name: 'Block this date' }).click();
  await expect(page.locator(`[data-date="${date}"]`)).toContainText('Blocked');
  const refused = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'inspection',
      name: 'Blocked Visitor',
      phone: '912-555-0189',
      zip: '31405',
      streetAddress: '1 Oak St',
      preferredDate: date,
      preferredWindow: 'morning',
      idempotencyKey: `e2e-blocked-${Date.now()}`,
      startedAt: Date.now() - 30_000,
      sentAt: Date.now(),
    }),
  });
  expect(refused.status).toBe(409);

  // The second factor: enrol from the QR code's key, then sign in again with a code.
  await page.goto(`${server.url}/admin/second-factor`);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('[data-totp-secret]').textContent())!.replace(/\s/g, '');
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Check the code and turn it on' }).click();
  await expect(page.locator('[data-recovery-codes] li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Sign out on every device' }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.goto(`${server.url}/admin/leads`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await page.waitForURL(/\/admin\/second-factor/);
  // The next time step's code: the one just used may not be used again.
  await page.getByRole('textbox', { name: 'Code' }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${server.url}/admin/leads`);
});

test('every workbench page reads as cards with full-width actions on a phone, a long error message included @mobile', async ({
  page,
  server,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, server, '/admin/leads');
  await sendLead(server, 'Phone Width Visitor');
  // An error message with no space to break at (a script's address) must not widen the dashboard.
  const reported = await page.evaluate(async () => {
    const res = await fetch('/api/error-report', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message: `Failed to fetch dynamically imported module: ${location.origin}/assets/chunks/${'QuoteForm'.repeat(12)}-4f9a2c1b.js`,
        stack: '',
        componentStack: '',
        timestamp: new Date().toISOString(),
        userAgent: navigator.userAgent,
        url: location.href,
      }),
    });
    return res.status;
  });
  expect(reported).toBe(204);
  await page.reload();
  // The table's header row is hidden and each lead is a card.
  await expect(page.locator('.leads-table thead')).toHaveCSS('position', 'absolute');
  const button = page.getByRole('button', { name: 'Show leads' });
  const box = await button.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  for (const path of ['/admin', '/admin/leads', '/admin/inspections', '/admin/errors', '/admin/users', '/admin/second-factor']) {
    await page.goto(`${server.url}${path}`);
    // Against the phone's width, not innerWidth: a phone zooms a page that is too wide out, and innerWidth grows with it.
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
    // Axe at this width is the admin screens' test in admin.spec.ts.
    expect(width, path).toBeLessThanOrEqual(391);
  }
});
