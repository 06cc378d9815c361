import { test, expect, type BrowserContext } from '@playwright/test';
import { startAdminServer, type AdminServer } from '../admin-server.ts';
import { expectNoAxeViolations } from './helpers.ts';

/**
 * An invitation in Chromium with its virtual authenticator (the DevTools WebAuthn domain,
 * with user verification): a super admin invites, a fresh browser opens the link,
 * creates a passkey, signs out and signs in again with it. The server-level tests
 * (server/auth/passkeys.test.ts) cover every refusal; this covers the browser's part.
 */
let server: AdminServer;

test.beforeAll(async () => {
  // WebAuthn takes no IP address as the site's id: the site is http://localhost:PORT.
  server = await startAdminServer({ siteHost: 'localhost' });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A phone-like passkey device in this context; `present(false)` stops it answering by itself (no touch). */
async function withPasskeyDevice(context: BrowserContext): Promise<{ present(on: boolean): Promise<void> }> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    present: async (enabled) => {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    },
  };
}

test('an invitee makes a passkey from the link, signs out, and signs in with it', async ({ browser }) => {
  const owner = await browser.newContext();
  const admin = await owner.newPage();
  await admin.goto(`${server.url}/admin/users`);
  await admin.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await admin.waitForURL(`${server.url}/admin/users`);
  const invite = admin.locator('section[data-invite]');
  await invite.getByLabel('Their name').fill('Maria Lopez');
  await invite.getByRole('button', { name: 'Make the invitation link' }).click();
  const link = await admin.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(new RegExp(`^${server.url}/admin/invitation\\?token=`));
  await expectNoAxeViolations(admin, 'the users page with an invitation link, at 1280 px');
  await owner.close();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const device = await withPasskeyDevice(phone);
  const page = phone.pages()[0]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome, Maria Lopez' })).toBeVisible();
  await expectNoAxeViolations(page, 'the invitation at 390 px');
  await page.getByLabel('Name of this device').fill('Maria’s phone');
  await page.getByRole('button', { name: 'Create my passkey' }).click();
  await page.waitForURL(`${server.url}/admin`);
  await expect(page.locator('.admin-account')).toContainText('@maria-lopez · Office staff');
  const first = (await phone.cookies()).find((c) => c.name === 'admin_session')!.value;

  // While the device waits for a touch, the passkey autofill cannot sign in by itself: the page stays put for axe.
  await device.present(false);
  // On a phone the account and its sign-out sit under More in the bottom tab bar.
  await page.getByText('More', { exact: true }).click();
  await page.locator('.admin-more-panel').getByRole('button', { name: 'Sign out on every device' }).click();
  await page.waitForURL(`${server.url}/admin/login?signed_out=1`);
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, 'the sign-in page at 390 px');
  await device.present(true);
  await button.click();
  await page.waitForURL(`${server.url}/admin`);
  await expect(page.locator('.admin-account')).toContainText('@maria-lopez · Office staff');
  const second = (await phone.cookies()).find((c) => c.name === 'admin_session')!.value;
  expect(second).not.toBe(first);
  await phone.close();
});
