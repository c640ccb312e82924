/**
 * npx tsx src/cli/seed-orders.ts <count> <first Lagos day YYYY-MM-DD> [minutes apart] — into the
 * configured database (DATA_DIR or DATABASE_URL), fresh: the reference data, the demo admin,
 * customer and vendor accounts (their demo passwords) with one shop and product, and <count>
 * paid orders of that customer there, the first at midnight of that day in Lagos, one every
 * [minutes apart] (default 4). Prints the counts and sums as JSON. For the 10,000-order export
 * journey (e2e/exports.spec.ts): the demo's pictures are not drawn, so it is quick; never for a
 * real shop's database (refused in production).
 */
import pino from 'pino';
import { lagosMidnight } from '@jara/shared';
import { hashPassword } from '../lib/crypto.js';
import { STARTUP_LOCK } from '../infra/db/client.js';
import { createStorage } from '../infra/storage/create.js';
import { users } from '../modules/auth/auth.tables.js';
import { productOptions, products, vendors } from '../modules/catalogue/catalogue.tables.js';
import { loadReferenceData } from '../seed/reference.js';
import { seedPaidOrders } from '../seed/paid-orders.js';
import { DEMO_ACCOUNTS } from '../seed/seed.js';
import { fail, openForCli } from './open.js';

const demo = (role: 'admin' | 'customer' | 'vendor') => DEMO_ACCOUNTS.find((a) => a.role === role)!;
const EVERY_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '08:00', close: '21:00' }]),
);

async function run() {
  const [countArg, day, minutesArg = '4'] = process.argv.slice(2);
  const count = Number(countArg);
  if (!Number.isSafeInteger(count) || count < 1 || !day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new Error('usage: seed-orders.ts <count> <YYYY-MM-DD> [minutes apart]');
  }
  const { database, config } = await openForCli();
  if (config.isProduction) throw new Error('seed-orders writes made-up orders: not in production');
  try {
    const ctx = { db: database.db, storage: createStorage(config, database), log: pino({ level: 'warn' }) };
    await database.withLock(STARTUP_LOCK, () => loadReferenceData(ctx));
    const account = async (role: 'admin' | 'customer' | 'vendor') => {
      const a = demo(role);
      const roles = role === 'vendor' ? (['customer', 'vendor'] as const) : ([role] as const);
      const [u] = await database.db
        .insert(users)
        .values({ name: a.name, email: a.email, passwordHash: await hashPassword(a.password), roles: [...roles] })
        .returning({ id: users.id });
      return u!.id;
    };
    await account('admin');
    const customerId = await account('customer');
    const ownerId = await account('vendor');
    const [shop] = await database.db
      .insert(vendors)
      .values({
        userId: ownerId,
        businessName: 'Mama Put Ugbowo',
        kind: 'food',
        phone: '08031234567',
        address: 'Ugbowo',
        latitude: 6.4,
        longitude: 5.61,
        profilePhoto: '/media/seed/vendors/x.webp',
        openingHours: EVERY_DAY,
        status: 'approved',
      })
      .returning({ id: vendors.id });
    const [product] = await database.db
      .insert(products)
      .values({
        vendorId: shop!.id,
        category: 'food',
        name: 'Jollof rice, "party" style',
        description: ['Smoky'],
        images: ['/media/seed/products/x-0.webp'],
      })
      .returning({ id: products.id, name: products.name });
    const [option] = await database.db
      .insert(productOptions)
      .values({ productId: product!.id, name: 'Default Option', priceKobo: 100_000, position: 0 })
      .returning({ id: productOptions.id });
    const sums = await seedPaidOrders(database.db, {
      customerId,
      vendorId: shop!.id,
      productId: product!.id,
      optionId: option!.id,
      productName: product!.name,
      count,
      firstPaidAt: lagosMidnight(day),
      everyMs: Number(minutesArg) * 60_000,
      unitKobo: (i) => 100_000 + (i % 101) * 50,
    });
    process.stdout.write(`${JSON.stringify(sums)}\n`);
  } finally {
    await database.close();
  }
}
run().catch(fail);
