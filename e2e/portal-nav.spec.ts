import { test, expect, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, RIDER, SUPPORT, VENDOR, seriousViolations, signIn } from './tests/helpers';

/**
 * The portals on a phone (issue 33): each has its own top bar (home, its name, the account menu)
 * and none of the shop's cart, search or footer; its sections are a tab bar along the bottom, at
 * most five tabs, the rest under More. Every section is walked from the tab bar or More, and no
 * page is wider than the screen.
 */

async function phone(browser: Browser, baseURL: string, who: { email: string; password: string }) {
  // The mobile project's phone (Pixel 7): 412 px wide, a touch screen.
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page.request, baseURL, who);
  return { context, page };
}

/** Nothing on the page is wider than the screen (no sideways scrolling). */
async function fitsTheScreen(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

/** The portal's bar and none of the shop's: no cart, no search box, no footer, no chat button. */
async function portalChrome(page: Page, portalName: string) {
  const bar = page.getByRole('banner');
  // The portal's name (the closed account menu links to it by the same words).
  await expect(bar.locator('p', { hasText: new RegExp(`^${portalName}$`) })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Jara home' })).toHaveAttribute('href', '/');
  await expect(bar.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByTestId('chat-launcher')).toHaveCount(0);
}

/** What a section shows while it loads: a labelled skeleton or a spinner (a page's own status line is neither). */
const loading = (page: Page) => page.locator('main [role="status"]:is([aria-label], :has(.animate-spin))');

/** The tabs a phone shows in the bar, More included. */
const visibleTabs = (nav: Locator) => nav.locator(':is(a, button):visible');

/** A tab is a thumb's size: at least 44 × 44 px. */
async function thumbSized(tab: Locator, what: string) {
  const box = (await tab.boundingBox())!;
  expect(box.width, `${what} width`).toBeGreaterThanOrEqual(44);
  expect(box.height, `${what} height`).toBeGreaterThanOrEqual(44);
}

/**
 * Opens every section of the portal at `start` on a phone: those in the tab bar by their tab, the
 * rest from More's sheet; each is marked current, wears the portal's bar only, and fits the screen.
 */
async function walkSections(page: Page, start: string, navName: string, portalName: string) {
  await page.goto(start);
  const nav = page.getByRole('navigation', { name: navName });
  await expect(nav).toBeVisible();
  await portalChrome(page, portalName);

  // The bar lies along the bottom of the screen, above nothing.
  const viewport = page.viewportSize()!;
  const navBox = (await nav.boundingBox())!;
  expect(Math.round(navBox.y + navBox.height)).toBe(viewport.height);
  expect(navBox.width).toBe(viewport.width);

  const tabs = visibleTabs(nav);
  const count = await tabs.count();
  expect(count, 'tabs in the bar').toBeLessThanOrEqual(5);
  const more = nav.getByRole('button', { name: /^More/ });
  const hasMore = (await more.count()) > 0 && (await more.isVisible());
  const inBar = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.filter((a) => (a as HTMLElement).offsetParent !== null).map((a) => a.getAttribute('href')!),
    );
  expect(inBar.length + (hasMore ? 1 : 0)).toBe(count);
  const visited: string[] = [];

  for (const href of inBar) {
    const tab = nav.locator(`a[href="${href}"]`);
    await thumbSized(tab, href);
    await tab.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(tab).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(loading(page), `${href} still loading`).toHaveCount(0, { timeout: 15_000 });
    await portalChrome(page, portalName);
    await fitsTheScreen(page, href);
    visited.push(href);
  }

  if (!hasMore) return visited;
  await thumbSized(more, 'More');
  await more.click();
  let sheet = page.getByRole('dialog', { name: navName });
  await expect(sheet).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  const rest = await sheet.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(rest.length).toBeGreaterThan(0);
  // Every section is in the bar or under More, once.
  expect(new Set([...inBar, ...rest]).size).toBe(inBar.length + rest.length);
  expect(await seriousViolations(page, '[role="dialog"]'), 'More sheet').toEqual([]);

  for (const [n, href] of rest.entries()) {
    if (n > 0) {
      await more.click();
      sheet = page.getByRole('dialog', { name: navName });
    }
    const link = sheet.locator(`a[href="${href}"]`);
    await thumbSized(link, href);
    await link.click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(loading(page), `${href} still loading`).toHaveCount(0, { timeout: 15_000 });
    await portalChrome(page, portalName);
    await fitsTheScreen(page, href);
    // Back in the sheet, the open section is the current one.
    await more.click();
    await expect(page.getByRole('dialog', { name: navName }).locator(`a[href="${href}"]`)).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(more).toBeFocused();
    visited.push(href);
  }
  return visited;
}

test('a vendor runs the shop from a phone: tab bar, More, the portal’s bar only', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, page } = await phone(browser, baseURL!, VENDOR);
  const visited = await walkSections(page, '/seller', 'Seller sections', 'Seller dashboard');
  expect(visited).toEqual(expect.arrayContaining(['/seller', '/seller/products', '/seller/earnings', '/seller/shop']));

  // Earnings read as dates, not ISO strings.
  await page.goto('/seller/earnings');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\b20\d\d-\d\d-\d\d\b/);
  await context.close();
});

test('a rider moves between the board, the active job, history and earnings by the tab bar', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await phone(browser, baseURL!, RIDER);
  const visited = await walkSections(page, '/rider', 'Rider sections', 'Rider dashboard');
  expect(visited).toEqual(expect.arrayContaining(['/rider', '/rider/active', '/rider/history', '/rider/earnings']));
  await page.goto('/rider/earnings');
  await expect(page.getByRole('heading', { name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/\b20\d\d-\d\d-\d\d\b/);
  await context.close();
});

test('an admin reaches every section from a phone, the rest under More; on a desk all in a row', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { context, page } = await phone(browser, baseURL!, ADMIN);
  const visited = await walkSections(page, '/admin', 'Admin sections', 'Admin');
  expect(visited).toEqual(
    expect.arrayContaining(['/admin', '/admin/users', '/admin/orders', '/admin/outbox', '/admin/reconciliation']),
  );

  // On a wide screen the same sections are a row at the top of the page, every one in sight.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/users');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link', { name: 'Mail outbox' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /^More/ })).toBeHidden();
  expect((await nav.boundingBox())!.y).toBeLessThan(300);
  await expect(page.getByRole('banner').getByRole('group', { name: 'Language' })).toBeVisible();
  await fitsTheScreen(page, 'admin on a desk');
  await context.close();
});

test('the support inbox wears the portal’s bar and fits the phone', async ({ browser, baseURL }) => {
  const { context, page } = await phone(browser, baseURL!, SUPPORT);
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support Inbox' })).toBeVisible();
  await portalChrome(page, 'Support inbox');
  await fitsTheScreen(page, '/support');
  // The inbox fills the screen below the bar, no more.
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement!.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(innerHeight + 1);
  await context.close();
});

test('the shop’s pages keep the cart, the search and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Cart/ })).toBeVisible();
  await expect(page.getByRole('search').first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
});
