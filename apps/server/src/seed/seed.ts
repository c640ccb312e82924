import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { productOptions, products, vendors } from '../modules/catalogue/catalogue.tables.js';
import { promotions } from '../modules/promotions/promotions.tables.js';
import { riders } from '../modules/rider/rider.tables.js';
import { users } from '../modules/auth/auth.tables.js';
import { banners } from '../modules/catalogue/catalogue.tables.js';
import { DEFAULT_BANNERS } from '../modules/catalogue/catalogue.routes.js';
import { hashPassword } from '../lib/crypto.js';
import { SEED_PRODUCTS, SEED_VENDORS } from './catalogue-data.js';
import { renderBanner, renderProductImage, renderSlide, renderVendorPhoto } from './images.js';

export const DEMO_ACCOUNTS = [
  { role: 'customer', name: 'Ada Customer', email: 'customer@jara.test', password: 'Customer#2026' },
  { role: 'vendor', name: 'Vera Vendor', email: 'vendor@jara.test', password: 'Vendor#2026' },
  { role: 'rider', name: 'Rotimi Rider', email: 'rider@jara.test', password: 'Rider#2026' },
  { role: 'support', name: 'Sade Support', email: 'support@jara.test', password: 'Support#2026' },
  { role: 'admin', name: 'Amaka Admin', email: 'admin@jara.test', password: 'Admin#2026' },
] as const;

/**
 * True when the demo has never been loaded and nobody has started selling: no product and none of
 * the demo accounts. (Not "no categories": every start gives those, seed/reference.ts.)
 */
async function needsSeed(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  const demo = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
    .limit(1);
  return demo.length === 0;
}

/** Runs `fn` over items with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/**
 * Loads the demo's banners, accounts, vendors and products, on top of the reference data (the
 * categories and the gazetteer, loaded first: seed/reference.ts). Images are drawn locally and
 * written to storage. Only into a database without products or demo accounts.
 */
export async function seedDemo(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>): Promise<void> {
  if (!(await needsSeed(ctx))) return;
  const started = Date.now();
  const images: { key: string; render: () => Promise<Buffer> }[] = [];

  await ctx.db.transaction(async (tx) => {
    await tx.insert(banners).values(DEFAULT_BANNERS.map((b, position) => ({ ...b, position })));

    const accountIds = new Map<string, string>();
    for (const a of DEMO_ACCOUNTS) {
      const roles = a.role === 'vendor' || a.role === 'rider' ? (['customer', a.role] as const) : ([a.role] as const);
      const [u] = await tx
        .insert(users)
        // Verified (decision 0050), so the demo shows what a verified account may do; their
        // addresses are not real mailboxes to send a code to.
        .values({
          name: a.name,
          email: a.email,
          roles: [...roles],
          passwordHash: await hashPassword(a.password),
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      accountIds.set(a.role, u!.id);
    }
    await tx.insert(riders).values({
      userId: accountIds.get('rider')!,
      name: 'Rotimi Rider',
      phone: '08031234567',
      dateOfBirth: '2000-05-14',
      vehicle: 'motorcycle',
      status: 'approved',
      isOnline: true,
    });

    const vendorIds = new Map<string, string>();
    for (const [i, v] of SEED_VENDORS.entries()) {
      const photoKey = `seed/vendors/${v.key}.webp`;
      images.push({ key: photoKey, render: () => renderVendorPhoto(v.businessName, v.accent) });
      const [row] = await tx
        .insert(vendors)
        .values({
          userId: i === 0 ? accountIds.get('vendor')! : null,
          businessName: v.businessName,
          kind: v.kind,
          phone: v.phone,
          address: v.address,
          latitude: v.latitude,
          longitude: v.longitude,
          profilePhoto: `/media/${photoKey}`,
          openingHours: v.openingHours,
          isOpen: true,
          status: 'approved',
        })
        .returning({ id: vendors.id });
      vendorIds.set(v.key, row!.id);
    }

    const accents = new Map(SEED_VENDORS.map((v) => [v.key, v.accent]));
    for (const [i, p] of SEED_PRODUCTS.entries()) {
      const keys = Array.from({ length: p.imageCount }, (_, n) => `seed/products/${p.key}-${n}.webp`);
      keys.forEach((key, n) =>
        images.push({
          key,
          render: () => renderProductImage(p.motif, n, accents.get(p.vendorKey) ?? '#0f766e', p.name),
        }),
      );
      const [row] = await tx
        .insert(products)
        .values({
          vendorId: vendorIds.get(p.vendorKey)!,
          category: p.category,
          name: p.name,
          description: p.description,
          images: keys.map((k) => `/media/${k}`),
          weight: p.weight,
          inStock: p.inStock,
          createdAt: new Date(started - (SEED_PRODUCTS.length - i) * 60_000),
        })
        .returning({ id: products.id });
      await tx.insert(productOptions).values(
        p.options.map((o, position) => ({
          productId: row!.id,
          name: o.name,
          priceKobo: o.priceKobo,
          offerPriceKobo: o.offerPriceKobo,
          position,
        })),
      );
    }

    // Promotions (decision 0051): the platform's evening free delivery, labelled on every product,
    // and a welcome code for a verified account's first order.
    await tx.insert(promotions).values([
      {
        title: 'Free delivery after 8 pm',
        kind: 'delivery',
        percent: 100,
        fromMinute: 20 * 60,
        toMinute: 0,
        fundedBy: 'platform',
      },
      {
        title: '₦500 off your first order',
        code: 'WELCOME500',
        kind: 'fixed',
        amountKobo: 50_000,
        minSpendKobo: 200_000,
        firstOrder: true,
        perPerson: 1,
        fundedBy: 'platform',
      },
    ]);
  });

  images.push(
    { key: 'seed/banner-0.webp', render: () => renderBanner(0) },
    { key: 'seed/banner-1.webp', render: () => renderBanner(1) },
  );
  for (const i of [0, 1, 2, 3] as const) images.push({ key: `seed/slide-${i}.webp`, render: () => renderSlide(i) });
  await pool(images, 4, async (img) => {
    if (!(await ctx.storage.exists(img.key))) await ctx.storage.put(img.key, await img.render());
  });
  ctx.log.info({ ms: Date.now() - started, images: images.length }, 'demo data loaded');
}
