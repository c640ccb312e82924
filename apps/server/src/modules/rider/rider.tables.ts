/**
 * The rider module's tables: only this module reads or writes them; other modules ask through
 * its index.ts. The SQL in migrations/ is the source of truth; infra/db/schema.test.ts checks these mirror it.
 */
import { bigserial, boolean, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

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

/** A rider's time online (migrations/0025): opened on going online, closed on going offline. */
export const riderShifts = pgTable('rider_shifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  riderId: uuid('rider_id').notNull(),
  startedAt: tz('started_at').notNull(),
  endedAt: tz('ended_at'),
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
