import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An INSERT of many rows that binds one parameter: the rows as one JSON document, spread into
 * the table's row type by PostgreSQL (`json_populate_recordset`). Drizzle's own insert binds
 * every value as a parameter of its own (a thousand for fifty orders and their items), and each
 * is built, serialised and parsed one by one: three times the time for the same rows on the
 * embedded database (decision 0030). An SQL fragment, so that a caller can write several tables
 * in one statement (`WITH a AS (…) …`).
 *
 * The columns written are those the rows give; the others take their defaults. A row may leave
 * out (undefined) only a column without a default, which it then writes as NULL.
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  if (!rows.length) throw new Error(`no rows to insert into ${getTableName(table)}`);
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const doc = rows.map((row, i) => {
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key]!;
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined && column.hasDefault)
        throw new Error(`row ${i} for ${getTableName(table)} leaves out ${key}, which has a default`);
      // JSON columns go in as JSON; the rest as the driver would send them (dates as ISO text).
      out[column.name] = value == null ? null : column.dataType === 'json' ? value : column.mapToDriverValue(value);
    }
    return out;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(doc)}::json)`;
}
