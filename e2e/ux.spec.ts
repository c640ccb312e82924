import {
  test,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import {
  ADMIN,
  CUSTOMER,
  RIDER,
  apiOk,
  applyToSell,
  cartLine,
  customerWithCart,
  hydrated,
  openProduct,
  paidDispatch,
  payCart,
  placeOrder,
  productPath,
  saveAddress,
  seriousViolations,
  signIn,
  signUpCustomer,
  unique,
  type Product,
} from './tests/helpers';

/**
 * What a student on a phone trips over (issue 13), on a phone viewport: login keeps your place
 * (the cart, a portal); a declined or cancelled payment returns to the cart with the items and
 * "Try again"; a vendor who applies to ride is approved, goes online and delivers; the chat
 * button covers no control; the layout fixes hold.
 */

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** One single-option product (so Add to Cart needs no choice) of a vendor open round the clock. */
const singleOption = (req: APIRequestContext) => openProduct(req, (p) => p.options.length === 1);

/** A new account with one saved address, made outside the browser (the browser stays a guest). */
async function newAccount(baseURL: string, label: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const account = await signUpCustomer(api, baseURL, { label });
  await saveAddress(api, baseURL, { email: account.email });
  return { api, ...account };
}

async function loginInDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('login from the cart stays on the cart, shows the real fee, and pays on the sandbox', async ({
  page,
  baseURL,
}) => {
  const product = await singleOption(page.request);
  const account = await newAccount(baseURL!, 'cartlogin');

  await page.goto(productPath(product));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();
  // A guest has no address yet: no "Free", and the total says it is only the least it can be.
  await expect(page.getByTestId('summary-delivery')).toHaveText('Select an address');
  await expect(page.getByTestId('summary-total')).toHaveText(/^from ₦/);

  await page.getByRole('button', { name: 'Login to Place Order' }).click();
  await loginInDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(/^₦/);

  const shown = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  await expect(page.getByText('Payment confirmed. Thank you!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const card = page.getByTestId('order-card').first();
  await expect(card.getByTestId('order-status')).toHaveText('Order Placed');
  await expect(card).toContainText(shown);
  await account.api.dispose();
});

test('a declined payment returns to the cart with the items and Try again; so does a cancelled one', async ({
  page,
  baseURL,
}) => {
  const product = await singleOption(page.request);
  await customerWithCart(page.request, baseURL!, cartLine(product, 2), { label: 'declined' });

  await page.goto('/cart');
  await placeOrder(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(/\/cart\?payment=failed$/, { timeout: 15_000 });
  const alert = page.getByRole('alert').filter({ hasText: 'Your payment was declined.' });
  await expect(alert).toContainText('your items are still in your cart');
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Try again: a new attempt on the sandbox; cancel it this time. The cart came back as a
  // server-rendered page: its button answers once the app has taken the page over.
  await hydrated(page);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/jara-o-/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cart\?payment=cancelled$/, { timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'You cancelled the payment.' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // And the third time pays.
  await hydrated(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/jara-o-/);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('portals ask to log in on the spot and keep the place; the menu shows the portals the roles open', async ({
  page,
}) => {
  await page.goto('/rider');
  await loginInDialog(page, RIDER.email, RIDER.password);
  await expect(page).toHaveURL(/\/rider$/);
  await expect(page.getByRole('navigation', { name: 'Rider sections' })).toBeVisible();

  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.locator('#main-menu');
  await expect(menu.getByRole('link', { name: 'Rider dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sell on Jara' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Logging out of a portal goes home without asking to log in again.
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Best Sellers' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The footer has the ways in too; My Orders keeps its place after a login as well.
  await page.goto('/my-orders');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await loginInDialog(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/my-orders$/);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Sell on Jara' })).toHaveAttribute('href', '/seller');
  await expect(footer.getByRole('link', { name: 'Ride with Jara' })).toHaveAttribute('href', '/rider');
});

async function contextFor(browser: Browser, baseURL: string, who?: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (who) await signIn(page.request, baseURL, who);
  return { context, page };
}

test('a vendor applies to ride, the admin approves (and sees both roles), the vendor goes online and delivers a job', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  const admin = await contextFor(browser, base, ADMIN);
  const vendor = await contextFor(browser, base);
  const sender = await contextFor(browser, base);

  // A shop owner whose shop is approved: a vendor.
  const name = `Mama Ronke Okonkwo-Adebayo ${unique()}`;
  const { email } = await signUpCustomer(vendor.page.request, base, { label: 'vendorider', name });
  const shopId = await applyToSell(vendor.page.request, base, {
    businessName: `Ronke's Kitchen ${unique()}`,
    kind: 'goods',
  });
  await apiOk(admin.page.request, base, `/api/admin/applications/vendor/${shopId}/approve`, {});

  // On the phone, the vendor finds the way in from the menu and applies to ride.
  await vendor.page.goto('/');
  await vendor.page.getByRole('button', { name: 'Menu' }).click();
  await expect(vendor.page.locator('#main-menu').getByRole('link', { name: 'Seller dashboard' })).toBeVisible();
  await vendor.page.locator('#main-menu').getByRole('link', { name: 'Ride with Jara' }).click();
  await expect(vendor.page).toHaveURL(/\/rider$/);
  await vendor.page.getByLabel('Phone').fill('08071234567');
  await vendor.page.getByLabel('Date of birth').fill('2000-04-02');
  await vendor.page.getByRole('radio').first().check();
  await vendor.page.getByRole('checkbox').check();
  await vendor.page.getByRole('button', { name: 'Apply to ride' }).click();
  await expect(vendor.page.getByText('Your application is being reviewed.')).toBeVisible();

  // The admin approves on /admin (phone), then sees both roles in the users panel.
  await admin.page.goto('/admin');
  await admin.page.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.page.getByText('Approved; the applicant is emailed')).toBeVisible();
  await admin.page.goto('/admin/users');
  await admin.page.getByPlaceholder('Search by name or email').fill(email);
  await expect(admin.page.getByRole('checkbox', { name: `vendor role of ${name}` })).toBeChecked();
  await expect(admin.page.getByRole('checkbox', { name: `rider role of ${name}` })).toBeChecked();
  await expect(admin.page.getByRole('checkbox', { name: `customer role of ${name}` })).toBeChecked();

  // The vendor-rider goes online; the switch's knob stays inside its track, clear of the label.
  await vendor.page.reload();
  const online = vendor.page.getByRole('switch', { name: 'Offline' });
  await expect(online).toBeVisible();
  await online.click();
  await expect(vendor.page.getByRole('switch', { name: 'Online' })).toHaveAttribute('aria-checked', 'true');
  const knob = await vendor.page.getByRole('switch').evaluate((el) => {
    const track = el.querySelector('span')!.getBoundingClientRect();
    const dot = el.querySelector('span span')!.getBoundingClientRect();
    const label = el.querySelector(':scope > span:last-child')!.getBoundingClientRect();
    return { inside: dot.left >= track.left && dot.right <= track.right, clear: dot.right <= label.left };
  });
  expect(knob).toEqual({ inside: true, clear: true });

  // A sender pays for a dispatch; the job reaches the vendor-rider's board.
  const { email: senderEmail } = await signUpCustomer(sender.page.request, base, {
    label: 'sender',
    name: 'Sade Sender',
  });
  const pickup = await saveAddress(sender.page.request, base, { email: senderEmail });
  const note = `Phone parcel ${unique()}`;
  const { _id: dispatchId } = await paidDispatch(sender.page, base, {
    pickupAddress: pickup._id,
    email: senderEmail,
    note,
    isExpress: false,
  });

  const job = vendor.page.locator(`[data-job-id="${dispatchId}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(vendor.page).toHaveURL(/\/rider\/active$/);
  const active = vendor.page.locator(`[data-testid="active-job"][data-job-id="${dispatchId}"]`);
  await active.getByRole('button', { name: 'Picked up' }).click();
  const dcard = sender.page.getByTestId('dispatch-card').filter({ hasText: note });
  await expect(dcard).toContainText('Order Picked');
  const code = ((await dcard.getByTestId('delivery-code').getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  expect(code).toMatch(/^\d{4}$/);

  // Typing the code: on a phone the chat button steps aside while a field has focus.
  const codeField = active.getByLabel("Customer's delivery code");
  await codeField.fill(code);
  await expect(vendor.page.getByTestId('chat-launcher')).toBeHidden();
  await active.getByRole('button', { name: 'Delivered' }).click();
  await expect(vendor.page.getByText('No active job. Accept one from the job board.')).toBeVisible();
  await sender.page.getByRole('tab', { name: 'Completed Orders' }).click();
  await expect(sender.page.getByTestId('dispatch-card').filter({ hasText: note })).toContainText('Order Delivered');

  // The vendor's own shop still works for the same account.
  await vendor.page.goto('/seller');
  await expect(vendor.page.getByRole('navigation', { name: 'Seller sections' })).toBeVisible();
  for (const c of [admin, vendor, sender]) await c.context.close();
});

/** Boxes of visible buttons and links the chat button overlaps (none is the goal). */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fab = document.querySelector('[data-testid="chat-launcher"]');
    if (!fab || getComputedStyle(fab).visibility === 'hidden') return [];
    const f = fab.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll('a[href], button, [role="button"], input, select, textarea'),
    )) {
      if (el === fab || fab.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom) {
        hits.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        );
      }
    }
    return hits;
  });
}

/** Scrolls through the whole page, checking at every step that the chat button covers nothing. */
async function expectChatButtonClear(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => coveredControls(page), { message: `${page.url()} at scroll ${y}` }).toEqual([]);
  }
}

test('the chat button covers no button or link on home, /products, /cart and My Orders (390×844)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const product = await singleOption(page.request);
  await customerWithCart(page.request, baseURL!, cartLine(product), { label: 'fab' });

  await page.goto('/');
  // At the top of home the category tiles fill the right side of the lower half: the button is
  // there all the same, higher up.
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await expect(page.getByTestId('chat-launcher')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Never miss a deal' })).toBeVisible();
  // The newsletter field is a real touch target on a phone.
  const field = (await page.getByLabel('Email address').boundingBox())!;
  expect(field.height).toBeGreaterThanOrEqual(44);
  await expectChatButtonClear(page);

  await page.goto('/products');
  await expect(page.locator('main article').first()).toBeVisible();
  await expectChatButtonClear(page);

  await page.goto('/cart');
  await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await expectChatButtonClear(page);

  // An order to list: pay the cart on the sandbox.
  await payCart(page);
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expectChatButtonClear(page);
  // Still there to be used where it is clear.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('chat-launcher')).toBeVisible();
});

test('the new screens pass axe: cart after a declined payment, option chooser, admin users panel', async ({
  page,
  baseURL,
  browser,
}) => {
  // Three whole-page axe runs: more than the default minute on a busy 2-core machine.
  test.setTimeout(180_000);
  const product = await singleOption(page.request);
  await customerWithCart(page.request, baseURL!, cartLine(product), { label: 'axe' });
  await page.goto('/cart?payment=failed');
  await expect(page.getByRole('alert').filter({ hasText: 'Your payment was declined.' })).toBeVisible();
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦/);
  expect(await seriousViolations(page)).toEqual([]);

  const products = (await (await page.request.get('/api/product/list')).json()).products as Product[];
  const several = products.find((p) => p.inStock && p.options.length > 1);
  if (several) {
    await page.goto('/products');
    await page.getByRole('button', { name: `Choose an option of ${several.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Choose an option' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }

  const admin = await contextFor(browser, baseURL!, ADMIN);
  await admin.page.goto('/admin/users');
  await expect(admin.page.getByRole('checkbox').first()).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.context.close();
});
