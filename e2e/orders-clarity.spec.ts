import { test, expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, apiPost } from './tests/helpers';

/**
 * My Orders on a 360×740 phone says where the order is going and why Cancel went away: the
 * collapsed row names the shop and the items, "Deliver to" gives block, floor, room, landmark and
 * the note with the city once, a fresh order counts down the time left to cancel, and once the
 * window has passed, or the vendor has confirmed, a sentence says why and what happens next.
 */

test.use({ viewport: { width: 360, height: 740 } });

const ALL_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
);
// A 1×1 PNG: the server re-encodes whatever it gets to WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function upload(request: APIRequestContext, baseURL: string, kind: 'profile' | 'product') {
  const res = await request.post(`/api/seller/upload?kind=${kind}`, {
    headers: { Origin: baseURL },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).url as string;
}

/** A kitchen open round the clock, approved by the admin, with two dishes. */
async function kitchen(request: APIRequestContext, admin: APIRequestContext, baseURL: string) {
  const email = `kitchen-${unique()}@example.com`;
  const registered = await apiPost(request, baseURL, '/api/user/register', {
    name: 'Osas Kitchen Owner',
    email,
    password: 'Kitchen#2026x',
  });
  expect(registered.ok()).toBe(true);
  const place = (await (await request.get('/api/geocoding/search?q=main%20gate')).json()).data[0];
  const businessName = `Mama Osas Kitchen ${unique()}`;
  const applied = await apiPost(request, baseURL, '/api/seller/apply', {
    businessName,
    kind: 'food',
    phone: '08061234567',
    placeId: place.place_id,
    openingHours: ALL_DAY,
    profilePhoto: await upload(request, baseURL, 'profile'),
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const shopId = (await applied.json()).vendor._id as string;
  expect((await apiPost(admin, baseURL, `/api/admin/applications/vendor/${shopId}/approve`, {})).ok()).toBe(true);
  const dish = async (name: string, price: number) => {
    const made = await apiPost(request, baseURL, '/api/seller/products', {
      name,
      category: 'food',
      images: [await upload(request, baseURL, 'product')],
      options: [{ name: '', price }],
    });
    expect(made.ok(), await made.text()).toBe(true);
    return (await made.json()).product as { _id: string; name: string; options: { _id: string }[] };
  };
  return {
    businessName,
    rice: await dish(`Jollof Rice ${unique()}`, 1500),
    plantain: await dish(`Fried Plantain ${unique()}`, 500),
  };
}

test('My Orders on a phone: shop and items in the row, the door in full, time left to cancel, then why not', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const admin = await playwright.request.newContext({ baseURL: base });
  const owner = await playwright.request.newContext({ baseURL: base });
  expect((await apiPost(admin, base, '/api/user/login', ADMIN)).ok()).toBe(true);
  const shop = await kitchen(owner, admin, base);

  // The page's clock runs as the real one until the journey moves it past the cancel window.
  await page.clock.install();

  // A customer whose saved address names its city, with the door inside the hall.
  const email = `clarity-${unique()}@example.com`;
  expect(
    (
      await apiPost(page.request, base, '/api/user/register', { name: 'Ada Clarity', email, password: 'Clarity#2026' })
    ).ok(),
  ).toBe(true);
  const address = await apiPost(page.request, base, '/api/address/add', {
    firstName: 'Ada',
    lastName: 'Clarity',
    email,
    address: 'Ugbowo, Benin City',
    city: 'Benin City',
    state: 'Edo',
    zipcode: '300283',
    country: 'Nigeria',
    phone: '08031234567',
    latitude: 6.39795,
    longitude: 5.6196,
    block: 'C',
    floor: '2',
    room: '214',
    landmark: 'Opposite the water tank',
  });
  expect(address.ok(), await address.text()).toBe(true);
  expect(
    (
      await apiPost(page.request, base, '/api/cart/update', {
        cartItems: {
          [shop.rice._id]: { [shop.rice.options[0]!._id]: 2 },
          [shop.plantain._id]: { [shop.plantain.options[0]!._id]: 1 },
        },
      })
    ).ok(),
  ).toBe(true);

  // Pay with a note for the rider.
  await page.goto('/cart');
  await page.getByLabel('Delivery note (optional)').fill('Call me at the porter’s lodge');
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });

  const card = page.getByTestId('order-card').first();
  const row = card.getByRole('button', { expanded: true });
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  // The row names the shop and the dishes, beside the date, the total and the status.
  await expect(card.getByTestId('order-summary')).toHaveText(`${shop.businessName} · ${shop.rice.name} ×2, +1 more`);

  // Where it is going, down to the door, and the city once.
  const deliverTo = card.getByTestId('deliver-to');
  await expect(deliverTo).toContainText('Deliver to: Ada Clarity · 08031234567');
  await expect(deliverTo).toContainText('Ugbowo, Benin City');
  await expect(deliverTo).not.toContainText('Benin City, Benin City');
  await expect(deliverTo).toContainText('Block C · Floor 2 · Room 214');
  await expect(deliverTo).toContainText('Landmark: Opposite the water tank');
  await expect(deliverTo).toContainText('Note: Call me at the porter’s lodge');

  // A fresh order counts down the time left to cancel, live.
  const notice = card.getByTestId('cancel-notice');
  await expect(notice).toHaveText(/^You can cancel for [45]:\d\d more\.$/);
  const shown = await card.getByRole('timer').textContent();
  await expect.poll(() => card.getByRole('timer').textContent(), { timeout: 5000 }).not.toBe(shown);
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toBeVisible();

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Collapsed, the row still says whose and what it is.
  await row.click();
  await expect(card.getByRole('button', { expanded: false })).toContainText(shop.rice.name);
  await expect(card.getByRole('button', { expanded: false })).toContainText(shop.businessName);
  await expect(card.getByTestId('deliver-to')).toHaveCount(0);
  await card.getByRole('button', { expanded: false }).click();

  // Five minutes on, the button has gone and a sentence says why, what comes next and where to ask.
  await page.clock.fastForward('05:01');
  await expect(notice).toHaveText(
    'The 5-minute window to cancel has passed. We are waiting for the vendor to confirm; once confirmed, delivery takes about 30–60 minutes. Need help? Chat with support.',
  );
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(notice.getByRole('link', { name: 'Chat with support' })).toHaveAttribute('href', /contact=true/);

  // The kitchen confirms: the reason becomes the vendor's confirmation.
  const orderId = ((await (await page.request.get('/api/order/user')).json()).orders[0] as { _id: string })._id;
  expect((await apiPost(owner, base, `/api/seller/orders/${orderId}/confirm`, {})).ok()).toBe(true);
  await page.reload();
  await expect(card.getByTestId('order-status')).toHaveText('Order Confirmed');
  await expect(card.getByTestId('cancel-notice')).toContainText(
    'A vendor has confirmed this order, so it can no longer be cancelled. It should reach you in about 30–60 minutes.',
  );
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  await admin.dispose();
  await owner.dispose();
});
