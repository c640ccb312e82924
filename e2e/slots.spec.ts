import { test, expect, type Browser } from '@playwright/test';
import { JOURNEY_NOW } from './tests/journey-clock';
import { RIDER, VENDOR, apiOk, cartLine, customerWithCart, hydrated, placeOrder, signIn } from './tests/helpers';

/**
 * Lunch at 1 pm (issue 31, decision 0047), on phones: at the journeys' noon a customer orders
 * for the 1:00–1:30 pm slot; the shop sees it upcoming with when to start preparing; it stays off
 * the riders' board until 12:30 (the server's test clock moved there), then a rider carries it.
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
/** 13:00 in Lagos on the journeys' day, as the server writes a slot's start. */
const ONE_PM = new Date(JOURNEY_NOW.replace('12:00:00', '13:00:00')).toISOString();
const HALF_TWELVE = JOURNEY_NOW.replace('12:00:00', '12:30:00');

async function phone(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  if (who) await signIn(page.request, baseURL, who);
  return { context, page };
}

test('an order for 1 pm is upcoming for the shop, reaches the riders at 12:30 and shows its slot', async ({
  browser,
  baseURL,
}) => {
  test.skip(!!process.env.E2E_BASE_URL, 'moves the test clock of the server playwright.config.ts starts');
  test.setTimeout(180_000);
  const base = baseURL!;
  const vendor = await phone(browser, base, VENDOR);
  const { products } = (await (await vendor.page.request.get('/api/seller/products')).json()) as {
    products: { _id: string; inStock: boolean; options: { _id: string }[] }[];
  };
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });

  // The customer picks "Schedule for later", 1:00–1:30 pm, and pays.
  const customer = await phone(browser, base);
  await customerWithCart(
    customer.page.request,
    base,
    cartLine(
      products.find((p) => p.inStock)!,
      1,
    ),
    {
      label: 'slot',
      name: 'Sola Slot',
    },
  );
  const page = customer.page;
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Schedule for later').check();
  await page.getByLabel('Delivery slot').selectOption(ONE_PM);
  const total = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
  const { orders } = (await (await page.request.get('/api/order/user')).json()) as {
    orders: { _id: string; deliveryCode: string | null; slot: { from: string } | null }[];
  };
  const orderId = orders[0]!._id;
  expect(orders[0]!.slot?.from).toBe(ONE_PM);
  await expect(page.getByText(/Arrives .*1:00–1:30 pm/).first()).toBeVisible();

  // The shop: upcoming, with when to start.
  await vendor.page.goto('/seller');
  const upcoming = vendor.page.getByRole('region', { name: 'Upcoming' });
  const card = upcoming.locator('section').filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await expect(card).toContainText(/Start preparing .*at \d{1,2}:\d\d/, { timeout: 15_000 });
  await expect(card).toContainText('1:00–1:30 pm');
  await apiOk(vendor.page.request, base, `/api/seller/orders/${orderId}/confirm`, {});

  // Riders: not at noon; on the board at 12:30, picked up and delivered with the customer's code.
  const rider = await phone(browser, base, RIDER);
  await apiOk(rider.page.request, base, '/api/rider/online', { isOnline: true });
  const board = async () =>
    ((await (await rider.page.request.get('/api/rider/jobs')).json()) as { jobs: { _id: string }[] }).jobs;
  expect((await board()).map((j) => j._id)).not.toContain(orderId);
  const early = await rider.page.request.post(`/api/rider/jobs/order/${orderId}/accept`, { data: {} });
  expect(((await early.json()) as { code: string }).code).toBe('not_offered_yet');
  try {
    expect((await rider.page.request.put('/api/test/clock', { data: { at: HALF_TWELVE } })).ok()).toBe(true);
    await rider.page.goto('/rider');
    const job = rider.page.locator(`[data-job-id="${orderId}"]`);
    await expect(job).toContainText('For 1:00–1:30 pm · pick up at 12:40', { timeout: 20_000 });
    await apiOk(rider.page.request, base, `/api/rider/jobs/order/${orderId}/accept`, {});
    await apiOk(rider.page.request, base, `/api/rider/jobs/order/${orderId}/picked`, {});
    const mine = (await (await page.request.get('/api/order/user')).json()) as { orders: typeof orders };
    const code = mine.orders.find((o) => o._id === orderId)!.deliveryCode!;
    await apiOk(rider.page.request, base, `/api/rider/jobs/order/${orderId}/deliver`, { code });
  } finally {
    await rider.page.request.put('/api/test/clock', { data: { at: JOURNEY_NOW } });
  }
  for (const c of [vendor, customer, rider]) await c.context.close();
});
