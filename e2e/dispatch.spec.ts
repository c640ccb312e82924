import { test, expect, type Page } from '@playwright/test';
import { CUSTOMER, HALL_2, myDispatch, saveAddress, seriousViolations, signIn, signUpCustomer } from './tests/helpers';

/**
 * Dispatch (issue 5): a saved pick-up address, the drop-off picked from suggestions, the fee
 * from the server, Express, payment on the sandbox page, then the dispatch under Ongoing
 * Orders with its code; and every validation message of the form.
 */

// Hall 2 → Faculty of Engineering is about 0.63 km: the ₦600 tier; express ₦900.

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

async function fillDropoff(page: Page, opts: { email?: string; phone?: string } = {}) {
  await page.getByLabel('First Name').fill('Bola');
  await page.getByLabel('Last Name').fill('Ade');
  await page.getByLabel('Email address').fill(opts.email ?? 'bola.ade@example.com');
  await page.getByLabel('Phone').fill(opts.phone ?? '08051234567');
}

async function pickDropoff(page: Page, text = 'Faculty of Engin', option = /Faculty of Engineering/) {
  await page.getByRole('combobox', { name: 'Address' }).fill(text);
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('combobox', { name: 'Address' })).toHaveValue(option);
}

test('send a parcel: fee, express, pay on the sandbox, see it under Ongoing Orders with its code', async ({
  page,
  baseURL,
}) => {
  const note = `A blue folder of lecture notes #${Date.now().toString(36)}`;
  await signIn(page.request, baseURL!, CUSTOMER);
  const pickup = await saveAddress(page.request, baseURL!, {
    address: `Hall 2 (Tinubu Hall), room ${Date.now() % 1000}`,
  });

  await page.goto('/dispatch');
  await page.getByRole('link', { name: 'New dispatch request' }).click();
  await expect(page).toHaveURL(/\/dispatch-request$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch Request' })).toBeVisible();

  // Pick-up: Change opens the saved addresses; choose the one made above.
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByRole('link', { name: 'Add address' })).toHaveAttribute(
    'href',
    '/add-address?next=dispatch-request',
  );
  await page
    .getByRole('list', { name: 'Saved addresses' })
    .getByRole('button', { name: new RegExp(pickup.address.replace(/[()]/g, '\\$&')) })
    .click();
  await expect(page.getByRole('region', { name: 'Pick-up Location' })).toContainText(pickup.address);

  await fillDropoff(page);
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText('Pick a drop-off to see the fee');
  await pickDropoff(page);
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText('₦600');
  await expect(summary(page).getByTestId('service-fee')).toHaveText('₦10');
  await expect(summary(page).getByTestId('total')).toHaveText('₦610');

  expect(await seriousViolations(page, 'main')).toEqual([]);

  await page.getByPlaceholder('Describe the item or delivery...').fill(note);
  await page.getByLabel('Express Delivery').check();
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText('₦900');
  await expect(summary(page).getByTestId('service-fee')).toHaveText('₦20');
  await expect(summary(page).getByTestId('total')).toHaveText('₦920');

  const submit = page.getByRole('button', { name: 'Submit Dispatch Request' });
  await submit.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦920$/ }).click();

  await expect(page).toHaveURL(/\/loader\?next=dispatch/);
  await expect(page).toHaveURL(/\/dispatch$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Ongoing Orders' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('dispatch-card').filter({ hasText: note });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Order Placed');
  await expect(card).toContainText('Express');
  await expect(card).toContainText('To Bola Ade');
  await expect(card).toContainText('08051234567');
  await expect(card).toContainText('Faculty of Engineering');
  await expect(card).toContainText('₦900');

  const mine = await myDispatch(page.request, note);
  expect(mine.deliveryCode).toMatch(/^\d{4}$/);
  const boxes = card.getByTestId('delivery-code');
  await expect(boxes).toHaveAttribute('aria-label', `Delivery code ${mine.deliveryCode.split('').join(' ')}`);
  await expect(boxes.locator('span')).toHaveText(mine.deliveryCode.split(''));

  expect(await seriousViolations(page, 'main')).toEqual([]);

  // Cancelled within 5 minutes, before a rider: it moves to Completed Orders without its code.
  page.once('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: /Cancel dispatch/ }).click();
  await expect(page.getByText('Dispatch cancelled. Your refund is on its way.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: 'Completed Orders' }).click();
  const done = page.getByTestId('dispatch-card').filter({ hasText: note });
  await expect(done).toContainText('Order Cancelled');
  await expect(done.getByTestId('delivery-code')).toHaveCount(0);
});

test('a new user sees the empty states and the pick-up message', async ({ page, baseURL }) => {
  await signUpCustomer(page.request, baseURL!, { label: 'dispatch' });
  await page.goto('/dispatch');
  await expect(page.getByText('No ongoing orders yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Completed Orders' }).click();
  await expect(page.getByText('No completed orders yet.')).toBeVisible();

  await page.goto('/dispatch-request');
  await expect(page.getByRole('region', { name: 'Pick-up Location' })).toContainText('No address found');
  await fillDropoff(page);
  await pickDropoff(page);
  await page.getByRole('button', { name: 'Submit Dispatch Request' }).click();
  await expect(page.getByText('Please select a pick-up address.')).toBeVisible();
  await expect(page).toHaveURL(/\/dispatch-request$/);
});

test('every validation message of the form appears for its bad input', async ({ page, baseURL }) => {
  await signUpCustomer(page.request, baseURL!, { label: 'dispatch' });
  await saveAddress(page.request, baseURL!);
  await page.goto('/dispatch-request');
  await expect(page.getByRole('region', { name: 'Pick-up Location' })).toContainText(HALL_2.address);
  const submit = page.getByRole('button', { name: 'Submit Dispatch Request' });
  const address = page.getByRole('combobox', { name: 'Address' });

  // Bad email and phone.
  await fillDropoff(page, { email: 'bola.ade@', phone: '0801 123 4567' });
  await pickDropoff(page);
  await submit.click();
  await expect(page.getByText('Invalid email format.')).toBeVisible();
  await expect(page.getByText('Please enter a valid Nigerian phone number.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();

  // Typed, not picked: editing the text clears the coordinates.
  await fillDropoff(page);
  await address.fill('Somewhere I typed myself');
  // The suggestion search has answered (no longer loading), with nothing.
  await expect(page.getByText('No places match')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText('Pick a drop-off to see the fee');
  await submit.click();
  await expect(page.getByText('Please select a valid address from suggestions.')).toBeVisible();

  // Still loading: the suggestions are held until the page has said so.
  let answer!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  await page.route('**/api/geocoding/search**', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  const asked = page.waitForRequest('**/api/geocoding/search**');
  await address.fill('Hall');
  await asked;
  await submit.click();
  await expect(page.getByText('Address is still loading, please wait.')).toBeVisible();
  answer();
  await page.unroute('**/api/geocoding/search**');

  // Suggestions failing.
  await page.route('**/api/geocoding/search**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' }),
  );
  await address.fill('Faculty of Sci');
  await expect(page.getByText('Failed to fetch address suggestions')).toBeVisible();
  await page.unroute('**/api/geocoding/search**');

  // Delivery fee failing (for a drop-off not priced before): the fee goes back to 0, so no amount shows.
  await pickDropoff(page, 'Hall 5', /^Hall 5,/);
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText(/^₦/);
  await page.route('**/api/dispatch/delivery-fee', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' }),
  );
  await pickDropoff(page, 'Hall 6', /^Hall 6,/);
  await expect(page.getByText('Failed to fetch delivery fee')).toBeVisible();
  await expect(summary(page).getByTestId('delivery-fee')).toHaveText('Unavailable');
  await expect(summary(page).getByTestId('total')).not.toContainText('₦');
});
