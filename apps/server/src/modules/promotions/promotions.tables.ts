/**
 * The promotions module's tables (decision 0051): only this module reads or writes them; other
 * modules ask through its index.ts. The SQL in migrations/0024_promotions.sql is the source of
 * truth; infra/db/schema.test.ts checks these mirror it.
 */
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { PromotionFunder, PromotionKind } from '@jara/shared';
import { tz } from '../../infra/db/columns.js';

export type UseState = 'reserved' | 'used' | 'released';

export const promotions = pgTable('promotions', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  code: text('code'),
  kind: text('kind').$type<PromotionKind>().notNull(),
  percent: integer('percent'),
  capKobo: integer('cap_kobo'),
  amountKobo: integer('amount_kobo'),
  minSpendKobo: integer('min_spend_kobo').notNull().default(0),
  firstOrder: boolean('first_order').notNull().default(false),
  studentsOnly: boolean('students_only').notNull().default(false),
  vendorIds: uuid('vendor_ids').array().notNull().default([]),
  categories: text('categories').array().notNull().default([]),
  productIds: uuid('product_ids').array().notNull().default([]),
  days: integer('days').array().notNull().default([]),
  fromMinute: integer('from_minute'),
  toMinute: integer('to_minute'),
  startsAt: tz('starts_at'),
  endsAt: tz('ends_at'),
  maxUses: integer('max_uses'),
  budgetKobo: integer('budget_kobo'),
  perPerson: integer('per_person'),
  fundedBy: text('funded_by').$type<PromotionFunder>().notNull(),
  vendorId: uuid('vendor_id'),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const promotionUses = pgTable('promotion_uses', {
  id: uuid('id').primaryKey().defaultRandom(),
  promotionId: uuid('promotion_id').notNull(),
  orderId: uuid('order_id').notNull(),
  userId: uuid('user_id').notNull(),
  phone: text('phone'),
  target: text('target').$type<'items' | 'delivery'>().notNull(),
  discountKobo: integer('discount_kobo').notNull(),
  state: text('state').$type<UseState>().notNull().default('reserved'),
  createdAt: tz('created_at').notNull().defaultNow(),
  usedAt: tz('used_at'),
  releasedAt: tz('released_at'),
  releasedReason: text('released_reason'),
});

export const promotionBars = pgTable('promotion_bars', {
  userId: uuid('user_id').primaryKey(),
  reason: text('reason').notNull().default(''),
  barredBy: uuid('barred_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
});
