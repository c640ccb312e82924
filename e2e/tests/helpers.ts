import { expect, type Page, type APIRequestContext } from '@playwright/test';

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

/** Calls that change state must come from the app's origin (the server checks Origin). */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  return request.post(path, { data, headers: { Origin: baseURL } });
}

export async function firstProductLink(page: Page) {
  const link = page.locator('main article h3 a').first();
  await expect(link).toBeVisible();
  return link;
}
