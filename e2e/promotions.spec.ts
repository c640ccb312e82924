import { test, expect, devices, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  CUSTOMER,
  RIDER,
  VENDOR,
  apiOk,
  cartLine,
  customerWithCart,
  fillCart,
  hydrated,
  openProduct,
  placeOrder,
  saveAddress,
  seriousViolations,
  signIn,
  unique,
} from './tests/helpers';

/**
 * Promotions (issue 32, decision 0051), on phones: a shop creates a 10 % code for its own items in
 * /seller; a verified customer applies it in the cart, pays on the sandbox and sees the discount
 * and who paid it on the order; the shop sees it on its order and, once delivered, in its earnings.
 * An unverified customer is told why the admin's first-order code does not apply to them. A
 * payment declined with a code applied gives its use back: the code limited to one use works again,
 * and the admin's uses per person show it given back (and bar the person from every offer).
 */

const { defaultBrowserType: _, ...PHONE } = devices['Pixel 7'];

async function phone(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  if (who) await signIn(page.request, baseURL, who);
  return { context, page };
}

/** A code no other run has: letters and digits, as a shop would type it. */
const codeFor = (prefix: string) =>
  `${prefix}${unique()
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')}`.slice(0, 20);

/** On /cart: types the code as a customer might (lower case, a space) and taps Apply. */
async function applyCode(page: Page, code: string) {
  const field = page.getByRole('textbox', { name: 'Promo code' });
  await field.fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** The naira figure of a text such as "₦1,234.50". */
const naira = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('a shop’s 10 % code: applied in the cart, paid, on the order, the shop’s order and its earnings', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const vendor = await phone(browser, base, VENDOR);
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });
  const { products } = (await (await vendor.page.request.get('/api/seller/products')).json()) as {
    products: { _id: string; name: string; inStock: boolean; options: { _id: string }[] }[];
  };
  const product = products.find((p) => p.inStock)!;
  const shop = (
    (await (await vendor.page.request.get('/api/seller/me')).json()) as { vendor: { businessName: string } }
  ).vendor.businessName;

  // The shop creates its code in /seller: 10 % off, once per person.
  const code = codeFor('TEN');
  const title = `10% off ${shop}`;
  await vendor.page.goto('/seller');
  await vendor.page
    .getByRole('navigation', { name: 'Seller sections' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await vendor.page.getByRole('link', { name: 'New offer' }).click();
  const form = vendor.page.getByRole('form', { name: 'New offer' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Code (optional)').fill(code.toLowerCase());
  await form.getByLabel('Percent off').fill('10');
  await form.getByLabel('Uses per person').fill('1');
  expect(await seriousViolations(vendor.page, 'main')).toEqual([]);
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(vendor.page.getByText('Offer created')).toBeVisible();
  await expect(vendor.page).toHaveURL(/\/seller\/promotions$/);
  const card = vendor.page.getByRole('listitem').filter({ hasText: code });
  await expect(card).toContainText('10% off');
  await expect(card).toContainText('Running');
  await expect(card.getByTestId('promotion-use')).toHaveText('0 uses · ₦0 spent');

  // A verified customer (the demo accounts are) applies it in the cart, lower case and spaced.
  const customer = await phone(browser, base, CUSTOMER);
  await saveAddress(customer.page.request, base, { email: CUSTOMER.email });
  await fillCart(customer.page.request, base, cartLine(product, 2));
  const page = customer.page;
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  const before = naira((await page.getByTestId('summary-total').textContent())!);
  await applyCode(page, code);
  await expect(page.getByTestId('promo-applied')).toHaveText(`${code} applied`);
  const line = page.getByTestId('summary-discount');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`${code} · ${title} (paid by ${shop})`);
  const off = naira((await line.locator('dd').textContent())!);
  expect(off).toBeGreaterThan(0);
  await expect.poll(async () => naira((await page.getByTestId('summary-total').textContent())!)).toBeLessThan(before);
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Pays what the summary says (placeOrder checks the sandbox asks for the same total).
  const total = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
  const { orders } = (await (await page.request.get('/api/order/user')).json()) as {
    orders: {
      _id: string;
      amount: number;
      itemsPrice: number;
      deliveryFee: number;
      serviceFee: number;
      deliveryCode: string | null;
      discounts: { code: string | null; amount: number; fundedBy: string }[];
    }[];
  };
  const order = orders[0]!;
  expect(order.discounts).toEqual([expect.objectContaining({ code, amount: off, fundedBy: 'vendor' })]);
  // The order's figures add up: items + delivery − discounts + service = what was paid.
  expect(order.itemsPrice + order.deliveryFee - off + order.serviceFee).toBeCloseTo(order.amount, 2);
  const orderCard = page.getByTestId('order-card').first();
  await expect(orderCard.getByTestId('order-discount')).toContainText(`${code} · ${title} (paid by ${shop})`);
  await expect(orderCard).toContainText(total);

  // The shop sees the discount on its order, as its own.
  await vendor.page.goto('/seller');
  const shopOrder = vendor.page.locator('section').filter({ hasText: `Order #${order._id.slice(0, 8)}` });
  await expect(shopOrder.getByTestId('seller-order-discount')).toContainText(code, { timeout: 15_000 });
  await expect(shopOrder.getByTestId('seller-order-discount')).toContainText(
    'Paid by your shop: it comes off your earnings',
  );

  // Delivered (the shop confirms, the rider carries it with the customer's code)…
  await apiOk(vendor.page.request, base, `/api/seller/orders/${order._id}/confirm`, {});
  const rider = await phone(browser, base, RIDER);
  await apiOk(rider.page.request, base, '/api/rider/online', { isOnline: true });
  await expect
    .poll(
      async () =>
        (
          await rider.page.request.post(`/api/rider/jobs/order/${order._id}/accept`, {
            data: {},
            headers: { Origin: base },
          })
        ).status(),
      { timeout: 40_000 },
    )
    .toBe(200);
  await apiOk(rider.page.request, base, `/api/rider/jobs/order/${order._id}/picked`, {});
  const mine = (await (await page.request.get('/api/order/user')).json()) as { orders: typeof orders };
  const deliveryCode = mine.orders.find((o) => o._id === order._id)!.deliveryCode!;
  await apiOk(rider.page.request, base, `/api/rider/jobs/order/${order._id}/deliver`, { code: deliveryCode });

  // …the shop's earnings show what its own offer took off.
  await vendor.page.goto('/seller/earnings');
  await expect(vendor.page.getByTestId('earnings-discount').first()).toBeVisible({ timeout: 15_000 });
  const { earnings } = (await (await vendor.page.request.get('/api/seller/earnings')).json()) as {
    earnings: { entries: { _id: string; discount?: number; label: string }[] };
  };
  expect(earnings.entries.some((e) => e.discount === off)).toBe(true);

  // The shop's list counts the use and what it cost.
  await vendor.page
    .getByRole('navigation', { name: 'Seller sections' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(card.getByTestId('promotion-use')).toContainText('1 use');
  for (const c of [vendor, customer, rider]) await c.context.close();
});

test('an unverified customer is told why the admin’s first-order code does not apply', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const admin = await phone(browser, base, ADMIN);
  const code = codeFor('FIRST');
  const title = `₦300 off your first order ${code.slice(-4)}`;
  await admin.page.goto('/admin/promotions');
  await admin.page.getByRole('link', { name: 'New platform offer' }).click();
  const form = admin.page.getByRole('form', { name: 'New offer' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Code (optional)').fill(code);
  await form.getByLabel('A fixed amount off the items').check();
  await form.getByLabel('Amount off (₦)').fill('300');
  await form.getByLabel('First order only').check();
  expect(await seriousViolations(admin.page, 'main')).toEqual([]);
  await form.getByRole('button', { name: 'Create offer' }).click();
  await expect(admin.page.getByText('Offer created')).toBeVisible();
  const card = admin.page.getByTestId('promotion-card').filter({ hasText: code });
  await expect(card).toContainText('Paid by Jara');
  await expect(card).toContainText('First order only');

  // A new account has not verified its email: the code is refused with why, the total unchanged.
  const customer = await phone(browser, base);
  const product = await openProduct(customer.page.request);
  await customerWithCart(customer.page.request, base, cartLine(product, 2), { label: 'firstorder' });
  const page = customer.page;
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  const total = (await page.getByTestId('summary-total').textContent())!;
  await applyCode(page, code);
  const alert = page.getByRole('alert').filter({ hasText: title });
  await expect(alert).toContainText('is for verified accounts');
  await expect(alert).toContainText('verify your email');
  await expect(page.getByTestId('summary-total')).toHaveText(total);
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Promo code' })).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);
  for (const c of [admin, customer]) await c.context.close();
});

test('a payment declined with a code applied gives its use back: the one-use code works again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const admin = await phone(browser, base, ADMIN);
  const code = codeFor('ONCE');
  const title = `₦200 off, once ${code.slice(-4)}`;
  // Made through the admin's API: one use in all, for anyone.
  await apiOk(admin.page.request, base, '/api/admin/promotions', {
    title,
    code,
    kind: 'fixed',
    amount: 200,
    maxUses: 1,
  });

  const vendor = await phone(browser, base, VENDOR);
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });
  const { products } = (await (await vendor.page.request.get('/api/seller/products')).json()) as {
    products: { _id: string; inStock: boolean; options: { _id: string }[] }[];
  };
  const customer = await phone(browser, base);
  const account = await customerWithCart(
    customer.page.request,
    base,
    cartLine(
      products.find((p) => p.inStock)!,
      2,
    ),
    {
      label: 'declined',
      name: 'Dami Declined',
    },
  );
  const page = customer.page;
  await page.goto('/cart');
  await hydrated(page);
  await applyCode(page, code);
  await expect(page.getByTestId('promo-applied')).toHaveText(`${code} applied`);
  await expect(page.getByTestId('summary-discount')).toContainText(`${code} · ${title} (paid by Jara)`);
  await placeOrder(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/cart\?payment=failed$/, { timeout: 15_000 });
  await expect(page.getByText('Your payment was declined.')).toBeVisible();

  // Its one use was given back: the code applies again.
  await hydrated(page);
  await applyCode(page, code);
  await expect(page.getByTestId('promo-applied')).toHaveText(`${code} applied`);

  // The admin's uses per person say so; barring the person refuses them every offer, until unbarred.
  await admin.page.goto('/admin/promotions');
  const card = admin.page.getByRole('listitem').filter({ hasText: code });
  await card.getByRole('button', { name: 'Uses per person' }).click();
  const person = card.getByTestId('promotion-person').filter({ hasText: account.email });
  await expect(person.getByTestId('promotion-released')).toContainText('1');
  expect(await seriousViolations(admin.page, 'main')).toEqual([]);
  await person.getByRole('button', { name: 'Bar Dami Declined from every offer' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Bar Dami Declined from every offer?' });
  await dialog.getByLabel('Reason (optional)').fill('Journey check');
  await dialog.getByRole('button', { name: 'Bar from offers' }).click();
  await expect(admin.page.getByText('Dami Declined is barred from offers')).toBeVisible();
  await expect(person).toContainText('Barred');

  await page.getByRole('button', { name: `Remove the code ${code}` }).click();
  await applyCode(page, code);
  await expect(page.getByTestId('promo-error')).toBeVisible();
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);

  await person.getByRole('button', { name: 'Unbar Dami Declined' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Unbar' }).click();
  await expect(admin.page.getByText('Dami Declined can use offers again')).toBeVisible();
  await applyCode(page, code);
  await expect(page.getByTestId('promo-applied')).toHaveText(`${code} applied`);
  for (const c of [admin, vendor, customer]) await c.context.close();
});
