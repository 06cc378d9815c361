import { expect, test } from '@playwright/test';
import { baseUrl, expectNoAxeViolations, waitForEnhanced } from './helpers.ts';

test.describe('desktop header dropdowns', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('keep only one dropdown open, with no React and no island props in the page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${baseUrl()}/about`);
    // The menu is written once, as HTML: no island marker carries it again as JSON.
    await expect(page.locator('[data-island="DesktopNav"], [data-island="MobileMenu"]')).toHaveCount(0);
    const services = page.locator('details[data-menu="services"]');
    const brands = page.locator('details[data-menu="brands"]');
    await services.locator('summary').hover();
    await waitForEnhanced(page, 'desktop-nav');
    await services.locator('summary').click();
    await expect(services).toHaveAttribute('open');
    await expect(services.getByRole('link', { name: 'View all services' })).toBeVisible();
    await brands.locator('summary').click();
    await expect(brands).toHaveAttribute('open');
    await expect(services).not.toHaveAttribute('open');
    await brands.locator('summary').click();
    await expect(brands).not.toHaveAttribute('open');
    expect(
      scripts.filter((s) => s.includes('hydrate')),
      'React must not load for the menus',
    ).toEqual([]);
  });

  test('close on outside click and on Escape, returning focus to the toggle', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    const blog = page.locator('details[data-menu="blog"]');
    await blog.locator('summary').hover();
    await waitForEnhanced(page, 'desktop-nav');
    await blog.locator('summary').click();
    await expect(blog).toHaveAttribute('open');
    await expect(blog.getByRole('link', { name: /Storm Protection \(\d+\)/ })).toBeVisible();
    // A click in the empty page margin, away from the header and any link.
    await page.mouse.click(20, 500);
    await expect(blog).not.toHaveAttribute('open');
    await blog.locator('summary').click();
    await expect(blog).toHaveAttribute('open');
    await page.keyboard.press('Escape');
    await expect(blog).not.toHaveAttribute('open');
    await expect(blog.locator('summary')).toBeFocused();
  });

  test('close when Tab leaves them, so they never cover the focused control', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    const services = page.locator('details[data-menu="services"]');
    await services.locator('summary').focus();
    await waitForEnhanced(page, 'desktop-nav');
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('open');
    const links = await services.locator('.dropdown-panel a').count();
    for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
    await expect(services).not.toHaveAttribute('open');
    expect(
      await page.evaluate(() => document.querySelector('details[data-menu="services"]')!.contains(document.activeElement)),
    ).toBe(false);
  });

  test('work by keyboard alone', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    const summary = page.locator('details[data-menu="services"] > summary');
    // Tab from the top of the page until the Services toggle has focus.
    for (let i = 0; i < 10 && !(await summary.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(summary).toBeFocused();
    await waitForEnhanced(page, 'desktop-nav');
    await page.keyboard.press('Enter');
    await expect(page.locator('details[data-menu="services"]')).toHaveAttribute('open');
    await page.keyboard.press('Tab');
    await expect(page.locator('details[data-menu="services"] .dropdown-panel a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('details[data-menu="services"]')).not.toHaveAttribute('open');
    await expect(summary).toBeFocused();
  });

  test('Contact from another page lands on the form 120px below the top, clear of the header', async ({ page }) => {
    await page.goto(`${baseUrl()}/about`);
    await page.locator('.site-header').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact#consultation$/);
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('consultation')!.getBoundingClientRect().top)))
      .toBe(120);
  });

  test('an open dropdown passes axe', async ({ page }) => {
    await page.goto(`${baseUrl()}/`);
    await page.locator('details[data-menu="services"] summary').click();
    await expect(page.locator('details[data-menu="services"]')).toHaveAttribute('open');
    await expectNoAxeViolations(page, 'home with the services dropdown open');
  });
});

test.describe('mobile menu @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('opens, locks body scroll, traps focus, closes on Escape and returns focus', async ({ page }) => {
    await page.goto(`${baseUrl()}/services`);
    const menu = page.locator('details.mobile-menu');
    const toggle = menu.locator('summary');
    // The icon's bars cross into a close icon while the label reads "Close".
    const bar = () => toggle.locator('.menu-icon').evaluate((icon) => getComputedStyle(icon, '::before').transform);
    expect(await bar()).toBe('none');
    await toggle.tap();
    await expect(menu).toHaveAttribute('open');
    await expect(toggle.getByText('Close')).toBeVisible();
    expect(await bar()).not.toBe('none');
    await waitForEnhanced(page, 'mobile-menu');
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    for (const name of [
      'Home',
      'Services',
      'Gallery',
      'Blog',
      'Locations',
      'Roof cost',
      'About',
      'Contact',
      'Emergency Repair',
      'Storm Damage',
      'Roof Replacement',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await toggle.focus();
    const links = await menu.locator('a').count();
    for (let i = 0; i < links + 2; i++) await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('details.mobile-menu')));
    expect(inside).toBe(true);
    await expectNoAxeViolations(page, 'mobile menu open');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    await expect(toggle).toBeFocused();
  });

  test('Contact on the contact page closes the menu and scrolls the form 150px below the top', async ({ page }) => {
    await page.goto(`${baseUrl()}/contact`);
    const menu = page.locator('details.mobile-menu');
    await menu.locator('summary').tap();
    await waitForEnhanced(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'Contact', exact: true }).tap();
    await expect(menu).not.toHaveAttribute('open');
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('consultation')!.getBoundingClientRect().top)))
      .toBe(150);
  });
});
