/**
 * The orders module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';
import type { PaymentState } from '../payments/index.js';

export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  addressId: uuid('address_id'),
  address: jsonb('address').$type<Record<string, unknown>>().notNull(),
  itemsKobo: integer('items_kobo').notNull(),
  deliveryFeeKobo: integer('delivery_fee_kobo').notNull(),
  serviceFeeKobo: integer('service_fee_kobo').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  paymentState: text('payment_state').$type<PaymentState>().notNull().default('awaiting'),
  paidAt: tz('paid_at'),
  deliveryCode: text('delivery_code'),
  riderId: uuid('rider_id'),
  codeAttempts: integer('code_attempts').notNull().default(0),
  lockedAt: tz('locked_at'),
  deliveryNote: text('delivery_note').notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
  /** An order for later (migrations/0020_slots.sql): its slot's start, and when its shops start preparing. */
  deliverFrom: tz('deliver_from'),
  prepareAt: tz('prepare_at'),
  /** Batched by hall (migrations/0021_batches.sql, decision 0048). */
  batchSave: boolean('batch_save').notNull().default(false),
  tierFeeKobo: integer('tier_fee_kobo'),
  readyAt: tz('ready_at'),
  batchId: uuid('batch_id'),
  riderBasisKobo: integer('rider_basis_kobo'),
  assignedAt: tz('assigned_at'),
  /** What promotions took off (migrations/0024_promotions.sql, decision 0051); the figures above are before them. */
  itemsDiscountKobo: integer('items_discount_kobo').notNull().default(0),
  deliveryDiscountKobo: integer('delivery_discount_kobo').notNull().default(0),
  /** The latest of its lines' confirmations, pick-ups and deliveries (migrations/0025): the dashboards' times. */
  confirmedAt: tz('confirmed_at'),
  pickedAt: tz('picked_at'),
  deliveredAt: tz('delivered_at'),
});

export const orderItems = pgTable('order_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  productId: uuid('product_id').notNull(),
  optionId: uuid('option_id').notNull(),
  vendorId: uuid('vendor_id').notNull(),
  productName: text('product_name').notNull(),
  optionName: text('option_name').notNull(),
  image: text('image'),
  unitPriceKobo: integer('unit_price_kobo').notNull(),
  quantity: integer('quantity').notNull(),
  status: text('status').notNull().default('Order Placed'),
  cancelReason: text('cancel_reason'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /** The group member whose share paid for the item (migrations/0022, decision 0049); null: the order's customer. */
  payerId: uuid('payer_id'),
  /** Taken off the line's price by an items promotion; of any promotion, what its shop funds (decision 0051). */
  discountKobo: integer('discount_kobo').notNull().default(0),
  shopFundedKobo: integer('shop_funded_kobo').notNull().default(0),
});
