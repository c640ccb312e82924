import { test, expect, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  RIDER,
  VENDOR,
  apiOk,
  applyToSell,
  cartLine,
  customerWithCart,
  openSection,
  paidDispatch,
  payCart,
  saveAddress,
  seriousViolations,
  signIn,
  signUpCustomer,
  unique,
  uploadPhoto,
} from './tests/helpers';

/**
 * Portals (issue 7), the whole loop with four browser contexts — customer, vendor, rider and
 * admin — plus a second shop driven through its API: a new shop applies and the admin approves
 * it on /admin; the customer pays for a two-vendor cart; each vendor confirms (the demo vendor
 * on /seller); the rider accepts on /rider, picks up and enters the code the customer sees;
 * the customer's /my-orders follows every change live until Order Delivered. Then the same for
 * a dispatch on /dispatch.
 */

async function contextFor(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  if (who) await signIn(page.request, baseURL, who);
  return { context, page };
}

/** A second shop: applies through the API; the admin approves it in the browser. */
async function secondShop(browser: Browser, baseURL: string, admin: Page) {
  const { context, page } = await contextFor(browser, baseURL);
  await signUpCustomer(page.request, baseURL, { label: 'shop', name: 'Second Shop Owner' });
  const businessName = `Loop Snacks ${unique()}`;
  await applyToSell(page.request, baseURL, { businessName, kind: 'goods' });

  await admin.goto('/admin');
  await admin.getByRole('button', { name: `Approve ${businessName}` }).click();
  await expect(admin.getByText('Approved; the applicant is emailed')).toBeVisible();
  await openSection(admin, 'Mail outbox');
  await expect(admin.getByText('Your Jara shop is approved').first()).toBeVisible();

  const made = await apiOk(page.request, baseURL, '/api/seller/products', {
    name: `Chin chin ${unique()}`,
    category: 'cosmetics',
    images: [await uploadPhoto(page.request, baseURL, 'product')],
    options: [{ name: '', price: 700 }],
  });
  return {
    context,
    page,
    product: (await made.json()).product as { _id: string; name: string; options: { _id: string }[] },
  };
}

const orderStatus = (page: Page) => page.getByTestId('order-card').first().getByTestId('order-status');

test('the whole loop: two-vendor order and a dispatch, from payment to Order Delivered, live', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const admin = await contextFor(browser, base, ADMIN);
  const vendor = await contextFor(browser, base, VENDOR);
  const rider = await contextFor(browser, base, RIDER);
  const customer = await contextFor(browser, base);
  const shop2 = await secondShop(browser, base, admin.page);

  // The demo vendor's shop is the first seeded one; make sure it is taking orders all day.
  const vendorProducts = (await (await vendor.page.request.get('/api/seller/products')).json()).products as {
    _id: string;
    name: string;
    inStock: boolean;
    options: { _id: string }[];
  }[];
  const productA = vendorProducts.find((p) => p.inStock)!;
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });

  // The customer: a fresh account with an address and a two-vendor cart.
  const { email } = await customerWithCart(
    customer.page.request,
    base,
    { ...cartLine(productA), ...cartLine(shop2.product, 2) },
    { label: 'loop', name: 'Ada Loop' },
  );

  // The vendor has the seller screen open before the order arrives.
  await vendor.page.goto('/seller');
  await expect(vendor.page.getByRole('navigation', { name: 'Seller sections' })).toBeVisible();

  const { orderId } = await payCart(customer.page);
  await expect(orderStatus(customer.page)).toHaveText('Order Placed');

  // Vendor 1 sees the order live (badge and card) and confirms it on /seller.
  const card = vendor.page.locator('section').filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(productA.name);
  await expect(card).toContainText('Call 08031234567');
  await card.getByRole('button', { name: 'Confirm order' }).click();
  await expect(card.getByText('Order Confirmed').first()).toBeVisible();
  // The other shop's items still wait: the order's shown status stays at the earliest stage.
  await expect(orderStatus(customer.page)).toHaveText('Order Placed');
  await apiOk(shop2.page.request, base, `/api/seller/orders/${orderId}/confirm`, {});
  await expect(orderStatus(customer.page)).toHaveText('Order Confirmed');

  // The rider takes it from the live board, picks up and delivers with the customer's code.
  await rider.page.goto('/rider');
  const job = rider.page.locator(`[data-job-id="${orderId}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await expect(job.getByText(/Pick up 1:/)).toBeVisible();
  await expect(job.getByText(/Pick up 2:/)).toBeVisible();
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(rider.page).toHaveURL(/\/rider\/active$/);
  await expect(orderStatus(customer.page)).toHaveText('Order Assigned');
  const active = rider.page.locator(`[data-testid="active-job"][data-job-id="${orderId}"]`);
  await expect(active.getByRole('link', { name: /Navigate/ }).first()).toHaveAttribute(
    'href',
    /openstreetmap\.org\/directions/,
  );
  await expect(active.getByRole('link', { name: 'Call 08031234567' })).toBeVisible();
  await active.getByRole('button', { name: 'Picked up' }).click();
  await expect(orderStatus(customer.page)).toHaveText('Order Picked');

  const codeBoxes = customer.page.getByTestId('order-card').first().getByTestId('delivery-code');
  await expect(codeBoxes).toBeVisible();
  const code = ((await codeBoxes.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  expect(code).toMatch(/^\d{4}$/);
  const wrong = code === '0000' ? '1111' : '0000';
  await active.getByLabel("Customer's delivery code").fill(wrong);
  await active.getByRole('button', { name: 'Delivered' }).click();
  await expect(rider.page.getByText('Wrong delivery code. 4 tries left.')).toBeVisible();
  await active.getByLabel("Customer's delivery code").fill(code);
  await active.getByRole('button', { name: 'Delivered' }).click();
  await expect(orderStatus(customer.page)).toHaveText('Order Delivered');
  await expect(rider.page.getByText('No active job. Accept one from the job board.')).toBeVisible();

  // The admin sees the whole history with who did what.
  await admin.page.goto('/admin/orders');
  await admin.page.getByRole('button', { name: new RegExp(`#${orderId.slice(0, 8)}`) }).click();
  await expect(admin.page.getByText('Status history')).toBeVisible();
  await expect(admin.page.getByText('Rotimi Rider').first()).toBeVisible();

  // The same for a dispatch: the sender pays, the rider carries it, /dispatch follows live.
  const pickup = await saveAddress(customer.page.request, base, { email, address: 'Hall 2, room 12' });
  const note = `Loop parcel ${unique()}`;
  const { _id: dispatchId } = await paidDispatch(customer.page, base, {
    pickupAddress: pickup._id,
    email,
    note,
    isExpress: true,
  });
  const dcard = customer.page.getByTestId('dispatch-card').filter({ hasText: note });
  await expect(dcard).toContainText('Order Placed');

  await openSection(rider.page, 'Job board');
  const djob = rider.page.locator(`[data-job-id="${dispatchId}"]`);
  await expect(djob).toBeVisible({ timeout: 35_000 });
  await expect(djob).toContainText('Express');
  await djob.getByRole('button', { name: 'Accept job' }).click();
  await expect(dcard).toContainText('Order Assigned');
  const dactive = rider.page.locator(`[data-testid="active-job"][data-job-id="${dispatchId}"]`);
  await dactive.getByRole('button', { name: 'Picked up' }).click();
  await expect(dcard).toContainText('Order Picked');
  const dcode = ((await dcard.getByTestId('delivery-code').getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  await dactive.getByLabel("Customer's delivery code").fill(dcode);
  await dactive.getByRole('button', { name: 'Delivered' }).click();
  await expect(dcard).toHaveCount(0);
  await customer.page.getByRole('tab', { name: 'Completed Orders' }).click();
  await expect(customer.page.getByTestId('dispatch-card').filter({ hasText: note })).toContainText('Order Delivered');

  // The rider's earnings include both delivery fees.
  await openSection(rider.page, 'Earnings');
  const payoutForm = rider.page.getByRole('form', { name: 'Request a payout' });
  await payoutForm.getByLabel('Account name').fill('Rotimi Rider');
  await payoutForm.getByLabel('Account number').fill('0123456789');
  await payoutForm.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
  await payoutForm.getByRole('button', { name: /^Request payout of ₦/ }).click();
  await expect(rider.page.getByText('Payout requested: paid the next working day')).toBeVisible();
  await expect(rider.page.getByText(/Guaranty Trust Bank ••••6789/)).toBeVisible();

  for (const c of [admin, vendor, rider, customer, shop2]) await c.context.close();
});

test('portal screens refuse the wrong people', async ({ browser, baseURL }) => {
  const customer = await contextFor(browser, baseURL!);
  await signUpCustomer(customer.page.request, baseURL!, { label: 'nosy', name: 'Nosy' });
  await customer.page.goto('/admin');
  await expect(customer.page.getByText('This area is for admins only.')).toBeVisible();
  await customer.page.goto('/seller');
  await expect(customer.page.getByRole('heading', { name: 'Sell on Jara' })).toBeVisible();
  expect(await seriousViolations(customer.page, 'main')).toEqual([]);
  await customer.page.goto('/rider');
  await expect(customer.page.getByRole('button', { name: 'Apply to ride' })).toBeVisible();
  expect(await seriousViolations(customer.page, 'main')).toEqual([]);
  await customer.page.getByRole('button', { name: 'Apply to ride' }).click();
  await expect(customer.page.getByText('Please accept the rider terms.')).toBeVisible();
  await customer.context.close();
});

test('the portals pass the accessibility checks', async ({ browser, baseURL }) => {
  // Twenty-two pages, each logged in and checked by axe: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  for (const [who, paths] of [
    [
      VENDOR,
      [
        '/seller',
        '/seller/products',
        '/seller/products/new',
        '/seller/promotions',
        '/seller/promotions/new',
        '/seller/earnings',
        '/seller/shop',
      ],
    ],
    [RIDER, ['/rider', '/rider/active', '/rider/history', '/rider/earnings']],
    [
      ADMIN,
      [
        '/admin',
        '/admin/users',
        '/admin/orders',
        '/admin/dispatches',
        '/admin/refunds',
        '/admin/promotions',
        '/admin/promotions/new',
        '/admin/categories',
        '/admin/banners',
        '/admin/outbox',
        '/admin/eta',
      ],
    ],
  ] as const) {
    const { context, page } = await contextFor(browser, baseURL!, who);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: /sections$/ })).toBeVisible();
      await expect(page.locator('main [role="status"]')).toHaveCount(0, { timeout: 15_000 });
      expect(await seriousViolations(page, 'main'), path).toEqual([]);
    }
    await context.close();
  }
});
