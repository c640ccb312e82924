/** A piece of SQL for the dashboards' aggregates (modules/insights): only this module names its tables. */
import { sql, type SQL } from 'drizzle-orm';

/** The account that runs the shop (an SQL expression of its id); NULL for none. */
export const shopOwnerSql = (vendorId: SQL): SQL => sql`(SELECT v.user_id FROM vendors v WHERE v.id = ${vendorId})`;
