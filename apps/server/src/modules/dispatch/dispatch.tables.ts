/**
 * The dispatch module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';
import type { PaymentState } from '../payments/index.js';

export const dispatches = pgTable('dispatches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  pickupAddressId: uuid('pickup_address_id'),
  pickup: jsonb('pickup').$type<Record<string, unknown>>().notNull(),
  dropoff: jsonb('dropoff').$type<Record<string, unknown>>().notNull(),
  deliveryNote: text('delivery_note').notNull().default(''),
  isExpress: boolean('is_express').notNull().default(false),
  deliveryFeeKobo: integer('delivery_fee_kobo').notNull(),
  serviceFeeKobo: integer('service_fee_kobo').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  paymentState: text('payment_state').$type<PaymentState>().notNull().default('awaiting'),
  status: text('status').notNull().default('Order Placed'),
  paidAt: tz('paid_at'),
  deliveryCode: text('delivery_code'),
  riderId: uuid('rider_id'),
  codeAttempts: integer('code_attempts').notNull().default(0),
  lockedAt: tz('locked_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
