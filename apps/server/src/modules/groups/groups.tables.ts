/**
 * The groups module's tables (decision 0049): only this module reads or writes them; other modules
 * ask through its index.ts. The SQL in migrations/0022_group_orders.sql is the source of truth;
 * infra/db/schema.test.ts checks these mirror it.
 */
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { GroupMemberState, GroupState } from '@jara/shared';
import { tz } from '../../infra/db/columns.js';

export type GroupEnding = 'cancelled_by_host' | 'nobody_paid' | 'not_closed';

export const groupOrders = pgTable('group_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  hostId: uuid('host_id').notNull(),
  /** The order the group becomes (inserted at placement); the members' payments name it. */
  orderId: uuid('order_id').notNull().unique(),
  /** The share link's secret. */
  token: text('token').notNull().unique(),
  addressId: uuid('address_id').notNull(),
  address: jsonb('address').$type<Record<string, unknown>>().notNull(),
  vendorIds: uuid('vendor_ids').array().notNull(),
  deliveryNote: text('delivery_note').notNull().default(''),
  state: text('state').$type<GroupState>().notNull().default('open'),
  ended: text('ended').$type<GroupEnding>(),
  cutOffAt: tz('cut_off_at').notNull(),
  /** The whole delivery fee, fixed when the host closes the group. */
  deliveryFeeKobo: integer('delivery_fee_kobo'),
  createdAt: tz('created_at').notNull().defaultNow(),
  closedAt: tz('closed_at'),
  placedAt: tz('placed_at'),
});

export const groupMembers = pgTable('group_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id').notNull(),
  userId: uuid('user_id').notNull(),
  joinedAt: tz('joined_at').notNull().defaultNow(),
  state: text('state').$type<GroupMemberState>().notNull().default('joined'),
  /** The share, fixed at closing (null: not closed yet, or nothing to pay for). */
  itemsKobo: integer('items_kobo'),
  deliveryShareKobo: integer('delivery_share_kobo'),
  serviceFeeKobo: integer('service_fee_kobo'),
  amountKobo: integer('amount_kobo'),
  paymentId: uuid('payment_id'),
  paidAt: tz('paid_at'),
});

export const groupItems = pgTable('group_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  groupId: uuid('group_id').notNull(),
  memberId: uuid('member_id').notNull(),
  productId: uuid('product_id').notNull(),
  optionId: uuid('option_id').notNull(),
  vendorId: uuid('vendor_id').notNull(),
  quantity: integer('quantity').notNull(),
  /** Fixed at closing (the catalogue's until then). */
  productName: text('product_name'),
  optionName: text('option_name'),
  image: text('image'),
  unitPriceKobo: integer('unit_price_kobo'),
  addedAt: tz('added_at').notNull().defaultNow(),
});
