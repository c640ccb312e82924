import { test, expect, type Browser, type Page } from '@playwright/test';
import { apiPost, hydrated, pinJourneyClock, searchBox } from './tests/helpers';

/**
 * Issue 13 on a phone: an address down to the door reaches the rider; a typo still finds the
 * food; a closed kitchen's dish cannot be added, and the page says why and when it opens.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const VENDOR = { email: 'vendor@jara.test', password: 'Vendor#2026' };
const RIDER = { email: 'rider@jara.test', password: 'Rider#2026' };

interface Product {
  _id: string;
  name: string;
  category: string;
  vendorId: string;
  options: { _id: string }[];
}

async function contextFor(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (who) expect((await apiPost(page.request, baseURL, '/api/user/login', who)).ok()).toBe(true);
  return { context, page };
}

/** The demo vendor's shop (Mama Osas Kitchen) and its Jollof Rice. */
async function vendorJollof(page: Page): Promise<Product> {
  const { products } = (await (await page.request.get('/api/product/list?q=jollof%20rice%20chicken')).json()) as {
    products: Product[];
  };
  const p = products.find((x) => x.name === 'Jollof Rice');
  if (!p) throw new Error('the demo seed has no Jollof Rice');
  return p;
}

test('an address with block and room is saved and shown to the rider, with the checkout note', async ({
  page,
  baseURL,
  browser,
}) => {
  const base = baseURL!;
  const email = `door-${Date.now().toString(36)}@example.com`;
  expect(
    (
      await apiPost(page.request, base, '/api/user/register', { name: 'Door Tester', email, password: 'Door#2026ok' })
    ).ok(),
  ).toBe(true);
  const product = await vendorJollof(page);

  await page.goto('/add-address');
  await page.getByLabel('First Name').fill('Ifeoma');
  await page.getByLabel('Last Name').fill('Door');
  await page.getByLabel('Email address').fill(email);
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('hall 3 aminu');
  await page.getByRole('option', { name: /Hall 3 \(Aminu Kano Hall\)/ }).click();
  await expect(page.getByTestId('map-pin')).toContainText('Hall 3 (Aminu Kano Hall)');
  // Editing the text keeps the pin, and says where it is.
  await address.fill('Hall 3, Aminu Kano Hall (new wing)');
  await expect(page.getByTestId('map-pin')).toContainText('nearest known place: Hall 3 (Aminu Kano Hall)');
  await page.getByLabel('Block / wing').fill('C');
  await page.getByLabel('Floor').fill('2');
  await page.getByLabel('Room / flat').fill('214');
  await page.getByLabel('Landmark or directions (optional)').fill('Opposite the water tank');
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();

  // The cart shows it; the note goes with the order.
  expect(
    (
      await apiPost(page.request, base, '/api/cart/update', {
        cartItems: { [product._id]: { [product.options[0]!._id]: 1 } },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/cart');
  await expect(page.getByText('Block C · Floor 2 · Room 214')).toBeVisible();
  await page.getByLabel('Delivery note (optional)').fill('Call me from the porter’s lodge');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
  const orderId = ((await (await page.request.get('/api/order/user')).json()).orders[0] as { _id: string })._id;

  // The vendor sees the door and the note, and confirms.
  const vendor = await contextFor(browser, base, VENDOR);
  await vendor.page.goto('/seller');
  const card = vendor.page.locator('section').filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await expect(card.getByTestId('door-details')).toContainText('Block C · Floor 2 · Room 214', { timeout: 15_000 });
  await expect(card.getByTestId('door-details')).toContainText('Call me from the porter’s lodge');
  expect((await apiPost(vendor.page.request, base, `/api/seller/orders/${orderId}/confirm`, {})).ok()).toBe(true);

  // The rider's job card shows block, floor, room, landmark and the note.
  const rider = await contextFor(browser, base, RIDER);
  await rider.page.goto('/rider');
  const job = rider.page.locator(`[data-job-id="${orderId}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await expect(job.getByTestId('door-details')).toContainText('Block C · Floor 2 · Room 214');
  await expect(job.getByTestId('door-details')).toContainText('Landmark: Opposite the water tank');
  await expect(job).toContainText('Note: Call me from the porter’s lodge');
  await vendor.context.close();
  await rider.context.close();
});

test('"jolof" finds Jollof Rice', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await searchBox(page).fill('jolof');
  await expect(page).toHaveURL(/\/products\?search=jolof/);
  await expect(page.getByRole('link', { name: 'Jollof Rice', exact: true })).toBeVisible();
  // Sort and filter keep the search.
  await page.getByLabel('Category').selectOption('food');
  await expect(page).toHaveURL(/category=food/);
  await expect(page.getByRole('link', { name: 'Jollof Rice', exact: true })).toBeVisible();
});

test('a closed vendor’s dish cannot be added, and the page says why and when it opens', async ({
  page,
  baseURL,
  browser,
}) => {
  const base = baseURL!;
  const product = await vendorJollof(page);
  // Wednesday noon in Lagos, for this page as for the server: the hours below decide alone.
  await pinJourneyClock(page);
  // A guest puts it in the cart while the kitchen is open.
  await page.goto(`/products/food/${product.vendorId}/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart')).toBeVisible();

  // The kitchen's hours change to 14:00–15:00 (Lagos time) every day: closed at noon.
  const vendor = await contextFor(browser, base, VENDOR);
  const me = (await (await vendor.page.request.get('/api/seller/me')).json()).vendor as Record<string, unknown> & {
    openingHours: unknown;
    placeId: string | null;
  };
  const placeId =
    me.placeId ??
    ((await (await vendor.page.request.get('/api/geocoding/search?q=UNIBEN%20Main%20Gate')).json()).data[0]
      .place_id as string);
  const later = Object.fromEntries(
    ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '14:00', close: '15:00' }]),
  );
  const profile = {
    businessName: me.businessName,
    kind: me.kind,
    phone: me.phone,
    placeId,
    profilePhoto: me.profilePhoto,
  };
  expect(
    (await apiPost(vendor.page.request, base, '/api/seller/apply', { ...profile, openingHours: later })).ok(),
  ).toBe(true);
  try {
    await page.reload();
    const reason = page.getByRole('status').filter({ hasText: 'Closed · opens 14:00' });
    await expect(reason).toBeVisible();
    await expect(reason).toContainText('not taking orders right now');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy now' })).toBeDisabled();

    // The card says so too, and its cart button is off.
    await page.goto('/products?search=jollof');
    await expect(page.getByRole('button', { name: 'Add Jollof Rice to cart (Closed · opens 14:00)' })).toBeDisabled();

    // In the cart: the line says closed and the order waits, with the reason.
    await page.goto('/cart');
    await expect(page.getByRole('main').getByText('Closed · opens 14:00', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Jollof Rice: Closed · opens 14:00' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Place Order/ })).toBeDisabled();
  } finally {
    expect(
      (
        await apiPost(vendor.page.request, base, '/api/seller/apply', { ...profile, openingHours: me.openingHours })
      ).ok(),
    ).toBe(true);
    await vendor.context.close();
  }
});
