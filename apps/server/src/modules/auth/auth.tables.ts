/**
 * The auth module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigserial, boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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
  /** Verification (migration 0023): when the email's code was entered; null while unverified. */
  emailVerifiedAt: tz('email_verified_at'),
  /** The verified phone (E.164), set together with phoneVerifiedAt; a number being verified is only in its code. */
  phone: text('phone'),
  phoneVerifiedAt: tz('phone_verified_at'),
  /** The verified email is on one of STUDENT_EMAIL_DOMAINS (judged at verification and at each start). */
  verifiedStudent: boolean('verified_student').notNull().default(false),
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

/** Codes sent to verify an email or a phone: only their hash, 15 minutes, five wrong tries. */
export const verificationCodes = pgTable('verification_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  channel: text('channel').$type<'email' | 'phone'>().notNull(),
  /** The address or the E.164 number the code was sent to. */
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: tz('expires_at').notNull(),
  /** Used, voided by the fifth wrong try, or replaced by a newer code. */
  endedAt: tz('ended_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** Each verification, and each revocation by an admin (`actorId`). */
export const verificationEvents = pgTable('verification_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<'email_verified' | 'phone_verified' | 'revoked'>().notNull(),
  detail: text('detail'),
  actorId: uuid('actor_id'),
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

/** The Lagos days a user synced a cart with something in it (migrations/0025): the dashboards' funnel. */
export const cartDays = pgTable(
  'cart_days',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
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
