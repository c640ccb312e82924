/**
 * The auth module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language, Role } from '@jara/shared';
import { tz } from '../../infra/db/columns.js';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  googleSub: text('google_sub'),
  /** Capabilities, not a single role (migration 0010). */
  roles: text('roles')
    .array()
    .$type<Role[]>()
    .notNull()
    .default(sql`ARRAY['customer']::text[]`),
  chatId: uuid('chat_id'),
  /** What emails and pushes are written in (migration 0014). */
  language: text('language').$type<Language>().notNull().default('en'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    optionId: uuid('option_id').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId, t.optionId] })],
);

export const wishListItems = pgTable(
  'wish_list_items',
  {
    userId: uuid('user_id').notNull(),
    productId: uuid('product_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
