import { test, expect, type Locator, type Page } from '@playwright/test';
import {
  cartLine,
  customerWithCart,
  hydrated,
  openMenu,
  openProducts,
  saveAddress,
  signUpCustomer,
} from './tests/helpers';

/**
 * A phone browsed by taps: pages reached by a tap reload offline once seen, from the first visit
 * on; every screen opens at its top, the payment's confirmation included; logout leaves none of
 * the account's pages or answers in the caches.
 */

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

/** In-stock products of vendors open round the clock, outside food (one path shape). */
const openGoods = async (page: Page) => (await openProducts(page.request)).filter((p) => p.category !== 'food');

/** The whole of `target` is inside the phone's screen as it is scrolled now. */
async function inViewport(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  await expect(async () => {
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  }).toPass({ timeout: 10_000 });
}

test('paying an order: the confirmation, then My Orders, open at their top on a phone', async ({ page, baseURL }) => {
  const [product] = await openGoods(page);
  await customerWithCart(page.request, baseURL!, cartLine(product!), { label: 'taps' });

  await page.goto('/cart');
  await expect(page.getByTestId('summary-delivery')).toHaveText(/₦|Free/);
  const place = page.getByRole('button', { name: 'Place Order' });
  await expect(place).toBeEnabled();
  // Place Order is below the fold on a phone: the cart is scrolled to reach it.
  await place.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await place.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();

  await expect(page).toHaveURL(/\/loader\?next=my-orders/);
  await inViewport(page, page.getByText('Payment confirmed. Thank you!'));
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  await inViewport(page, page.getByRole('heading', { level: 1, name: 'My Orders' }));
  await inViewport(page, page.getByTestId('order-card').first().getByTestId('order-status'));
});

test('paying a dispatch: the confirmation, then the dispatches, open at their top on a phone', async ({
  page,
  baseURL,
}) => {
  const { email } = await signUpCustomer(page.request, baseURL!, { label: 'taps' });
  await saveAddress(page.request, baseURL!, { email });
  await page.goto('/dispatch-request');
  await page.getByLabel('First Name').fill('Bola');
  await page.getByLabel('Last Name').fill('Ade');
  await page.getByLabel('Email address').fill('bola.ade@example.com');
  await page.getByLabel('Phone').fill('08051234567');
  await page.getByRole('combobox', { name: 'Address' }).fill('Faculty of Engin');
  await page.getByRole('option', { name: /Faculty of Engineering/ }).click();
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByTestId('total')).not.toHaveText('₦0');
  const submit = page.getByRole('button', { name: 'Submit Dispatch Request' });
  await submit.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await submit.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₦/ }).click();

  await expect(page).toHaveURL(/\/loader\?next=dispatch/);
  await inViewport(page, page.getByText('Payment confirmed. Thank you!'));
  await expect(page).toHaveURL(/\/dispatch$/, { timeout: 15_000 });
  await inViewport(page, page.getByRole('tab', { name: 'Ongoing Orders' }));
  await inViewport(page, page.getByTestId('dispatch-card').first().getByRole('heading', { name: 'To Bola Ade' }));
});

test.describe('offline after taps', () => {
  test.use({ serviceWorkers: 'allow' });

  /** The service worker controls the page (it takes over on its first install). */
  async function workerInControl(page: Page) {
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
  }

  /** Every URL (path and query) held by any of this origin's caches. */
  const cachedUrls = (page: Page) =>
    page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) {
          const url = new URL(req.url);
          out.push(url.pathname + url.search);
        }
      }
      return out;
    });

  /** The cached answers whose body mentions `text`. */
  const cachedMentioning = (page: Page, text: string) =>
    page.evaluate(async (needle) => {
      const out: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) {
          const res = await cache.match(req);
          if (res && /json|html/.test(res.headers.get('content-type') ?? '') && (await res.text()).includes(needle))
            out.push(`${name} ${new URL(req.url).pathname}`);
        }
      }
      return out;
    }, text);

  test('home → category → product by taps on the first visit, then offline: the product reloads, and home shows', async ({
    page,
    context,
  }) => {
    const [product, unseen] = await openGoods(page);
    const path = `/products/${product!.category}/${product!._id}`;
    await page.goto('/');
    await hydrated(page);
    // Taps as soon as the page takes them, before the worker exists: the first visit counts too.
    await page.locator(`main a[href="/products/${product!.category}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/products/${product!.category}$`));
    await page.locator(`main a[href="${path}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await workerInControl(page);
    // Nothing was loaded as a document but home: the worker kept home and heard of the taps. The
    // tab hands them over when the browser is idle, which on a busy 2-core machine can take a while.
    await expect
      .poll(() => cachedUrls(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['/', path, '/api/product/list']));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    // The category page, reached by a tap too.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/products/${product!.category}$`));
    await page.reload();
    await expect(page.locator(`main a[href="${path}"]`).first()).toBeVisible();

    // A page never shown gets the offline page, whose "Home page" leads to a home that shows.
    await page.goto(`/products/${unseen!.category}/${unseen!._id}`);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByText("This page isn't saved on this phone")).toBeVisible();
    await page.getByRole('link', { name: 'Home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(page.locator(`main a[href="/products/${product!.category}"]`).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  });

  test('a visit that began on a product page: offline, the offline page still leads to a home that shows', async ({
    page,
    context,
  }) => {
    const [product, unseen] = await openGoods(page);
    const path = `/products/${product!.category}/${product!._id}`;
    await page.goto(path);
    await hydrated(page);
    await workerInControl(page);
    await expect.poll(() => cachedUrls(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(['/', path]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await page.goto(`/products/${unseen!.category}/${unseen!._id}`);
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await page.getByRole('link', { name: 'Home page' }).click();
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(page.locator(`main a[href="/products/${product!.category}"]`).first()).toBeVisible();
  });

  test("the account's pages reached by taps reload offline; logout deletes them and their answers", async ({
    page,
    context,
    baseURL,
  }) => {
    const { email } = await signUpCustomer(page.request, baseURL!, { label: 'taps' });
    await saveAddress(page.request, baseURL!, { email });
    await page.goto('/');
    await hydrated(page);
    await workerInControl(page);

    await openMenu(page);
    await page.locator('#main-menu').getByRole('link', { name: 'My Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByText('No orders yet.')).toBeVisible();
    await page.locator('a[href="/dispatch"]:visible').first().click();
    await expect(page.getByRole('tab', { name: 'Ongoing Orders' })).toBeVisible();
    await page.getByRole('button', { name: 'Open support chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Customer Support' })).toBeVisible();
    await page.getByRole('button', { name: 'Close chat' }).click();

    const personal = ['/my-orders', '/dispatch', '/api/order/user', '/api/dispatch/user', '/api/chat/get-chat/'];
    const held = async () => {
      const urls = (await cachedUrls(page)).map((u) => u.split('?')[0]!);
      return personal.filter((p) => urls.includes(p));
    };
    await expect.poll(held, { timeout: 30_000 }).toEqual(personal);
    expect(await cachedMentioning(page, email)).toContain('jara-personal /api/user/is-auth');

    // Offline, the dispatches reload, still signed in.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Ongoing Orders' })).toBeVisible();
    await expect(page.getByText('No ongoing orders yet.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    await openMenu(page);
    await page.locator('#main-menu').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(held).toEqual([]);
    expect(await cachedMentioning(page, email)).toEqual([]);
    // Public pages stay for offline use.
    expect(await cachedUrls(page)).toContain('/');

    // Offline, the next person on this phone finds the account's pages gone.
    await context.setOffline(true);
    await page.goto('/my-orders');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  });
});
