/**
 * npm run db:backup takes a consistent copy of the embedded database while Jara runs (the
 * running server writes it), and npm run db:restore puts it back once Jara is stopped.
 * Real processes, as an operator runs them.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows } from '../src/infra/db/client.js';
import { runCli, startInstance, waitFor, type Instance } from './instances.js';

let server: Instance | null = null;
afterAll(async () => {
  await server?.stop();
});

async function register(instance: Instance, email: string) {
  const res = await fetch(`${instance.url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.url },
    body: JSON.stringify({ name: 'Backup Test', email, password: 'Secret#2026x' }),
  });
  expect(res.status).toBe(200);
}

describe('backups of the embedded database', () => {
  it('copies a running server’s database and uploads; restores them once it is stopped', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jara-bk-'));
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'jara-bk-out-')), 'nightly');
    server = await startInstance({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    await waitFor(server, '/api/ready');
    await register(server, 'before@example.com');
    mkdirSync(path.join(dataDir, 'uploads/products/v1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads/products/v1/photo.webp'), 'webp bytes');

    const backup = await runCli('db-backup', ['--out', backupDir], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('written by the running server');
    expect(readFileSync(path.join(backupDir, 'uploads/products/v1/photo.webp'), 'utf8')).toBe('webp bytes');
    // The server went on serving, and changes after the backup are not in it.
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    await register(server, 'after@example.com');

    const refused = await runCli('db-restore', ['--from', backupDir], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already in use by another Jara process/);

    await server.stop();
    server = null;
    const restore = await runCli('db-restore', ['--from', backupDir], { DATA_DIR: dataDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/The database it replaced is kept in .*pg\.before-restore-/);
    const database = await openPglite(dataDir);
    try {
      const rows = await queryRows<{ email: string }>(database.db, sql`select email from users order by email`);
      expect(rows.map((r) => r.email)).toEqual(['before@example.com']);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dataDir, 'uploads/products/v1/photo.webp'))).toBe(true);

    // Stopped, the backup opens the database itself.
    const offline = await runCli('db-backup', ['--out', `${backupDir}-offline`], { DATA_DIR: dataDir });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('Jara was not running');
  }, 240_000);

  it('points to pg_dump when the database is PostgreSQL', async () => {
    const r = await runCli('db-backup', [], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pg_dump --format=custom');
  }, 60_000);
});
