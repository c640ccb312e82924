import { test, expect } from '@playwright/test';
import { firstProductLink, openLoginModal, seriousViolations } from './helpers';

test('home page has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('main article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('product page has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/products/cosmetics');
  await (await firstProductLink(page)).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('login modal has no serious or critical axe violations and traps focus', async ({ page }) => {
  await page.goto('/');
  const dialog = await openLoginModal(page);
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
