/**
 * The infrastructure's own tables: sessions, background jobs, the mail and SMS outboxes and media kept in
 * the database. Each feature module declares its tables in modules/<name>/<name>.tables.ts and
 * is the only one that reads or writes them.
 */
import { bigint, bigserial, customType, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns.js';

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  userAgent: text('user_agent'),
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

/** migrations/0023_verification.sql: text messages, kept by the sandbox SMS driver (infra/sms). */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
  sentAt: tz('sent_at'),
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
