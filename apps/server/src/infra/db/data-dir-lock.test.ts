import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite, queryRows } from './client.js';
import { acquireLock, LockHeldError, type LockHolder } from './data-dir-lock.js';
import { sql } from 'drizzle-orm';

const HOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/children/hold-data-dir.ts');
const children: ChildProcess[] = [];

/** Starts a real process that opens the data folder; resolves with its first line of output. */
function holdInChild(dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, line: out.slice(0, nl) });
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code} before answering: ${out}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

// Each process starts tsx and PGlite (several seconds on a busy machine).
describe('the embedded database folder lock, across real processes', { timeout: 120_000 }, () => {
  it('opens at once after the holder was killed with SIGKILL, with the holder’s data intact', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const { child, line } = await holdInChild(dir);
    expect(line).toBe('ready');
    const lock = JSON.parse(readFileSync(path.join(dir, '.lock'), 'utf8'));
    expect(lock).toMatchObject({ pid: child.pid, host: hostname() });

    child.kill('SIGKILL');
    await exited(child);
    // No waiting, no retry: the dead holder does not count.
    const database = await openPglite(dir);
    try {
      const rows = await queryRows<{ pid: number }>(database.db, sql`select pid from marks`);
      expect(rows.map((r) => r.pid)).toEqual([child.pid]);
      expect(JSON.parse(readFileSync(path.join(dir, '.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
  });

  it('refuses while another live process holds it, naming it; opens once that process has stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const { child } = await holdInChild(dir);
    const err = await openPglite(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toBe(
      `The embedded database in ${dir} is already in use by another Jara process (pid ${child.pid}). ` +
        'Stop that process, choose another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
    // …and a second process is refused the same way.
    const second = await holdInChild(dir);
    expect(second.line).toMatch(/^refused: The embedded database .* is already in use by another Jara process/);

    child.kill('SIGTERM');
    await exited(child);
    const database = await openPglite(dir);
    await database.close();
  });
});

describe('lock records this host cannot check', () => {
  /** The record this process writes into a lock it takes, read back from one. */
  const currentHolder = (): LockHolder => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'jara-lock-')), '.lock');
    const release = acquireLock(file);
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    void release();
    return holder;
  };
  const write = (file: string, holder: object, ageMs = 0) => {
    writeFileSync(file, JSON.stringify(holder));
    const t = new Date(Date.now() - ageMs);
    utimesSync(file, t, t);
  };

  it('a holder on another host counts until its heartbeat is older than the stale time', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const file = path.join(dir, '.lock');
    write(file, { ...currentHolder(), pid: 4242, host: 'another-host' }, 5_000);
    expect(() => acquireLock(file, { foreignStaleMs: 30_000 })).toThrow(LockHeldError);
    write(file, { ...currentHolder(), pid: 4242, host: 'another-host' }, 60_000);
    const release = acquireLock(file, { foreignStaleMs: 30_000 });
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    void release();
  });

  it('a pid now used by another program, or a lock from before a reboot, does not count', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const file = path.join(dir, '.lock');
    // pid 1 runs, but it is not the process that took the lock: its start time differs.
    write(file, { ...currentHolder(), pid: 1, start: '1' });
    let release = acquireLock(file);
    void release();
    write(file, { ...currentHolder(), pid: 1, bootId: 'an-earlier-boot' });
    release = acquireLock(file);
    void release();
  });

  it('a lock folder left by an older Jara counts until it is stale', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-lock-'));
    const file = path.join(dir, '.lock');
    mkdirSync(file);
    expect(() => acquireLock(file, { foreignStaleMs: 30_000 })).toThrow(LockHeldError);
    const t = new Date(Date.now() - 60_000);
    utimesSync(file, t, t);
    const release = acquireLock(file, { foreignStaleMs: 30_000 });
    void release();
  });
});
