import { beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { freshDatabase, migratedDatabaseForFile } from '../../../test/helpers.js';
import { DataDirLockedError, migrate, migrationFiles, openPglite, queryRows, type Database } from './client.js';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Every table file of the server: modules/<name>/<name>.tables.ts, infra's own (db/tables.ts, payments/sandbox.tables.ts). */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The committed migrations (apps/server/migrations). */
const MIGRATIONS = path.resolve(SRC, '../migrations');
const tableFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => /(^|\/)(\w[\w-]*\.)?tables\.ts$/.test(f))
  .map((f) => path.join(SRC, f));
const schema: Record<string, unknown> = {};

const db = migratedDatabaseForFile();
let database: Database;
beforeAll(async () => {
  database = db();
  for (const file of tableFiles) Object.assign(schema, await import(pathToFileURL(file).href));
});

describe('migrations', () => {
  it('create every column the query schema uses', async () => {
    const cols = await queryRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const have = new Set(cols.map((c) => `${c.table_name}.${c.column_name}`));
    const tables = (Object.values(schema) as unknown[]).filter(
      (t): t is PgTable => typeof t === 'object' && t !== null && Symbol.for('drizzle:IsDrizzleTable') in t,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const t of tables) {
      const cfg = getTableConfig(t);
      for (const c of cfg.columns) expect(have, `${cfg.name}.${c.name}`).toContain(`${cfg.name}.${c.name}`);
    }
  });

  it('are numbered one file per number, with no gap', () => {
    const numbers = migrationFiles().map((f) => Number(f.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it('are applied once', async () => {
    expect(await migrate(database)).toEqual([]);
  });

  it('carry a database deployed under the old file names forward without running a file twice', async () => {
    // What was deployed: 0001–0005_portals and 0005_portals_transfers (two files numbered 0005),
    // the second of which is 0006_portals_transfers now.
    const old = mkdtempSync(path.join(tmpdir(), 'jara-migrations-'));
    const renamedFrom = new Map([['0006_portals_transfers.sql', '0005_portals_transfers.sql']]);
    const deployed = migrationFiles().filter((f) => f <= '0006_portals_transfers.sql');
    for (const f of deployed) copyFileSync(path.join(MIGRATIONS, f), path.join(old, renamedFrom.get(f) ?? f));
    const fresh = await freshDatabase();
    try {
      expect(await migrate(fresh.database, old)).toContain('0005_portals_transfers.sql');
      const applied = await migrate(fresh.database);
      expect(applied).toEqual(migrationFiles().filter((f) => f > '0006_portals_transfers.sql'));
      const names = (
        await queryRows<{ name: string }>(fresh.database.db, sql`select name from schema_migrations order by name`)
      ).map((r) => r.name);
      expect(names).toEqual(migrationFiles());
    } finally {
      await fresh.database.close();
      await fresh.drop();
    }
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
