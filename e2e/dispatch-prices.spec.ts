import { test, expect, type Browser, type Page } from '@playwright/test';
import {
  approvedRider,
  HALL_2,
  apiOk,
  hydrated,
  myDispatch,
  openProduct,
  productPath,
  saveAddress,
  signUpCustomer,
  unique,
} from './tests/helpers';

/**
 * Honest prices and an honest dispatch form on a 360x740 phone: the dispatch form says where the
 * delivery code goes and shows no ₦0 total before a drop-off; the drop-off keeps its block and
 * room, seen by the sender (with the code to pass on) and by the rider; a guest's cart shows
 * the delivery fee's range, then the fee to a hall they pick, before logging in.
 */

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

/** A naira amount as shown ("₦1,250", "from ₦150") as a number of naira. */
const naira = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Nothing on the page is wider than the phone (a clipped fee or label would push it sideways). */
async function fitsThePhone(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(PHONE.width);
}

/** A fresh approved rider, online, in a browser of their own. */
async function newRider(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  const admin = await browser.newContext({ baseURL });
  await approvedRider(page.request, admin.request, baseURL, { label: 'door-rider' });
  await admin.close();
  return { context, page };
}

test('dispatch: the form says where the code goes, the sender sees it, and block and room reach the rider', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const note = `Lab manual in a brown envelope #${unique()}`;
  await signUpCustomer(page.request, base, { label: 'door-sender' });
  // Hall 2 → Faculty of Engineering is about 0.63 km: the ₦600 tier.
  await saveAddress(page.request, base);

  await page.goto('/dispatch-request');
  await hydrated(page);
  await expect(page.getByRole('region', { name: 'Pick-up Location' })).toContainText(HALL_2.address);
  const summary = page.getByRole('region', { name: 'Order Summary' });

  // Before a drop-off: what is missing, and no amount that reads like the price.
  await expect(summary.getByTestId('delivery-fee')).toHaveText('Pick a drop-off to see the fee');
  await expect(summary.getByTestId('service-fee')).not.toContainText('₦');
  await expect(summary.getByTestId('total')).not.toContainText('₦');
  await expect(summary).not.toContainText('₦0');

  // Why the recipient's email is asked for.
  const email = page.getByLabel('Email address');
  await expect(email).toHaveAccessibleDescription(/delivery code is emailed here/);
  await expect(page.getByText(/You see the code too, on your dispatch, to pass on by phone/)).toBeVisible();

  await page.getByLabel('First Name').fill('Bola');
  await page.getByLabel('Last Name').fill('Ade');
  await email.fill('bola.ade@example.com');
  await page.getByRole('combobox', { name: 'Address' }).fill('Faculty of Engin');
  await page.getByRole('option', { name: /Faculty of Engineering/ }).click();
  const door = page.getByRole('group', { name: 'At the place (optional)' });
  await door.getByLabel('Block').fill('C');
  await door.getByLabel('Room').fill('214');
  await page.getByLabel(/Landmark/).fill('Blue gate by the soil lab');
  await page.getByLabel('Phone').fill('08051234567');
  await page.getByPlaceholder('Describe the item or delivery...').fill(note);

  await expect(summary.getByTestId('delivery-fee')).toHaveText('₦600');
  await expect(summary.getByTestId('service-fee')).toHaveText('₦10');
  await expect(summary.getByTestId('total')).toHaveText('₦610');
  await fitsThePhone(page);

  await page.getByRole('button', { name: 'Submit Dispatch Request' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦610$/ }).click();
  await expect(page).toHaveURL(/\/dispatch$/, { timeout: 20_000 });

  // The sender sees the code to pass on, and the door they gave.
  const card = page.getByTestId('dispatch-card').filter({ hasText: note });
  await expect(card).toContainText('Order Placed');
  const mine = await myDispatch(page.request, note);
  expect(mine.deliveryCode).toMatch(/^\d{4}$/);
  await expect(card.getByTestId('delivery-code')).toBeVisible();
  await expect(card.getByTestId('delivery-code').locator('span')).toHaveText(mine.deliveryCode.split(''));
  await expect(card).toContainText('Block C · Room 214');
  await expect(card).toContainText('Landmark: Blue gate by the soil lab');
  await fitsThePhone(page);

  // The rider sees block and room on the board and on the job.
  const rider = await newRider(browser, base);
  await rider.page.goto('/rider');
  const job = rider.page.locator(`[data-job-id="${mine._id}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await expect(job).toContainText('Block C · Room 214');
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(rider.page).toHaveURL(/\/rider\/active$/);
  const active = rider.page.locator(`[data-testid="active-job"][data-job-id="${mine._id}"]`);
  await expect(active).toContainText('Block C · Room 214');
  await expect(active).toContainText('Landmark: Blue gate by the soil lab');
  await fitsThePhone(rider.page);
  await rider.context.close();
});

test('cart: a guest sees the delivery fee range, then the fee to a hall they pick, before logging in', async ({
  page,
  baseURL,
}) => {
  const base = baseURL!;
  // One option only: Add to Cart adds it without asking which.
  const product = await openProduct(page.request, (p) => p.options.length === 1);
  const config = (await (await page.request.get('/api/config')).json()) as {
    deliveryFeeRange: { min: number; max: number };
  };
  const shown = (n: number) => `₦${n.toLocaleString('en-NG')}`;

  await page.goto(productPath(product));
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await hydrated(page);

  // Before any place: the range from the server's fee table, and fees that say they are the least.
  await expect(page.getByTestId('summary-delivery')).toHaveText('Select an address');
  await expect(page.getByTestId('summary-delivery-range')).toHaveText(
    `${shown(config.deliveryFeeRange.min)}–${shown(config.deliveryFeeRange.max)} depending on distance`,
  );
  await expect(page.getByTestId('summary-service')).toHaveText(/^from ₦[\d,]+$/);
  await expect(page.getByTestId('summary-total')).toHaveText(/^from ₦[\d,]+$/);
  await expect(page.getByText('Total ₦0')).toHaveCount(0);
  const serviceFrom = naira(await page.getByTestId('summary-service').textContent());
  const totalFrom = naira(await page.getByTestId('summary-total').textContent());
  await fitsThePhone(page);

  // A hall picked from the place search prices the delivery, still as a guest.
  const place = (
    (await (await page.request.get('/api/geocoding/search?q=Hall%202')).json()).data as {
      display_name: string;
      lat: number;
      lon: number;
    }[]
  )[0]!;
  const quote = await apiOk(page.request, base, '/api/order/delivery-fee', {
    latitude: place.lat,
    longitude: place.lon,
    vendorIds: [product.vendorId],
  });
  const fee = (await quote.json()).totalDeliveryFee as number;

  await page.getByRole('combobox', { name: 'Deliver to (for the fee)' }).fill('Hall 2');
  await page.getByRole('option', { name: place.display_name }).click();
  await expect(page.getByTestId('summary-delivery')).toHaveText(shown(fee));
  await expect(page.getByTestId('summary-delivery-range')).toHaveCount(0);
  await expect(page.getByTestId('summary-service')).toHaveText(/^₦[\d,]+$/);
  await expect(page.getByTestId('summary-total')).toHaveText(/^₦[\d,]+$/);
  const items = naira(await page.getByTestId('summary-items').textContent());
  const service = naira(await page.getByTestId('summary-service').textContent());
  const total = naira(await page.getByTestId('summary-total').textContent());
  expect(total).toBe(items + fee + service);
  expect(service).toBeGreaterThanOrEqual(serviceFrom);
  expect(total).toBeGreaterThanOrEqual(totalFrom);
  await expect(page.getByRole('button', { name: 'Login to Place Order' })).toBeEnabled();
  await fitsThePhone(page);
});
