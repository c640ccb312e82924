import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../../test/helpers.js';
import { DataDirLockedError, migrate, openPglite, queryRows, type Database } from './client.js';
import * as core from './schema.js';
import * as paymentsSchema from './schema-payments.js';
import * as portalsSchema from './schema-portals.js';

const schema = { ...core, ...paymentsSchema, ...portalsSchema };

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('migrations', () => {
  it('create every column the query schema uses', async () => {
    const cols = await queryRows<{ table_name: string; column_name: string }>(database.db, sql`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`);
    const have = new Set(cols.map((c) => `${c.table_name}.${c.column_name}`));
    const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t);
    expect(tables.length).toBeGreaterThan(20);
    for (const t of tables) {
      const cfg = getTableConfig(t);
      for (const c of cfg.columns) expect(have, `${cfg.name}.${c.name}`).toContain(`${cfg.name}.${c.name}`);
    }
  });

  it('are applied once', async () => {
    expect(await migrate(database)).toEqual([]);
  });
});

describe('embedded database lock', () => {
  it('refuses a second process on the same data folder with a clear message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const first = await openPglite(dir);
    try {
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openPglite(dir)).rejects.toThrow(/already in use/);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  });
});
