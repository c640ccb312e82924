import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { JOURNEY_NOW } from './journey-clock';

/**
 * Pins this page's clock to JOURNEY_NOW, for a journey about opening hours (the page judges them
 * by its own clock, as the server does by its). Only for journeys that compare no time the server
 * stamped (an order's cancel window, a chat's "Today"), which stays on the real clock.
 */
export async function pinJourneyClock(page: Page) {
  await page.clock.setFixedTime(new Date(JOURNEY_NOW));
}

type WeekHours = Record<string, { open: string; close: string } | null>;
const allDay = (h: WeekHours[string] | undefined) => !!h && h.open === '00:00' && h.close >= '23:59';

/**
 * Vendors taking orders every hour of every day. The server judges "open" at JOURNEY_NOW, a page
 * on the real clock; for these vendors both agree whenever a journey runs.
 */
async function alwaysOpenVendorIds(request: APIRequestContext): Promise<Set<string>> {
  const { vendors } = (await (await request.get('/api/seller/list')).json()) as {
    vendors: { _id: string; acceptingOrders: boolean; openingHours: WeekHours }[];
  };
  return new Set(
    vendors
      .filter((v) => v.acceptingOrders && ['0', '1', '2', '3', '4', '5', '6'].every((d) => allDay(v.openingHours[d])))
      .map((v) => v._id),
  );
}

export const CUSTOMER = { email: 'customer@jara.test', password: 'Customer#2026' };
export const ADMIN = { email: 'admin@jara.test', password: 'Admin#2026' };
export const VENDOR = { email: 'vendor@jara.test', password: 'Vendor#2026' };
export const RIDER = { email: 'rider@jara.test', password: 'Rider#2026' };
export const SUPPORT = { email: 'support@jara.test', password: 'Support#2026' };

/** The visible search box (the nav has one for narrow and one for wide screens). */
export const searchBox = (page: Page) => page.locator('input[type="search"]:visible');

/**
 * Waits until a server-rendered page is hydrated. Taps wait by themselves (the page takes no
 * pointer input before), but `fill` does not: text typed before would be lost.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('#root[data-hydrating]')).toHaveCount(0);
}

export const cartBadge = (page: Page) => page.getByTestId('cart-count');

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#main-menu')).toBeVisible();
}

export async function openLoginModal(page: Page) {
  await openMenu(page);
  await page.locator('#main-menu').getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog');
}

export async function loginInModal(page: Page, email: string, password: string) {
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog).toBeHidden();
}

let callsMade = 0;
/**
 * A client address of its own for each call made outside the browser (198.18.0.0/15, the range set
 * aside for tests). A run makes more accounts and logins in five minutes than the per-address
 * limits let one address make (20 sign-ups in 15 minutes); the journeys stand for many students,
 * so their calls arrive as they would through the campus proxy (the e2e server trusts it:
 * start-server.sh), each from its own address, and the limits stay as shipped.
 */
function clientAddress() {
  callsMade += 1;
  return `198.18.${(callsMade >> 8) & 255}.${callsMade & 255}`;
}

/** Calls that change state must come from the app's origin (the server checks Origin). */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  return request.post(path, { data, headers: { Origin: baseURL, 'X-Forwarded-For': clientAddress() } });
}

export async function firstProductLink(page: Page) {
  const link = page.locator('main article h3 a').first();
  await expect(link).toBeVisible();
  return link;
}

/** A suffix that keeps a run's accounts, notes and shop names apart from every other run's. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Posts like apiPost and fails the journey, with the server's answer, unless the call succeeded. */
export async function apiOk(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const res = await apiPost(request, baseURL, path, data);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res;
}

/** A product as /api/product/list lists it. */
export interface Product {
  _id: string;
  name: string;
  category: string;
  vendorId: string;
  inStock: boolean;
  image: string[];
  options: { _id: string; name: string; price: number; offerPrice: number | null }[];
}

/** A product's page: a dish's sits under its kitchen, anything else under its category. */
export const productPath = (p: Product) =>
  p.category === 'food' ? `/products/food/${p.vendorId}/${p._id}` : `/products/${p.category}/${p._id}`;

/** In-stock products of vendors open round the clock, so a journey may order them at any hour. */
export async function openProducts(request: APIRequestContext): Promise<Product[]> {
  const [list, open] = await Promise.all([
    request.get('/api/product/list').then((r) => r.json() as Promise<{ products: Product[] }>),
    alwaysOpenVendorIds(request),
  ]);
  return list.products.filter((p) => p.inStock && open.has(p.vendorId));
}

/** One of openProducts that `fits`, outside food where there is one (its page has the plainer path). */
export async function openProduct(request: APIRequestContext, fits: (p: Product) => boolean = () => true) {
  const products = (await openProducts(request)).filter(fits);
  const p = products.find((x) => x.category !== 'food') ?? products[0];
  if (!p) throw new Error('no open vendor with an in-stock product');
  return p;
}

/** A cart line: `quantity` of the product's first option (spread several into one cart). */
export const cartLine = (p: { _id: string; options: { _id: string }[] }, quantity = 1) => ({
  [p._id]: { [p.options[0]!._id]: quantity },
});

type CartItems = Record<string, Record<string, number>>;

/** Hall 2 on campus: about 0.63 km from the Faculty of Engineering, the ₦600 delivery tier. */
export const HALL_2 = {
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

type AddressInput = typeof HALL_2 & { block?: string; floor?: string; room?: string; landmark?: string };

/** Signs in on `request` (a page's own, for its browser context) through the API. */
export async function signIn(request: APIRequestContext, baseURL: string, who: { email: string; password: string }) {
  await apiOk(request, baseURL, '/api/user/login', who);
}

/** A new account, signed in on `request`; `label` starts its email, `name` is its display name. */
export async function signUpCustomer(
  request: APIRequestContext,
  baseURL: string,
  { label = 'customer', name = `${label} Tester` }: { label?: string; name?: string } = {},
) {
  const account = { name, email: `${label}-${unique()}@example.com`, password: 'Journey#2026' };
  await apiOk(request, baseURL, '/api/user/register', account);
  return account;
}

/**
 * A new account approved as a rider and online, signed in on `request` (the demo admin approves it
 * on `admin`): a journey's own rider, never busy with another journey's job.
 */
export async function approvedRider(
  request: APIRequestContext,
  admin: APIRequestContext,
  baseURL: string,
  { label = 'rider', name = 'Door Rider' }: { label?: string; name?: string } = {},
) {
  const account = await signUpCustomer(request, baseURL, { label, name });
  const applied = await apiOk(request, baseURL, '/api/rider/apply', {
    name,
    phone: '08061234567',
    dateOfBirth: '2000-05-01',
    vehicle: 'motorcycle',
    acceptTerms: true,
  });
  const riderId = ((await applied.json()) as { rider: { _id: string } }).rider._id;
  await signIn(admin, baseURL, ADMIN);
  await apiOk(admin, baseURL, `/api/admin/applications/rider/${riderId}/approve`, {});
  await apiOk(request, baseURL, '/api/rider/online', { isOnline: true });
  return account;
}

/** Saves an address (Hall 2 unless overridden) for the account signed in on `request`. */
export async function saveAddress(request: APIRequestContext, baseURL: string, overrides: Partial<AddressInput> = {}) {
  const res = await apiOk(request, baseURL, '/api/address/add', { ...HALL_2, ...overrides });
  return ((await res.json()) as { address: { _id: string; address: string } }).address;
}

/** Replaces the cart of the account signed in on `request`. */
export async function fillCart(request: APIRequestContext, baseURL: string, cartItems: CartItems) {
  await apiOk(request, baseURL, '/api/cart/update', { cartItems });
}

type CustomerOptions = { label?: string; name?: string; address?: Partial<AddressInput> };

/** A new customer signed in on `request`, with one saved address and `cartItems` in the cart. */
export async function customerWithCart(
  request: APIRequestContext,
  baseURL: string,
  cartItems: CartItems,
  opts: CustomerOptions = {},
) {
  const account = await signUpCustomer(request, baseURL, opts);
  const address = await saveAddress(request, baseURL, { email: account.email, ...opts.address });
  await fillCart(request, baseURL, cartItems);
  return { ...account, address };
}

/**
 * On /cart: waits for the delivery fee (then the total is final), taps Place Order and checks the
 * sandbox payment page asks for the total the cart showed; returns that total.
 */
export async function placeOrder(page: Page) {
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeEnabled();
  const total = (await page.getByTestId('summary-total').textContent())!.trim();
  await place.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/jara-o-/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(total);
  return total;
}

/**
 * Pays the cart of the customer signed in in this page's context as a customer does: /cart (with
 * a note for the rider if given), Place Order, Pay on the sandbox page, until My Orders shows.
 */
export async function payCart(page: Page, { note }: { note?: string } = {}) {
  await page.goto('/cart');
  if (note) {
    await hydrated(page);
    await page.getByLabel('Delivery note (optional)').fill(note);
  }
  const total = await placeOrder(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
  // The newest order comes first.
  const { orders } = (await (await page.request.get('/api/order/user')).json()) as { orders: { _id: string }[] };
  return { total, orderId: orders[0]!._id };
}

/** A new customer (customerWithCart) whose cart is paid (payCart): the account, the order's id and total. */
export async function paidOrder(
  page: Page,
  baseURL: string,
  cartItems: CartItems,
  opts: CustomerOptions & { note?: string } = {},
) {
  const customer = await customerWithCart(page.request, baseURL, cartItems, opts);
  return { ...customer, ...(await payCart(page, { note: opts.note })) };
}

/** The dispatch of the account signed in on `request` whose note is `note`. */
export async function myDispatch(request: APIRequestContext, note: string) {
  const { orders } = (await (await request.get('/api/dispatch/user')).json()) as {
    orders: { _id: string; deliveryNote: string; deliveryCode: string }[];
  };
  const mine = orders.find((d) => d.deliveryNote === note);
  expect(mine, `a dispatch noted "${note}"`).toBeDefined();
  return mine!;
}

/**
 * A dispatch from a saved pick-up address to Bola Ade at the Faculty of Engineering, started
 * through the API and paid on the sandbox page, until /dispatch shows; the dispatch as listed.
 */
export async function paidDispatch(
  page: Page,
  baseURL: string,
  { pickupAddress, email, note, isExpress }: { pickupAddress: string; email: string; note: string; isExpress: boolean },
) {
  const started = await apiOk(page.request, baseURL, '/api/payment/paystack-dispatch', {
    pickupAddress,
    email,
    deliveryNote: note,
    isExpress,
    dropoff: {
      firstName: 'Bola',
      lastName: 'Ade',
      email: 'bola@example.com',
      phone: '08051234567',
      address: 'Faculty of Engineering, University of Benin',
      latitude: 6.4017,
      longitude: 5.6141,
    },
  });
  await page.goto(((await started.json()) as { url: string }).url);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();
  await expect(page).toHaveURL(/\/dispatch$/, { timeout: 20_000 });
  return myDispatch(page.request, note);
}

/** Every hour of every day, as a shop's opening hours. */
const ALL_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
);

// A 1×1 PNG: the server re-encodes whatever it gets to WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a photo as the account signed in on `request`; its URL, for a shop or a product. */
export async function uploadPhoto(request: APIRequestContext, baseURL: string, kind: 'profile' | 'product') {
  const res = await request.post(`/api/seller/upload?kind=${kind}`, {
    headers: { Origin: baseURL },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { url: string }).url;
}

/** The account signed in on `request` applies to sell, at the campus main gate; the shop's id. */
export async function applyToSell(
  request: APIRequestContext,
  baseURL: string,
  shop: { businessName: string; kind: 'food' | 'goods'; openingHours?: Record<string, unknown> },
) {
  const place = (
    (await (await request.get('/api/geocoding/search?q=main%20gate')).json()) as {
      data: { place_id: string }[];
    }
  ).data[0]!;
  const applied = await apiOk(request, baseURL, '/api/seller/apply', {
    phone: '08061234567',
    placeId: place.place_id,
    openingHours: ALL_DAY,
    profilePhoto: await uploadPhoto(request, baseURL, 'profile'),
    ...shop,
  });
  return ((await applied.json()) as { vendor: { _id: string } }).vendor._id;
}

/**
 * Opens a portal's section by its name: its tab, or on a phone, when the tab bar has no room for
 * it, from More's sheet (components/ui/sub-nav.tsx).
 */
export async function openSection(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: /sections$/ });
  const tab = nav.getByRole('link', { name, exact: true });
  if (await tab.isVisible()) return tab.click();
  await nav.getByRole('button', { name: /^More/ }).click();
  await page.getByRole('dialog').getByRole('link', { name, exact: true }).click();
}

/** The serious and critical axe findings (WCAG 2.1 A and AA) on the page, or inside `include`. */
export async function seriousViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
