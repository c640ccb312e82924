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
export async function alwaysOpenVendorIds(request: APIRequestContext): Promise<Set<string>> {
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
