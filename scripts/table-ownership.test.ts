/**
 * Each server module is the only one that reads or writes its tables (docs/architecture.md).
 * Importing another module's `*.tables.ts` is refused by lint (only a module's index.ts may be
 * imported); this test catches the other way round the wall: SQL text that names another
 * module's table. The owners come from the table files themselves (`pgTable('name', …)` in
 * modules/<name>/*.tables.ts and infra's own), so a new module or table is covered the day it
 * is declared. Run by `npm run test:lint-rules`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');

/** `modules/orders/orders.tables.ts` → `orders`; infra's table files → `infra`. */
const ownerOf = (file: string): string => (file.startsWith('modules/') ? file.split('/')[1]! : 'infra');

const sourceFiles = (readdirSync(SRC, { recursive: true }) as string[])
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Every declared table by its SQL name, with the module that owns it. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles.filter((f) => /(^|\/)([\w-]+\.)?tables\.ts$/.test(f))) {
    for (const m of readFileSync(path.join(SRC, file), 'utf8').matchAll(/pgTable\(\s*'([a-z_]+)'/g)) {
      owners.set(m[1]!, ownerOf(file));
    }
  }
  return owners;
}

/** Comments can name any table in passing; only code counts. */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** The tables of other owners that a module's source names after FROM, JOIN, UPDATE or INTO. */
function foreignTables(module: string, code: string, owners: Map<string, string>): string[] {
  const found = new Set<string>();
  for (const m of withoutComments(code).matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) {
    const table = m[1]!.toLowerCase();
    const owner = owners.get(table);
    if (owner && owner !== module) found.add(`${table} (${owner})`);
  }
  return [...found];
}

describe('table ownership', () => {
  const owners = tableOwners();

  it('finds the tables and their owners', () => {
    expect(owners.get('orders')).toBe('orders');
    expect(owners.get('users')).toBe('auth');
    expect(owners.get('jobs')).toBe('infra');
    expect(owners.size).toBeGreaterThan(30);
  });

  it('refuses SQL naming another module’s table (probe)', () => {
    const probe = 'export const q = sql`select count(*) from order_items oi join users u on u.id = oi.id`;';
    expect(foreignTables('admin', probe, owners)).toEqual(['order_items (orders)', 'users (auth)']);
    expect(foreignTables('orders', '// rows come from users\nconst x = 1;', owners)).toEqual([]);
  });

  it('no module’s SQL names another module’s table', () => {
    const offences: string[] = [];
    for (const file of sourceFiles.filter((f) => f.startsWith('modules/'))) {
      const found = foreignTables(ownerOf(file), readFileSync(path.join(SRC, file), 'utf8'), owners);
      if (found.length) offences.push(`${file}: ${found.join(', ')}`);
    }
    expect(offences).toEqual([]);
  });
});
