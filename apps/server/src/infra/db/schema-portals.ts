/** Tables of the vendor, rider and admin portals (migrations/0005_portals.sql). */
import { bigserial, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  payeeType: text('payee_type', { enum: ['vendor', 'rider'] }).notNull(),
  vendorId: uuid('vendor_id'),
  amountKobo: integer('amount_kobo').notNull(),
  state: text('state', { enum: ['scheduled', 'processing', 'paid', 'failed'] })
    .notNull()
    .default('scheduled'),
  dueAt: tz('due_at').notNull(),
  paidAt: tz('paid_at'),
  reference: text('reference'),
  provider: text('provider'),
  failureReason: text('failure_reason'),
  /** migrations/0006_portals_transfers.sql */
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankCode: text('bank_code'),
  recipientCode: text('recipient_code'),
  transferCode: text('transfer_code'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const ratings = pgTable('ratings', {
  id: uuid('id').primaryKey().defaultRandom(),
  subjectType: text('subject_type', { enum: ['order', 'dispatch'] }).notNull(),
  subjectId: uuid('subject_id').notNull(),
  riderId: uuid('rider_id').notNull(),
  customerId: uuid('customer_id').notNull(),
  stars: integer('stars').notNull(),
  comment: text('comment'),
  createdAt: tz('created_at').notNull().defaultNow(),
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

export const roleChanges = pgTable('role_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  actorId: uuid('actor_id'),
  fromRole: text('from_role').notNull(),
  toRole: text('to_role').notNull(),
  reason: text('reason'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const dropOffWaits = pgTable(
  'drop_off_waits',
  {
    subjectType: text('subject_type', { enum: ['order', 'dispatch'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    riderId: uuid('rider_id').notNull(),
    arrivedAt: tz('arrived_at').notNull().defaultNow(),
    absentReportedAt: tz('absent_reported_at'),
  },
  (t) => [primaryKey({ columns: [t.subjectType, t.subjectId] })],
);
