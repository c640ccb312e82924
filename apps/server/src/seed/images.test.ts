import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_CATEGORIES, SEED_PRODUCTS, SEED_VENDORS } from './catalogue-data.js';
import { renderBanner, renderCategoryImage, renderProductImage, renderSlide, renderVendorPhoto } from './images.js';

async function expectWebp(buf: Buffer, width: number, height: number): Promise<void> {
  expect(buf.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(buf.subarray(8, 12).toString('ascii')).toBe('WEBP');
  const meta = await sharp(buf).metadata();
  expect(meta.format).toBe('webp');
  expect([meta.width, meta.height]).toEqual([width, height]);
}

describe('seed imagery', () => {
  it('draws every motif the catalogue uses, as an 800x800 WebP product shot', async () => {
    const motifs = [...new Set(SEED_PRODUCTS.map((p) => p.motif))];
    expect(motifs.length).toBeGreaterThan(20);
    for (const [i, motif] of motifs.entries()) {
      await expectWebp(await renderProductImage(motif, i, '#2B59C3', `Sample ${motif}`), 800, 800);
    }
  });

  it('varies the picture with the variant', async () => {
    const a = await renderProductImage('sneaker', 0, '#F26419', 'Sneaker');
    const b = await renderProductImage('sneaker', 1, '#F26419', 'Sneaker');
    expect(a.equals(b)).toBe(false);
  });

  it('draws a product shot, not a flat box', async () => {
    const stats = await sharp(await renderProductImage('jollof-plate', 0, '#E4572E', '')).stats();
    // A flat placeholder has near-zero spread in every channel.
    expect(Math.min(...stats.channels.slice(0, 3).map((c) => c.stdev))).toBeGreaterThan(15);
  });

  it('rejects an unknown motif', async () => {
    await expect(renderProductImage('spaceship', 0, '#000000', '')).rejects.toThrow(/Unknown motif/);
  });

  it('renders vendor photos, category tiles, banners and slides', async () => {
    const vendor = SEED_VENDORS[0]!;
    await expectWebp(await renderVendorPhoto(vendor.businessName, vendor.accent), 600, 600);
    for (const c of SEED_CATEGORIES) await expectWebp(await renderCategoryImage(c.path, c.bgColor), 600, 600);
    for (const i of [0, 1] as const) await expectWebp(await renderBanner(i), 1600, 600);
    for (const i of [0, 1, 2, 3] as const) await expectWebp(await renderSlide(i), 1200, 500);
  });
});
