import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startAdminServer, type AdminServer } from '../admin-server.ts';
import { expectNoAxeViolations } from './helpers.ts';

/**
 * Passkeys in Chromium with its virtual authenticator (the DevTools WebAuthn domain, with
 * user verification): an invitee makes one from the link and signs in with it; a GitHub user
 * adds one and gives it as the second factor after GitHub. The server-level tests
 * (server/auth/passkeys.test.ts, server/admin/second-factor/routes.test.ts) cover every
 * refusal; this covers the browser's part.
 */
/** A server with sign-in through the GitHub stand-in as `login`. */
async function passkeyServer(login: string, use: (server: AdminServer) => Promise<void>): Promise<void> {
  // WebAuthn takes no IP address as the site's id: the site is http://localhost:PORT.
  const server = await startAdminServer({ siteHost: 'localhost', login });
  await use(server);
  await server.stop();
}

/** Each test has a server of its own: the second-factor switch on /admin/users holds for every admin of a site. */
const test = base.extend<object, { server: AdminServer; policyServer: AdminServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: [async ({}, use) => passkeyServer('e2e-owner', use), { scope: 'worker', timeout: 120_000 }],
  // eslint-disable-next-line no-empty-pattern
  policyServer: [async ({}, use) => passkeyServer('passkey-owner', use), { scope: 'worker', timeout: 120_000 }],
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

test('an invitee makes a passkey from the link, signs out, and signs in with it', async ({ browser, server }) => {
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

async function signInWithGitHub(page: Page, server: AdminServer, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
}

test('a GitHub user adds a passkey, and after GitHub gives it as the second factor with "Use your passkey"', async ({
  browser,
  policyServer: server,
}) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const device = await withPasskeyDevice(phone);
  const page = phone.pages()[0]!;
  await signInWithGitHub(page, server, '/admin/second-factor');
  await page.waitForURL(`${server.url}/admin/second-factor`);
  const add = page.locator('form[data-add-passkey]');
  await add.getByLabel('Name of this device').fill('Owner’s phone');
  await add.getByRole('button', { name: 'Add a passkey on this device' }).click();
  await expect(add.getByRole('status')).toHaveText(/^Saved at .+: “Owner’s phone” signs you in from now on\.$/);
  await page.reload();
  await expect(page.locator('[data-own-passkeys] li')).toContainText('Owner’s phone');

  // With the switch on, GitHub alone no longer opens the admin area for someone who has a passkey.
  await page.goto(`${server.url}/admin/users`);
  const policy = page.locator('form[data-admin-form="policy"]');
  await policy.getByRole('checkbox').check();
  await policy.getByRole('button', { name: 'Save' }).click();
  // The switch holds at once, for this session too: it is asked for the passkey.
  await page.waitForURL(/\/admin\/second-factor\?next=%2Fadmin%2Fusers/);

  // The next sign-in, from a browser with no session.
  await phone.clearCookies();
  // The sign-in page's passkey autofill would sign in by itself while the device answers untouched.
  await device.present(false);
  await signInWithGitHub(page, server, '/admin/leads');
  await page.waitForURL(/\/admin\/second-factor/);
  await expect(page.getByRole('heading', { name: 'Use your passkey' })).toBeVisible();
  const use = page.getByRole('button', { name: 'Use your passkey' });
  await expect(use).toBeVisible();
  await expectNoAxeViolations(page, 'the passkey step after GitHub at 390 px');
  await device.present(true);
  await use.click();
  await page.waitForURL(`${server.url}/admin/leads`);
  await expect(page.locator('.admin-account')).toContainText(`@${server.login}`);
  await phone.close();
});
