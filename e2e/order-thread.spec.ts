import { test, expect, type Browser, type Page } from '@playwright/test';
import {
  ADMIN,
  RIDER,
  SUPPORT,
  VENDOR,
  apiOk,
  applyToSell,
  cartLine,
  customerWithCart,
  openProduct,
  payCart,
  signIn,
  signUpCustomer,
  unique,
} from './tests/helpers';

/**
 * One thread per order (issue 29), on phones: the customer, the demo vendor and the demo rider
 * write in the order's thread and each sees the others live; another customer and another shop
 * cannot open it; the customer asks support in, support opens the order beside the thread and
 * gives the delivery to another rider, after which the released rider cannot open it either.
 * Meanwhile, on the second server where shops have one minute to confirm (playwright.config.ts),
 * an order nobody confirms is cancelled and refunded with the reason shown.
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };
/** The server where VENDOR_CONFIRM_MINUTES is 1 (playwright.config.ts). */
const DEADLINE_BASE = 'http://localhost:3101';

async function phone(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  if (who) await signIn(page.request, baseURL, who);
  return { context, page };
}

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
}

test('customer, shop and rider talk in one order thread; nobody else gets in; support steps in', async ({
  browser,
  baseURL,
}) => {
  test.skip(!!process.env.E2E_BASE_URL, 'needs the second server of playwright.config.ts');
  test.setTimeout(300_000);
  const base = baseURL!;

  // On the one-minute server: an order its shop never confirms (checked at the end).
  const late = await phone(browser, DEADLINE_BASE);
  const lateProduct = await openProduct(late.page.request);
  await customerWithCart(late.page.request, DEADLINE_BASE, cartLine(lateProduct), { label: 'late', name: 'Late Lami' });
  await payCart(late.page);

  // The order of the thread: a new customer buys from the demo vendor, who confirms; the demo
  // rider accepts it.
  const vendor = await phone(browser, base, VENDOR);
  const { products } = (await (await vendor.page.request.get('/api/seller/products')).json()) as {
    products: { _id: string; name: string; inStock: boolean; options: { _id: string }[] }[];
  };
  const product = products.find((p) => p.inStock)!;
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });
  const customer = await phone(browser, base);
  await customerWithCart(customer.page.request, base, cartLine(product), { label: 'thread', name: 'Tolu Thread' });
  const { orderId } = await payCart(customer.page);
  const reference = orderId.slice(0, 8);
  await apiOk(vendor.page.request, base, `/api/seller/orders/${orderId}/confirm`, {});
  const rider = await phone(browser, base, RIDER);
  await apiOk(rider.page.request, base, '/api/rider/online', { isOnline: true });
  await apiOk(rider.page.request, base, `/api/rider/jobs/order/${orderId}/accept`, {});

  // Each reaches the thread from their own screen.
  await customer.page.goto('/my-orders');
  await customer.page
    .getByTestId('order-card')
    .first()
    .getByRole('link', { name: 'Message the shop and rider' })
    .click();
  await expect(customer.page).toHaveURL(new RegExp(`/threads/order/${orderId}$`));
  await expect(customer.page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();
  await expect(customer.page.getByTestId('thread-people')).toContainText('(shop)');
  await expect(customer.page.getByTestId('thread-people')).toContainText('(rider)');
  // The order is pinned on top: its status, and its items on a tap.
  const pinned = customer.page.getByTestId('thread-card');
  await expect(pinned).toContainText('Order Assigned');
  await pinned.getByRole('button', { expanded: false }).click();
  await expect(pinned).toContainText(product.name);

  await vendor.page.goto('/seller');
  await vendor.page
    .locator('section')
    .filter({ hasText: `Order #${reference}` })
    .getByRole('link', { name: 'Message customer and rider' })
    .click();
  await expect(vendor.page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();

  await rider.page.goto('/rider/active');
  await rider.page
    .locator(`[data-testid="active-job"][data-job-id="${orderId}"]`)
    .getByRole('link', { name: 'Message customer and shop' })
    .click();
  await expect(rider.page.getByRole('heading', { name: `Order ${reference}` })).toBeVisible();

  // Live, all ways round: typed text and quick replies.
  await say(customer.page, 'Is my order ready?');
  await expect(messages(vendor.page)).toContainText('Is my order ready?');
  await expect(messages(rider.page)).toContainText('Is my order ready?');
  await vendor.page.getByRole('button', { name: 'Your order is ready for pickup' }).click();
  await expect(messages(customer.page)).toContainText('Your order is ready for pickup');
  await expect(messages(rider.page)).toContainText('Your order is ready for pickup');
  await rider.page.getByRole('button', { name: 'On my way' }).click();
  await expect(messages(customer.page)).toContainText('On my way');
  await expect(messages(vendor.page)).toContainText('On my way');

  // Another customer and another shop cannot open it.
  const stranger = await phone(browser, base);
  await signUpCustomer(stranger.page.request, base, { label: 'stranger' });
  const otherShop = await phone(browser, base);
  await signUpCustomer(otherShop.page.request, base, { label: 'othershop' });
  const shopId = await applyToSell(otherShop.page.request, base, { businessName: `Other ${unique()}`, kind: 'goods' });
  const admin = await phone(browser, base, ADMIN);
  await apiOk(admin.page.request, base, `/api/admin/applications/vendor/${shopId}/approve`, {});
  for (const outsider of [stranger, otherShop]) {
    await outsider.page.goto(`/threads/order/${orderId}`);
    await expect(outsider.page.getByText('This conversation does not exist.')).toBeVisible();
    await expect(outsider.page.getByRole('list', { name: 'Messages' })).toHaveCount(0);
  }

  // The customer asks support in; support opens the order from the thread and gives the delivery
  // to another rider (the demo rider never picked it up).
  await customer.page.getByRole('button', { name: 'Ask Jara support' }).click();
  await expect(customer.page.getByText('Jara support can see this conversation')).toBeVisible();
  const support = await phone(browser, base, SUPPORT);
  await support.page.goto('/support');
  await support.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`Order ${reference}`) })
    .click();
  await expect(support.page.getByRole('list', { name: 'Messages' })).toContainText('On my way');
  await support.page.getByRole('button', { name: 'Orders' }).click();
  const order = support.page.getByTestId('support-order').first();
  await expect(order).toContainText(`Order ${reference}`);
  await expect(order.getByRole('link', { name: /^Call Tolu Thread/ })).toBeVisible();
  await order.getByRole('button', { name: 'Give to another rider' }).click();
  await expect(support.page.getByText('Back on the board for another rider.')).toBeVisible();
  await say(support.page, 'A new rider is coming for it.');
  await expect(messages(customer.page)).toContainText('A new rider is coming for it.');
  await rider.page.reload();
  await expect(rider.page.getByText('This conversation does not exist.')).toBeVisible();

  // The order nobody confirmed: cancelled and refunded within a sweep of its minute, with why.
  await late.page.goto('/my-orders');
  const lateCard = late.page.getByTestId('order-card').first();
  await expect(async () => {
    await late.page.reload();
    await expect(lateCard.getByTestId('order-status')).toHaveText('Order Cancelled', { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  await expect(lateCard).toContainText('The shop did not confirm it within 1 minute');
  await expect(lateCard.getByTestId('refund-status')).toBeVisible();

  for (const c of [late, vendor, customer, rider, stranger, otherShop, admin, support]) await c.context.close();
});
