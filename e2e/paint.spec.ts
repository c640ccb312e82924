import { test, expect, request as playwrightRequest, type Page } from '@playwright/test';
import { apiPost, productPath, type Product } from './tests/helpers';

declare global {
  interface Window {
    /** Set before a client-side navigation: still there after it means the page did not reload. */
    __marker?: number;
  }
}

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
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${productPath(product)}$`),
      );
      // Links work without JavaScript: the breadcrumb leads to the category page, also rendered.
      await page
        .getByRole('navigation', { name: /breadcrumb/i })
        .getByRole('link', { name: 'Products', exact: true })
        .click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('the largest picture is preloaded from the head and fetched first, the others wait', async ({ page }) => {
      const product = await aProduct(page);
      const pictures: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/media/')) pictures.push(r.url());
      });
      await page.goto(productPath(product));
      const image = product.image[0]!;
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveCount(1);
      await expect(preload).toHaveAttribute('type', 'image/avif');
      await expect(preload).toHaveAttribute('fetchpriority', 'high');
      await expect(preload).toHaveAttribute('imagesizes', /.+/);
      const srcset = await preload.getAttribute('imagesrcset');
      expect(srcset).toContain(`${image}?w=800&f=avif 800w`);

      const main = page.getByRole('img', { name: product.name });
      await expect(main).toHaveAttribute('fetchpriority', 'high');
      await expect(main).toHaveAttribute('loading', 'eager');
      await expect(main).toHaveAttribute('width', /^\d+$/);
      await expect(main).toHaveAttribute('height', /^\d+$/);
      // The <img> offers what the preload named: the browser reuses the preloaded AVIF copy.
      const source = main.locator('xpath=preceding-sibling::source');
      await expect(source).toHaveAttribute('type', 'image/avif');
      await expect(source).toHaveAttribute('srcset', srcset!);
      await expect(source).toHaveAttribute('sizes', (await preload.getAttribute('imagesizes'))!);
      await expect
        .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await main.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toMatch(/f=avif/);
      expect(pictures[0]).toMatch(/f=avif/);

      // Pictures further down (related products) are lazy and decoded off the main thread.
      const others = page.locator('main img:not([fetchpriority])');
      expect(await others.count()).toBeGreaterThan(0);
      for (const img of await others.all()) {
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expect(img).toHaveAttribute('decoding', 'async');
      }
    });

    test('the home page preloads its first banner', async ({ page }) => {
      await page.goto('/');
      const preload = page.locator('head link[rel="preload"][as="image"]');
      await expect(preload).toHaveAttribute('imagesrcset', /\/media\/.+\?w=400&f=avif 400w/);
      const banner = page.locator('img[fetchpriority="high"]');
      await expect(banner).toHaveCount(1);
      await expect(banner).toHaveAttribute('loading', 'eager');
      await expect(banner.locator('xpath=preceding-sibling::source')).toHaveAttribute(
        'srcset',
        (await preload.getAttribute('imagesrcset'))!,
      );
    });

    test('the home page comes with its Best Sellers, not a skeleton', async ({ page }) => {
      const res = await page.request.get('/api/product/list?sort=popular&inStock=true&limit=5');
      const { products } = (await res.json()) as { products: Product[] };
      await page.goto('/');
      const best = page.getByRole('region', { name: 'Best Sellers' });
      await expect(best.getByRole('link', { name: products[0]!.name }).first()).toBeVisible();
      await expect(best.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    });

    test("a closed vendor's product says so in the page itself", async ({ page, baseURL }) => {
      // The demo vendor switches its shop off (and back on afterwards, for the other journeys).
      const vendor = await playwrightRequest.newContext({ baseURL });
      const VENDOR = { email: 'vendor@jara.test', password: 'Vendor#2026' };
      expect((await apiPost(vendor, baseURL!, '/api/user/login', VENDOR)).ok()).toBe(true);
      const mine = (await (await vendor.get('/api/seller/products')).json()) as { products: Product[] };
      const product = mine.products.find((p) => p.inStock)!;
      expect((await apiPost(vendor, baseURL!, '/api/seller/open', { isOpen: false })).ok()).toBe(true);
      try {
        await page.goto(productPath(product));
        await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'not taking orders right now' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
      } finally {
        expect((await apiPost(vendor, baseURL!, '/api/seller/open', { isOpen: true })).ok()).toBe(true);
        await vendor.dispose();
      }
    });

    test('an unknown page answers 404 with the not-found page', async ({ page }) => {
      const res = await page.goto('/no-such-page');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    });
  });

  test("the app's scripts are asked for once the page's picture is in", async ({ page }) => {
    const product = await aProduct(page);
    const events: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.url().includes(`${product.image[0]!.split('?')[0]}`)) events.push('picture');
    });
    page.on('request', (r) => {
      if (/\/assets\/(start|react)-[\w-]+\.js$/.test(r.url())) events.push('app');
    });
    // The page comes without the app's preloads; its own script asks for them after the picture.
    const html = await (await page.request.get(productPath(product))).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).not.toMatch(/rel="modulepreload"[^>]*\/assets\/(start|react)-/);
    await page.goto(productPath(product));
    await expect(page.locator('#root')).not.toHaveAttribute('data-hydrating');
    expect(events.indexOf('picture')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('app')).toBeGreaterThan(events.indexOf('picture'));
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
    await page.evaluate(() => (window.__marker = 1));
    await page
      .getByRole('navigation', { name: /breadcrumb/i })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.__marker)).toBe(1);
    expect(problems).toEqual([]);
  });
});
