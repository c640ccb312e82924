import { test, expect, type APIRequestContext } from '@playwright/test';
import {
  ADMIN,
  apiOk,
  applyToSell,
  cartLine,
  paidOrder,
  signIn,
  signUpCustomer,
  unique,
  uploadPhoto,
} from './tests/helpers';

/**
 * My Orders on a 360×740 phone says where the order is going and why Cancel went away: the
 * collapsed row names the shop and the items, "Deliver to" gives block, floor, room, landmark and
 * the note with the city once, a fresh order counts down the time left to cancel, and once the
 * window has passed, or the vendor has confirmed, a sentence says why and what happens next.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** A kitchen open round the clock, approved by the admin, with two dishes. */
async function kitchen(request: APIRequestContext, admin: APIRequestContext, baseURL: string) {
  await signUpCustomer(request, baseURL, { label: 'kitchen', name: 'Osas Kitchen Owner' });
  const businessName = `Mama Osas Kitchen ${unique()}`;
  const shopId = await applyToSell(request, baseURL, { businessName, kind: 'food' });
  await apiOk(admin, baseURL, `/api/admin/applications/vendor/${shopId}/approve`, {});
  const dish = async (name: string, price: number) => {
    const made = await apiOk(request, baseURL, '/api/seller/products', {
      name,
      category: 'food',
      images: [await uploadPhoto(request, baseURL, 'product')],
      options: [{ name: '', price }],
    });
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
  await signIn(admin, base, ADMIN);
  const shop = await kitchen(owner, admin, base);

  // The page's clock runs as the real one until the journey moves it past the cancel window.
  await page.clock.install();

  // A customer whose saved address names its city, with the door inside the hall, pays with a
  // note for the rider.
  const { orderId } = await paidOrder(
    page,
    base,
    { ...cartLine(shop.rice, 2), ...cartLine(shop.plantain) },
    {
      label: 'clarity',
      name: 'Ada Clarity',
      address: {
        lastName: 'Clarity',
        address: 'Ugbowo, Benin City',
        block: 'C',
        floor: '2',
        room: '214',
        landmark: 'Opposite the water tank',
      },
      note: 'Call me at the porter’s lodge',
    },
  );

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
  await apiOk(owner, base, `/api/seller/orders/${orderId}/confirm`, {});
  await page.reload();
  await expect(card.getByTestId('order-status')).toHaveText('Order Confirmed');
  await expect(card.getByTestId('cancel-notice')).toContainText(
    'A vendor has confirmed this order, so it can no longer be cancelled. It should reach you in about 30–60 minutes.',
  );
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);

  await admin.dispose();
  await owner.dispose();
});
