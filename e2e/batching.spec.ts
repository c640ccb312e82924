import { test, expect as baseExpect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  RIDER,
  apiOk,
  applyToSell,
  cartLine,
  customerWithCart,
  placeOrder,
  seriousViolations,
  signIn,
  signUpCustomer,
  unique,
  uploadPhoto,
} from './tests/helpers';

/**
 * Deliveries batched by hall (issue 31, decision 0048), on phones: two students each order a dish
 * from the same kitchen to the same hall with "Batch & save" and pay the cheaper fee; the kitchen
 * confirms both; the rider sees one job with two drops, takes it, and delivers stop 1 and stop 2,
 * each with its own customer's code.
 *
 * Kept apart from every other journey's orders, which could otherwise join the batch: a kitchen of
 * its own, and a door near Hall 7 that no other journey delivers to (moved on a retry, so that a
 * failed attempt's orders never join the next attempt's).
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
/**
 * Five browsers and a freshly started server on a small, busy machine: the first page of a run can
 * take longer than the usual ten seconds to hydrate, so this journey waits up to twenty-five.
 */
const expect = baseExpect.configure({ timeout: 25_000 });

/** Between Hall 6 and Hall 7 (over 80 m from both: batching's "same door" distance), east on each retry. */
const door = (retry: number) => ({
  address: 'Hall 7, University of Benin',
  latitude: 6.3995,
  longitude: 5.6258 + retry * 0.0015,
  block: 'C',
});

async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  return { context, page: await context.newPage() };
}

/** A kitchen open round the clock, of the account signed in on `request`, approved, with one dish. */
async function kitchen(request: APIRequestContext, admin: APIRequestContext, baseURL: string) {
  await signUpCustomer(request, baseURL, { label: 'batch-kitchen', name: 'Efe Kitchen Owner' });
  const shopId = await applyToSell(request, baseURL, { businessName: `Efe Batch Kitchen ${unique()}`, kind: 'food' });
  await apiOk(admin, baseURL, `/api/admin/applications/vendor/${shopId}/approve`, {});
  const made = await apiOk(request, baseURL, '/api/seller/products', {
    name: `Ofada Rice ${unique()}`,
    category: 'food',
    images: [await uploadPhoto(request, baseURL, 'product')],
    options: [{ name: '', price: 1800 }],
  });
  return { shopId, dish: (await made.json()).product as { _id: string; options: { _id: string }[] } };
}

/** The customer's own orders as the API lists them. */
async function myOrders(page: Page) {
  const { orders } = (await (await page.request.get('/api/order/user')).json()) as {
    orders: { _id: string; deliveryCode: string | null; batchSave?: boolean; deliveryFee: number; status: string }[];
  };
  return orders;
}

test('two "Batch & save" orders to one hall become one rider job with two stops and two codes', async ({
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const admin = await playwright.request.newContext({ baseURL: base });
  await signIn(admin, base, ADMIN);
  const vendor = await phone(browser, base);
  const { shopId, dish } = await kitchen(vendor.page.request, admin, base);
  const where = door(testInfo.retry);

  // What "Batch & save" costs to this door, as the server prices it.
  const quote = (await (
    await vendor.page.request.post('/api/order/delivery-fee', {
      data: { latitude: where.latitude, longitude: where.longitude, vendorIds: [shopId] },
      headers: { Origin: base },
    })
  ).json()) as { totalDeliveryFee: number; batch: { deliveryFee: number; waitMinutes: number } };
  expect(quote.batch.deliveryFee).toBeLessThan(quote.totalDeliveryFee);
  const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

  // Two students in the same hall each order with "Batch & save" and pay the cheaper fee.
  const students = [
    { label: 'batch-ada', first: 'Ada', last: 'Batch', room: '101' },
    { label: 'batch-tobi', first: 'Tobi', last: 'Batch', room: '214' },
  ];
  const customers: { name: string; page: Page; orderId: string; close: () => Promise<void> }[] = [];
  for (const s of students) {
    const c = await phone(browser, base);
    await customerWithCart(c.page.request, base, cartLine(dish, 1), {
      label: s.label,
      name: `${s.first} ${s.last}`,
      address: { ...where, firstName: s.first, lastName: s.last, room: s.room },
    });
    const page = c.page;
    await page.goto('/cart');
    await expect(page.locator('#root[data-hydrating]')).toHaveCount(0);
    const choice = page.getByRole('checkbox', { name: /^Batch & save/ });
    await expect(choice).toHaveAccessibleName(
      `Batch & save — ${naira(quote.batch.deliveryFee)} delivery instead of ${naira(quote.totalDeliveryFee)}`,
    );
    await expect(choice).toHaveAccessibleDescription(
      `We may deliver with other orders to your hall: up to ${quote.batch.waitMinutes} minutes more.`,
    );
    await expect(choice).not.toBeChecked();
    await expect(page.getByTestId('summary-delivery')).toHaveText(naira(quote.totalDeliveryFee));
    await choice.check();
    await expect(page.getByTestId('summary-delivery')).toHaveText(naira(quote.batch.deliveryFee));
    expect(await seriousViolations(page, '[data-testid="batch-save"]')).toEqual([]);
    const total = await placeOrder(page);
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/my-orders$/);
    const [order] = await myOrders(page);
    expect(order).toMatchObject({ batchSave: true, deliveryFee: quote.batch.deliveryFee });
    await expect(page.getByTestId('order-card').first().getByTestId('order-batch-save')).toHaveText('Batch & save');
    customers.push({ name: `${s.first} ${s.last}`, page, orderId: order!._id, close: () => c.context.close() });
  }
  const ids = customers.map((c) => c.orderId);

  // The kitchen confirms both; once the second is in, they travel together.
  await vendor.page.goto('/seller');
  const cardOf = (id: string) =>
    vendor.page
      .locator('section')
      .filter({ hasText: `Order #${id.slice(0, 8)}` })
      .last();
  for (const id of ids) {
    await expect(cardOf(id).getByTestId('order-batch')).toHaveText('Batch & save');
    const confirmed = vendor.page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith(`/api/seller/orders/${id}/confirm`),
    );
    await cardOf(id).getByRole('button', { name: 'Confirm order' }).click();
    const answer = await confirmed;
    expect(answer.ok(), await answer.text()).toBe(true);
    await expect(cardOf(id).getByRole('button', { name: 'Confirm order' })).toHaveCount(0);
  }
  for (const id of ids)
    await expect(cardOf(id).getByTestId('order-batch')).toContainText('Batched · 2 orders, one rider');

  // The rider's board: one job carrying both drops, and nothing else of theirs.
  const rider = await phone(browser, base);
  await signIn(rider.page.request, base, RIDER);
  await apiOk(rider.page.request, base, '/api/rider/online', { isOnline: true });
  const { jobs } = (await (await rider.page.request.get('/api/rider/jobs')).json()) as {
    jobs: { _id: string; batch: { drops: { orderId: string }[] } | null }[];
  };
  const ours = jobs.filter((j) => ids.includes(j._id) || j.batch?.drops.some((d) => ids.includes(d.orderId)));
  expect(ours).toHaveLength(1);
  expect(ours[0]!.batch!.drops.map((d) => d.orderId).sort()).toEqual([...ids].sort());

  await rider.page.goto('/rider');
  const job = rider.page.locator(`[data-testid="job-card"][data-job-id="${ours[0]!._id}"]`);
  await expect(job.getByTestId('job-batch')).toHaveText('2 drops · Hall 7, University of Benin');
  await expect(job.getByTestId('batch-drop')).toHaveText([/^Drop 1: .* Batch, Hall 7/, /^Drop 2: .* Batch, Hall 7/]);
  for (const c of customers) await expect(job).toContainText(c.name);
  await expect(rider.page.getByTestId('job-card').filter({ hasText: customers[1]!.name })).toHaveCount(1);
  expect(await seriousViolations(rider.page, `[data-job-id="${ours[0]!._id}"]`)).toEqual([]);
  await job.getByRole('button', { name: 'Accept all 2 drops' }).click();
  await expect(rider.page).toHaveURL(/\/rider\/active$/);

  // Active: the two stops together, in order, each picked up and delivered with its own code.
  const batch = rider.page.getByTestId('active-batch').filter({ hasText: customers[0]!.name });
  await expect(batch.getByTestId('job-stop')).toHaveText(['Stop 1 of 2', 'Stop 2 of 2']);
  const stops = await batch.getByTestId('active-job').evaluateAll((els) => els.map((e) => e.dataset.jobId!));
  expect([...stops].sort()).toEqual([...ids].sort());
  expect(await seriousViolations(rider.page, '[data-testid="active-batch"]')).toEqual([]);
  for (const [i, orderId] of stops.entries()) {
    const card = rider.page.locator(`[data-testid="active-job"][data-job-id="${orderId}"]`);
    await expect(card.getByTestId('job-stop')).toHaveText(`Stop ${i + 1} of 2`);
    await card.getByRole('button', { name: 'Picked up' }).click();
    const codeBox = card.getByLabel("Customer's delivery code");
    await expect(codeBox).toBeVisible();
    const customer = customers.find((c) => c.orderId === orderId)!;
    const code = (await myOrders(customer.page)).find((o) => o._id === orderId)!.deliveryCode!;
    expect(code).toMatch(/^\d{4}$/);
    await codeBox.fill(code);
    await card.getByRole('button', { name: 'Delivered' }).click();
    await expect(card).toHaveCount(0);
  }
  for (const c of customers)
    await expect
      .poll(async () => (await myOrders(c.page)).find((o) => o._id === c.orderId)!.status)
      .toBe('Order Delivered');

  // The kitchen closes, so that no later journey's storefront meets it.
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: false });
  await admin.dispose();
  for (const c of customers) await c.close();
  for (const c of [vendor, rider]) await c.context.close();
});
