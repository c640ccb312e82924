import { test, expect, type Page } from '@playwright/test';
import { CUSTOMER, alwaysOpenVendorIds, apiPost, cartBadge, openLoginModal } from './tests/helpers';

/**
 * Checkout (issue 4): guest cart → login → address picked from suggestions → sandbox payment →
 * My Orders; a declined payment leaves no order; cancelling within the window shows Order Cancelled.
 */

interface Product {
  _id: string;
  name: string;
  category: string;
  vendorId: string;
  inStock: boolean;
  options: { _id: string; price: number; offerPrice: number | null }[];
}

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Customer',
  email: 'customer@jara.test',
  address: 'Hall 2 (Tinubu Hall), University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
  latitude: 6.39795,
  longitude: 5.6196,
};

/** An in-stock product of a vendor open round the clock, whatever the hour the journey runs. */
async function openProduct(page: Page): Promise<Product> {
  const [products, open] = await Promise.all([
    page.request.get('/api/product/list').then((r) => r.json() as Promise<{ products: Product[] }>),
    alwaysOpenVendorIds(page.request),
  ]);
  const p =
    products.products.find((x) => x.inStock && open.has(x.vendorId) && x.category !== 'food') ??
    products.products.find((x) => x.inStock && open.has(x.vendorId));
  if (!p) throw new Error('no open vendor with an in-stock product');
  return p;
}

const productPath = (p: Product) =>
  p.category === 'food' ? `/products/food/${p.vendorId}/${p._id}` : `/products/${p.category}/${p._id}`;

/** A new customer with a session in this browser context, one address and the product in the cart. */
async function freshCustomerWithCart(page: Page, baseURL: string, product: Product) {
  const email = `checkout-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  expect(
    (
      await apiPost(page.request, baseURL, '/api/user/register', {
        name: 'Checkout Tester',
        email,
        password: 'Checkout#2026',
      })
    ).ok(),
  ).toBe(true);
  expect((await apiPost(page.request, baseURL, '/api/address/add', { ...ADDRESS, email })).ok()).toBe(true);
  expect(
    (
      await apiPost(page.request, baseURL, '/api/cart/update', {
        cartItems: { [product._id]: { [product.options[0]!._id]: 1 } },
      })
    ).ok(),
  ).toBe(true);
  return email;
}

/** From /cart: Place Order, then the sandbox page; returns the total the cart showed. */
async function placeOrder(page: Page) {
  await page.goto('/cart');
  const total = page.getByTestId('summary-total');
  // The fee is known (a price or "Free", not the placeholder while it loads): the total is final.
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  const shown = (await total.textContent())!.trim();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/jara-o-/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(shown);
  return shown;
}

test('guest adds items → logs in → adds an address from suggestions → pays on the sandbox → My Orders shows Order Placed', async ({
  page,
}) => {
  const product = await openProduct(page);
  await page.goto(productPath(product));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login to Place Order' })).toBeVisible();

  // Nothing on the cart is wider than the phone (a wide page once pushed the login modal's
  // button off the screen, under the Password field).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // Log in from the menu, tapping the Login button.
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('Email').fill(CUSTOMER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();

  // A new address, picked from the server's suggestions.
  await page.getByRole('link', { name: 'Add address' }).click();
  await expect(page).toHaveURL(/\/add-address$/);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Customer');
  await page.getByLabel('Email address').fill(CUSTOMER.email);
  await page.getByLabel('Phone').fill('0803 123 4567');
  const save = page.getByRole('button', { name: 'Save Address' });
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('Faculty of Engin');
  await expect(save).toBeDisabled();
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  const picked = (await option.textContent())!.trim();
  await option.click();
  await expect(address).toHaveValue(picked);
  // Editing the text keeps the pin and says so (decision 0012: a typed room or lodge name is kept).
  await address.press('End');
  await address.type('x');
  await expect(page.getByText('Map pin at the nearest known place:')).toBeVisible();
  await expect(save).toBeEnabled();
  await address.press('Backspace');
  await page.getByRole('option', { name: picked }).click();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);

  // Pick the new address and pay what the cart shows.
  await page
    .getByRole('radio', { name: new RegExp(picked.slice(0, 20).replace(/[()]/g, '.')) })
    .first()
    .check();
  const shown = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  await expect(page).toHaveURL(/\/loader\?next=my-orders/);
  await expect(page.getByText('Payment confirmed. Thank you!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const first = page.getByTestId('order-card').first();
  await expect(first.getByTestId('order-status')).toHaveText('Order Placed');
  await expect(first).toContainText(shown);
  await expect(first).toContainText(product.name);
  await expect(cartBadge(page)).toHaveText('0');
});

test('declining on the sandbox page leaves no order and returns to the cart, which is kept', async ({
  page,
  baseURL,
}) => {
  const product = await openProduct(page);
  await freshCustomerWithCart(page, baseURL!, product);
  await placeOrder(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/cart\?payment=failed$/, { timeout: 15_000 });
  await expect(page.getByText('Your payment was declined.')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');
  expect((await (await page.request.get('/api/order/user')).json()).orders).toEqual([]);
});

test('cancelling within the window shows Order Cancelled', async ({ page, baseURL }) => {
  const product = await openProduct(page);
  await freshCustomerWithCart(page, baseURL!, product);
  const shown = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  await expect(page.getByText('Order cancelled. Your refund is on its way.')).toBeVisible();
  await expect(card.getByTestId('order-status')).toHaveText('Order Cancelled');
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
});

test('paying without an address says so', async ({ page, baseURL }) => {
  const product = await openProduct(page);
  const email = `noaddr-${Date.now().toString(36)}@example.com`;
  expect(
    (
      await apiPost(page.request, baseURL!, '/api/user/register', {
        name: 'No Address',
        email,
        password: 'Checkout#2026',
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await apiPost(page.request, baseURL!, '/api/cart/update', {
        cartItems: { [product._id]: { [product.options[0]!._id]: 1 } },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/cart');
  await expect(page.getByText('No address found')).toBeVisible();
  // No address, no fee yet: never "Free" (issue 13).
  await expect(page.getByTestId('summary-delivery')).toHaveText('Select an address');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Please select an address')).toBeVisible();
});
