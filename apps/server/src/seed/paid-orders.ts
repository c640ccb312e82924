/**
 * Many paid orders at once, as checkout, payment and delivery would leave them (one line each,
 * delivered, a paid payment), written a few hundred per statement: the exports' tests and the
 * 10,000-order export journey (cli/seed-orders.ts, e2e/exports.spec.ts). Like the demo seed it
 * writes the tables directly, as a tool outside the modules.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client.js';
import { insertJsonRows } from '../infra/db/json-rows.js';
import { orderItems, orders } from '../modules/orders/orders.tables.js';
import { payments } from '../modules/payments/payments.tables.js';

/** What every seeded order is made of: one customer buying one product option of one shop. */
export interface PaidOrderPlan {
  customerId: string;
  vendorId: string;
  productId: string;
  optionId: string;
  productName: string;
  /** How many orders. */
  count: number;
  /** The first order's payment time; each next one `everyMs` later. */
  firstPaidAt: Date;
  everyMs: number;
  /** The unit price of order i (kobo); its quantity is 1 + i % 3. */
  unitKobo: (i: number) => number;
}

const SEEDED_DELIVERY_KOBO = 75_000;
const SEEDED_SERVICE_KOBO = 5_000;

/** Order i's quantity and amounts (kobo), as the seed writes them. */
function seededOrder(plan: Pick<PaidOrderPlan, 'unitKobo'>, i: number) {
  const quantity = 1 + (i % 3);
  const itemsKobo = plan.unitKobo(i) * quantity;
  return { quantity, itemsKobo, amountKobo: itemsKobo + SEEDED_DELIVERY_KOBO + SEEDED_SERVICE_KOBO };
}

const BATCH = 2000;

/** Writes the plan's orders; answers their count and the sums of their items and of what was paid (kobo). */
export async function seedPaidOrders(
  db: Db,
  plan: PaidOrderPlan,
): Promise<{ orders: number; itemsKobo: number; paidKobo: number }> {
  let itemsSum = 0;
  let paidSum = 0;
  for (let start = 0; start < plan.count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, plan.count - start) }, (_, k) => {
      const i = start + k;
      const o = seededOrder(plan, i);
      itemsSum += o.itemsKobo;
      paidSum += o.amountKobo;
      return { i, id: randomUUID(), paidAt: new Date(plan.firstPaidAt.getTime() + i * plan.everyMs), ...o };
    });
    // One statement per batch, each table's rows as one JSON parameter (decision 0030).
    const orderRows = insertJsonRows(
      orders,
      batch.map((o) => ({
        id: o.id,
        userId: plan.customerId,
        address: { address: 'Hall 2, University of Benin' },
        itemsKobo: o.itemsKobo,
        deliveryFeeKobo: SEEDED_DELIVERY_KOBO,
        serviceFeeKobo: SEEDED_SERVICE_KOBO,
        amountKobo: o.amountKobo,
        paymentState: 'paid' as const,
        paidAt: o.paidAt,
        createdAt: o.paidAt,
        deliveryCode: '1234',
      })),
    );
    const itemRows = insertJsonRows(
      orderItems,
      batch.map((o) => ({
        orderId: o.id,
        productId: plan.productId,
        optionId: plan.optionId,
        vendorId: plan.vendorId,
        productName: plan.productName,
        optionName: 'Default Option',
        unitPriceKobo: plan.unitKobo(o.i),
        quantity: o.quantity,
        // Long past, as the journey's and tests' periods are: delivered (no deadline sweep cancels them).
        status: 'Delivered',
      })),
    );
    const paymentRows = insertJsonRows(
      payments,
      batch.map((o) => ({
        reference: `seed_${randomBytes(8).toString('hex')}`,
        userId: plan.customerId,
        purpose: 'order' as const,
        subjectId: o.id,
        amountKobo: o.amountKobo,
        provider: 'sandbox',
        state: 'paid' as const,
        createdAt: o.paidAt,
        paidAt: o.paidAt,
      })),
    );
    await db.execute(sql`with placed as (${orderRows}), lines as (${itemRows}) ${paymentRows}`);
  }
  return { orders: plan.count, itemsKobo: itemsSum, paidKobo: paidSum };
}
