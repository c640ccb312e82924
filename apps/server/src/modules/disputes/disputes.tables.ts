/**
 * The disputes module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

/** migrations/0017_disputes.sql */
export const disputes = pgTable('disputes', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  itemId: uuid('item_id'),
  customerId: uuid('customer_id').notNull(),
  reason: text('reason', { enum: ['wrong_item', 'missing_item', 'damaged', 'never_arrived'] }).notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  note: text('note').notNull().default(''),
  photo: text('photo'),
  state: text('state', { enum: ['open', 'refunded', 'rejected'] })
    .notNull()
    .default('open'),
  refundKobo: integer('refund_kobo'),
  bearer: text('bearer', { enum: ['vendor', 'rider', 'platform'] }),
  bearerVendorId: uuid('bearer_vendor_id'),
  resolution: text('resolution'),
  settledBy: uuid('settled_by'),
  settledAt: tz('settled_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
