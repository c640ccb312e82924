import { test, expect, type Page } from '@playwright/test';

interface Product { _id: string; name: string; category: string; vendorId: string; inStock: boolean; options: { price: number }[]; image: string[] }
const productPath = (p: Product) => (p.category === 'food' ? `/products/food/${p.vendorId}/${p._id}` : `/products/${p.category}/${p._id}`);

async function aProduct(page: Page): Promise<Product> {
  const res = await page.request.get('/api/product/list');
  const { products } = (await res.json()) as { products: Product[] };
  const p = products.find((x) => x.inStock && x.category !== 'food');
  if (!p) throw new Error('no product in the demo catalogue');
  return p;
}

test.describe('server rendering', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a product page is readable, with its head tags', async ({ page }) => {
      const product = await aProduct(page);
      const res = await page.goto(productPath(product));
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByRole('img', { name: product.name })).toBeVisible();
      await expect(page).toHaveTitle(`${product.name} · Jara`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', product.name);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\//);
      await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute('content', /^\d/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${productPath(product)}$`));
      // Links work without JavaScript: the breadcrumb leads to the category page, also rendered.
      await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Products', exact: true }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('an unknown page answers 404 with the not-found page', async ({ page }) => {
      const res = await page.goto('/no-such-page');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  });

  test('hydration keeps the page and logs no error or warning', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const product = await aProduct(page);
    for (const path of ['/', productPath(product), '/cart', '/products', '/shops', '/faq']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // Hydrated: a client-side navigation works without a reload.
    await page.goto(productPath(product));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(problems).toEqual([]);
  });
});
