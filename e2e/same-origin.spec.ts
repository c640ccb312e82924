import { test, expect, devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  RIDER,
  VENDOR,
  apiOk,
  fillCart,
  hydrated,
  loginInModal,
  openProduct,
  openProducts,
  placeOrder,
  productPath,
  saveAddress,
  signIn,
  signUpCustomer,
} from './tests/helpers';
import { JOURNEY_NOW } from './tests/journey-clock';

/**
 * Nothing leaves the origin (issue 28), on a phone: every customer, vendor and rider page, the
 * maps with their tiles, the checkout through the sandbox payment page and a delivery followed on
 * the map, while every request of every page is recorded: documents, scripts, styles, images,
 * fonts, fetches, websockets, and what the service worker fetches itself (Playwright reports a
 * Chromium service worker's requests on its context, with `request.serviceWorker()`). Each must be
 * to the app's own origin. A request the Content Security Policy refused counts too: the page
 * tried. Google sign-in is loaded only with GOOGLE_CLIENT_ID, which the e2e server does not set;
 * Web Push goes from the browser to its push service, never through a page.
 */

const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];

/** Hall 2 on campus, where the rider's phone is. */
const HALL_2 = { latitude: 6.39795, longitude: 5.6196 };

interface Seen {
  url: string;
  what: string;
}

/**
 * A phone whose every request is recorded in `seen`: the context's (pages and service worker),
 * each page's websockets, and each request the page's Content Security Policy refused.
 */
async function phone(
  browser: Browser,
  baseURL: string,
  who: string,
  seen: Seen[],
  extra: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext({ ...PHONE, baseURL, ...extra });
  context.on('request', (r) =>
    seen.push({ url: r.url(), what: `${who} ${r.serviceWorker() ? 'service worker' : r.resourceType()}` }),
  );
  const watch = (page: Page) => {
    page.on('websocket', (ws) => seen.push({ url: ws.url(), what: `${who} websocket` }));
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) seen.push({ url: m.text(), what: `${who} refused by CSP` });
    });
  };
  context.on('page', watch);
  return { context, page: await context.newPage() };
}

/** Whether a recorded URL stays on `origin` (a websocket on its ws: twin); data: and blob: never leave the phone. */
function stays(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    const u = new URL(url);
    const scheme = u.protocol === 'ws:' ? 'http:' : u.protocol === 'wss:' ? 'https:' : u.protocol;
    return `${scheme}//${u.host}` === origin;
  } catch {
    return false;
  }
}

/** Waits until `path` shows its heading and has nothing left loading. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator('main h1').first()).toBeAttached();
  await expect(page.locator('main .skeleton')).toHaveCount(0, { timeout: 15_000 });
}

/** Waits until a map inside `scope` has drawn its tiles. */
async function mapDrawn(scope: ReturnType<Page['locator']>) {
  await expect(scope.locator('img.leaflet-tile-loaded').first()).toBeVisible({ timeout: 15_000 });
}

const closeAll = (contexts: BrowserContext[]) => Promise.all(contexts.map((c) => c.close()));

test('every customer, vendor and rider page asks only its own origin', async ({ browser, baseURL, request }) => {
  // Some forty pages on three phones, one after another: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const base = baseURL!;
  const origin = new URL(base).origin;
  const seen: Seen[] = [];

  // Google sign-in is not configured on this server, so no page may load it.
  const config = (await (await request.get('/api/config')).json()) as { googleClientId: string | null };
  expect(config.googleClientId).toBeNull();

  // The demo vendor's shop takes orders; the customer buys one of its dishes.
  const vendor = await phone(browser, base, 'vendor', seen);
  await signIn(vendor.page.request, base, VENDOR);
  await apiOk(vendor.page.request, base, '/api/seller/open', { isOpen: true });
  const { vendor: shop } = (await (await vendor.page.request.get('/api/seller/me')).json()) as {
    vendor: { _id: string };
  };
  const product = await openProduct(request, (p) => p.vendorId === shop._id);
  const other = (await openProducts(request)).find((p) => p.category !== product.category) ?? product;

  // ── The customer: the storefront as a guest, then logged in through the menu's modal (where
  // Google's button would load).
  const customer = await phone(browser, base, 'customer', seen);
  const c = customer.page;
  const account = await signUpCustomer(request, base, { label: 'origin', name: 'Origin Tester' });
  await visit(c, '/');
  await expect(c.locator('main img').first()).toBeVisible();
  await loginInModal(c, account.email, account.password);
  await saveAddress(c.request, base, { email: account.email });
  await fillCart(c.request, base, { [product._id]: { [product.options[0]!._id]: 1 } });

  await visit(c, '/products');
  await expect(c.locator('main article h3 a').first()).toBeVisible();
  await visit(c, `/products/${other.category}`);
  await expect(c.locator('main article h3 a').first()).toBeVisible();
  await visit(c, productPath(product));
  await expect(c.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await visit(c, '/shops');
  await visit(c, `/shops/${other.vendorId}`);
  await expect(c.locator('main article h3 a').first()).toBeVisible();
  await visit(c, '/wishlist');
  for (const path of ['/profile', '/contact', '/faq', '/customer-terms', '/rider-terms', '/dispatch-request']) {
    await visit(c, path);
  }

  // A new address: the map around the picked place, with the door pin.
  await visit(c, '/add-address');
  await c.getByRole('combobox', { name: 'Address' }).fill('hall 3 aminu');
  await c.getByRole('option', { name: /Hall 3 \(Aminu Kano Hall\)/ }).click();
  await mapDrawn(c.getByRole('region', { name: /^Map around Hall 3/ }));
  await expect(c.getByRole('button', { name: 'Your door pin' })).toBeVisible();

  // The checkout, through the sandbox payment page (the app's own), to My Orders and its map.
  await visit(c, '/cart');
  const total = await placeOrder(c);
  await c.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(c).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
  const { orders } = (await (await c.request.get('/api/order/user')).json()) as { orders: { _id: string }[] };
  const orderId = orders[0]!._id;
  const card = c.getByTestId('order-card').first();
  const tracking = card.getByTestId('live-tracking');
  await mapDrawn(tracking);

  // ── The vendor: the order (with the door on its small map) confirmed, then every section.
  const v = vendor.page;
  await visit(v, '/seller');
  const order = v.locator('section').filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await order.getByRole('button', { name: 'Show the door on the map' }).click();
  await mapDrawn(order);
  await order.getByRole('button', { name: 'Confirm order' }).click();
  await expect(order.getByText('Order Confirmed').first()).toBeVisible();
  await visit(v, '/seller/products');
  await expect(v.getByRole('link', { name: `Edit ${product.name}` })).toBeVisible();
  await visit(v, `/seller/products/${product._id}`);
  await expect(v.getByLabel('Name', { exact: true })).toHaveValue(product.name);
  await visit(v, '/seller/products/new');
  await expect(v.getByLabel('Name', { exact: true })).toHaveValue('');
  await visit(v, '/seller/earnings');
  await expect(v.getByRole('form', { name: 'Request a payout' })).toBeVisible();
  await visit(v, '/seller/shop');
  await expect(v.getByLabel('Preparation time (minutes)')).toBeVisible();

  // ── The rider, at Hall 2 with its position shared: the job taken, its map and Navigate, the
  // customer's map following it, then delivered with the customer's code. The phone's clock runs
  // five minutes behind the server's journey clock, so no position is stamped ahead of it.
  const rider = await phone(browser, base, 'rider', seen, { geolocation: HALL_2, permissions: ['geolocation'] });
  const r = rider.page;
  await r.clock.install({ time: new Date(Date.parse(JOURNEY_NOW) - 5 * 60_000) });
  await signIn(r.request, base, RIDER);
  await visit(r, '/rider');
  const job = r.locator(`[data-job-id="${orderId}"]`);
  await expect(job).toBeVisible({ timeout: 35_000 });
  await job.getByRole('button', { name: 'Accept job' }).click();
  await expect(r).toHaveURL(/\/rider\/active$/);
  await expect(r.getByTestId('location-sharing')).toHaveAttribute('data-state', 'sharing');
  const active = r.locator(`[data-testid="active-job"][data-job-id="${orderId}"]`);
  await expect(active.getByRole('link', { name: /Navigate/ }).first()).toBeVisible();
  await mapDrawn(active);
  await active.getByRole('button', { name: 'Picked up' }).click();

  await expect(tracking.getByRole('img', { name: 'Your rider' })).toBeVisible({ timeout: 15_000 });
  const code = ((await card.getByTestId('delivery-code').getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  await active.getByLabel("Customer's delivery code").fill(code);
  await active.getByRole('button', { name: 'Delivered' }).click();
  await expect(r.getByText('No active job. Accept one from the job board.')).toBeVisible();
  await visit(r, '/rider/history');
  await expect(r.getByText(`Order #${orderId.slice(0, 8)}`)).toBeVisible();
  await visit(r, '/rider/earnings');
  await expect(r.getByRole('form', { name: 'Request a payout' })).toBeVisible();

  // The customer's last pages: the delivered order and the dispatches.
  await visit(c, '/my-orders');
  await visit(c, '/dispatch');

  await closeAll([customer.context, vendor.context, rider.context]);

  // The recording itself works: pages, the service worker and the socket were all heard.
  expect(seen.filter((s) => s.what.endsWith('document')).length).toBeGreaterThan(20);
  expect(seen.some((s) => s.what.endsWith('service worker'))).toBe(true);
  expect(seen.some((s) => s.what.endsWith('websocket'))).toBe(true);
  expect(seen.some((s) => s.url.includes('/map/tiles/'))).toBe(true);
  const away = seen.filter((s) => !stays(s.url, origin)).map((s) => `${s.what}: ${s.url}`);
  expect(away, `requests that left ${origin}:\n${[...new Set(away)].join('\n')}`).toEqual([]);
});
