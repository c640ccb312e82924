/**
 * Drizzle table definitions for queries. The SQL in migrations/ is the source of truth for the
 * database; these mirror it (schema.test.ts checks every column exists with the same name).
 */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Role } from '@jara/shared';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  userAgent: text('user_agent'),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

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

export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipcode: text('zipcode').notNull(),
  country: text('country').notNull(),
  phone: text('phone').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  placeId: text('place_id'),
  placeName: text('place_name'),
  block: text('block').notNull().default(''),
  floor: text('floor').notNull().default(''),
  room: text('room').notNull().default(''),
  landmark: text('landmark').notNull().default(''),
  deletedAt: tz('deleted_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const places = pgTable('places', {
  placeId: text('place_id').primaryKey(),
  displayName: text('display_name').notNull(),
  street: text('street').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  kind: text('kind').notNull().default('place'),
  source: text('source').notNull().default('curated'),
  blocks: text('blocks').array().notNull().default([]),
});

export type PaymentState = 'awaiting' | 'paid' | 'failed' | 'abandoned';
/** A payment attempt is `initializing` until the provider's answer is stored (migrations/0007_payment_attempts.sql). */
export type AttemptState = 'initializing' | PaymentState;

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
});

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

export const statusEvents = pgTable('status_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subjectType: text('subject_type', { enum: ['order', 'order_item', 'dispatch'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  status: text('status').notNull(),
  actorId: uuid('actor_id'),
  note: text('note'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['order', 'dispatch'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  provider: text('provider').notNull(),
  state: text('state').$type<AttemptState>().notNull().default('awaiting'),
  refundedKobo: integer('refunded_kobo').notNull().default(0),
  providerData: jsonb('provider_data'),
  createdAt: tz('created_at').notNull().defaultNow(),
  paidAt: tz('paid_at'),
});

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  reason: text('reason').notNull(),
  state: text('state', { enum: ['pending', 'processed', 'failed'] })
    .notNull()
    .default('pending'),
  providerRef: text('provider_ref'),
  /** First time the request may have reached the provider (migrations/0007_payment_attempts.sql). */
  sentAt: tz('sent_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  processedAt: tz('processed_at'),
});

export const webhookEvents = pgTable('webhook_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  event: text('event'),
  reference: text('reference'),
  outcome: text('outcome').notNull(),
  body: jsonb('body'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const chats = pgTable('chats', {
  id: uuid('id').primaryKey().defaultRandom(),
  customerId: uuid('customer_id').notNull().unique(),
  status: text('status', { enum: ['open', 'resolved'] })
    .notNull()
    .default('open'),
  lastMessageAt: tz('last_message_at').notNull().defaultNow(),
  lastCustomerEmailAt: tz('last_customer_email_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const chatMessages = pgTable('chat_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  chatId: uuid('chat_id').notNull(),
  senderId: uuid('sender_id').notNull(),
  senderName: text('sender_name').notNull(),
  body: text('body').notNull().default(''),
  mediaKey: text('media_key'),
  mediaType: text('media_type'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const chatReads = pgTable(
  'chat_reads',
  {
    chatId: uuid('chat_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastReadAt: tz('last_read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  attachmentKey: text('attachment_key'),
  attachmentType: text('attachment_type'),
  repliedAt: tz('replied_at'),
  replyText: text('reply_text'),
  repliedBy: uuid('replied_by'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  runAt: tz('run_at').notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull().default(8),
  lastError: text('last_error'),
  lockedUntil: tz('locked_until'),
  doneAt: tz('done_at'),
  failedAt: tz('failed_at'),
  dedupeKey: text('dedupe_key').unique(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  sentAt: tz('sent_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const riders = pgTable('riders', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().unique(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  dateOfBirth: date('date_of_birth').notNull(),
  vehicle: text('vehicle', { enum: ['bicycle', 'motorcycle', 'on foot'] }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  rejectionReason: text('rejection_reason'),
  isOnline: boolean('is_online').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** migrations/0009_ops_media.sql: media kept in the database by the postgres storage driver. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers Uint8Array, node-postgres Buffer: callers always get a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

export const mediaObjects = pgTable('media_objects', {
  key: text('key').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  etag: text('etag').notNull(),
  contentType: text('content_type').notNull(),
  chunkSize: integer('chunk_size').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const mediaChunks = pgTable(
  'media_chunks',
  {
    key: text('key').notNull(),
    n: integer('n').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.n] })],
);

/** migrations/0013_tracking_push.sql: values every instance shares (the VAPID key pair). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/** A browser's Web Push subscription (one per endpoint), owned by one user. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  userAgent: text('user_agent'),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSentAt: tz('last_sent_at'),
});
