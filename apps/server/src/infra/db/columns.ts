import { timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a Date: every time in the database has its zone. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
