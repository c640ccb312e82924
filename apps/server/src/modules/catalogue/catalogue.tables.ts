/**
 * The catalogue module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { boolean, doublePrecision, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const categories = pgTable('categories', {
  path: text('path').primaryKey(),
  text: text('text').notNull(),
  image: text('image').notNull(),
  bgColor: text('bg_color').notNull(),
  position: integer('position').notNull().default(0),
});

export type OpeningHoursJson = Record<string, { open: string; close: string } | null>;

export const vendors = pgTable('vendors', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  businessName: text('business_name').notNull(),
  kind: text('kind', { enum: ['food', 'goods'] }).notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  profilePhoto: text('profile_photo').notNull(),
  openingHours: jsonb('opening_hours').$type<OpeningHoursJson>().notNull(),
  isOpen: boolean('is_open').notNull().default(true),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  rejectionReason: text('rejection_reason'),
  /** The gazetteer place the shop location was picked from (migration 0005). */
  placeId: text('place_id'),
  /** Minutes the shop takes to prepare an order, added to the arrival estimate before pickup (migration 0015). */
  preparationMinutes: integer('preparation_minutes').notNull().default(15),
  /** Orders taken per delivery slot (migrations/0020_slots.sql). */
  slotCapacity: integer('slot_capacity').notNull().default(10),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  vendorId: uuid('vendor_id').notNull(),
  category: text('category').notNull(),
  name: text('name').notNull(),
  description: text('description').array().notNull().default([]),
  images: text('images').array().notNull().default([]),
  weight: text('weight'),
  inStock: boolean('in_stock').notNull().default(true),
  deletedAt: tz('deleted_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const productOptions = pgTable('product_options', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id').notNull(),
  name: text('name').notNull(),
  priceKobo: integer('price_kobo').notNull(),
  offerPriceKobo: integer('offer_price_kobo'),
  position: integer('position').notNull().default(0),
});

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  image: text('image').notNull(),
  headline: text('headline').notNull(),
  text: text('text').notNull().default(''),
  link: text('link').notNull().default('/'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
});
