/** The routing module's table (migration 0015): each delivery's arrival estimate and what it really took. */
import { doublePrecision, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../../infra/db/columns.js';

export const etaRecords = pgTable(
  'eta_records',
  {
    jobKind: text('job_kind', { enum: ['order', 'dispatch'] }).notNull(),
    jobId: uuid('job_id').notNull(),
    /** The road time from pickup to door alone, before calibration: what calibration compares with. */
    roadMinutes: doublePrecision('road_minutes').notNull(),
    /** The estimate the customer was given at pickup (calibrated, with the drop-off handling). */
    predictedMinutes: doublePrecision('predicted_minutes').notNull(),
    pickedUpAt: tz('picked_up_at').notNull(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [primaryKey({ columns: [t.jobKind, t.jobId] })],
);
