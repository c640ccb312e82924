import { test, expect, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  ADMIN,
  VENDOR,
  apiOk,
  approvedRider,
  cartLine,
  customerWithCart,
  payCart,
  seriousViolations,
  signIn,
} from './tests/helpers';
import { JOURNEY_NOW } from './tests/journey-clock';

/**
 * The dashboards (issue 33) on a phone and on a desktop (both projects of playwright.config.ts):
 * after one order of the demo vendor is paid, confirmed and delivered by a rider of its own (the demo
 * rider may be on another journey's job), the admin, the vendor and that rider each open their dashboard; the charts are drawn (a canvas with a size),
 * the numbers are in tables, and axe finds nothing serious. With SCREENSHOTS=1 each dashboard is
 * saved to docs/screenshots/insights-{admin,vendor,rider}-{phone,desktop}.png for review.
 */

const SHOTS = new URL('../docs/screenshots/', import.meta.url).pathname;

/** The Lagos day of an instant (UTC+1 all year). */
const lagosDay = (at: Date) => new Date(at.getTime() + 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A custom period holding the order whichever clock stamped it: the server's fixed journey clock
 * (JARA_TEST_CLOCK) or the machine's; the week before the earlier, so the chart has days to draw.
 */
function period(): string {
  const days = [lagosDay(new Date()), lagosDay(new Date(JOURNEY_NOW))].sort();
  const close = Date.parse(days[1]!) - Date.parse(days[0]!) < 300 * 86_400_000;
  const from = addDays(close ? days[0]! : days[1]!, -6);
  return `?period=custom&from=${from}&to=${days[1]!}`;
}

/** One order of the demo vendor, paid by a new customer, confirmed, carried and delivered by a new rider (returned). */
async function deliveredOrder(browser: Browser, baseURL: string) {
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext({ baseURL })));
  const [vendor, rider, admin] = [contexts[0]!.request, contexts[1]!.request, contexts[3]!.request];
  const customer = await contexts[2]!.newPage();
  await signIn(vendor, baseURL, VENDOR);
  const riderAccount = await approvedRider(rider, admin, baseURL, { label: 'insights-rider' });
  const { products } = (await (await vendor.get('/api/seller/products')).json()) as {
    products: { _id: string; inStock: boolean; options: { _id: string }[] }[];
  };
  await apiOk(vendor, baseURL, '/api/seller/open', { isOpen: true });
  await customerWithCart(
    customer.request,
    baseURL,
    cartLine(
      products.find((p) => p.inStock)!,
      2,
    ),
    {
      label: 'insights',
      name: 'Ima Insights',
    },
  );
  const { orderId } = await payCart(customer);
  await apiOk(vendor, baseURL, `/api/seller/orders/${orderId}/confirm`, {});
  await apiOk(rider, baseURL, `/api/rider/jobs/order/${orderId}/accept`, {});
  await apiOk(rider, baseURL, `/api/rider/jobs/order/${orderId}/picked`, {});
  const mine = (await (await customer.request.get('/api/order/user')).json()) as {
    orders: { _id: string; deliveryCode: string }[];
  };
  const code = mine.orders.find((o) => o._id === orderId)!.deliveryCode;
  await apiOk(rider, baseURL, `/api/rider/jobs/order/${orderId}/deliver`, { code });
  await Promise.all(contexts.map((c) => c.close()));
  return riderAccount;
}

/** Every chart on the page drawn by uPlot: a canvas with a width and a height. */
async function expectChartsDrawn(page: Page, count: number) {
  const charts = page.getByTestId('insights-chart');
  await expect(charts).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect(charts.nth(i)).toHaveAttribute('data-drawn', 'true');
    const box = await charts.nth(i).locator('canvas').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(150);
    expect(box?.height ?? 0).toBeGreaterThan(100);
  }
}

async function screenshot(page: Page, who: string, project: string) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // The picture as it settles: fonts loaded, nothing still fading in.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SHOTS}insights-${who}-${project === 'mobile' ? 'phone' : 'desktop'}.png`,
    fullPage: true,
    // Transitions finished (a tab's colour fading in would be caught half-way).
    animations: 'disabled',
  });
}

test.describe('dashboards', () => {
  test.describe.configure({ mode: 'serial' });
  let rider: { email: string; password: string };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    rider = await deliveredOrder(browser, baseURL!);
  });

  test('the admin sees orders and GMV drawn, every figure in tables, and axe finds nothing serious', async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(120_000);
    await signIn(page.request, baseURL!, ADMIN);
    await page.goto(`/admin/dashboard${period()}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
    const sales = page.getByRole('table', { name: 'Paid orders and GMV by day' });
    await expect(sales).toBeVisible();
    await expect(sales.getByRole('row').last()).not.toContainText(/Total\s*0\s/);
    await expectChartsDrawn(page, 2);
    for (const name of [
      'Refunds and disputes of the period',
      'From cart to payment',
      'The five shops that sold most',
      'The five items that sold most',
    ])
      await expect(page.getByRole('table', { name })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin', info.project.name);
  });

  test('the vendor sees sales per day drawn, busy hours mapped, and tables', async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    await signIn(page.request, baseURL!, VENDOR);
    await page.goto(`/seller/insights${period()}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Orders and sales by day' })).toBeVisible();
    await expectChartsDrawn(page, 1);
    const grid = page.getByRole('table', { name: /Orders by weekday and hour/ });
    await expect(grid).toBeVisible();
    await expect(grid.getByRole('cell')).toHaveCount(7 * 24);
    await expect(page.getByRole('table', { name: 'Your five best-selling items' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'vendor', info.project.name);
  });

  test('the rider sees earnings per day drawn and tabled', async ({ page, baseURL }, info) => {
    test.setTimeout(120_000);
    await signIn(page.request, baseURL!, rider);
    await page.goto(`/rider/insights${period()}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Jobs and earnings by day' })).toBeVisible();
    await expectChartsDrawn(page, 1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'rider', info.project.name);
  });
});
