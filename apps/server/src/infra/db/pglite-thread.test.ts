/**
 * The embedded database runs in a thread of its own (decision 0035). What callers relied on while
 * it ran in theirs must hold across the thread: transactions kept apart on PGlite's one session,
 * the per-name lock, NOTIFY heard before the writer resumes, backups, PostgreSQL's error codes,
 * and a thread that outlives a failed statement. And the request thread is free meanwhile.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows, restorePglite, type Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await openPglite(null);
  await database.exec(`
    CREATE TABLE notes (id serial PRIMARY KEY, who text NOT NULL, body text NOT NULL UNIQUE);
    CREATE FUNCTION tell() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('notes', NEW.body); RETURN NEW; END $$;
    CREATE TRIGGER told AFTER INSERT ON notes FOR EACH ROW EXECUTE FUNCTION tell();
  `);
});
afterAll(() => database.close());

const bodiesOf = async (who: string) =>
  (await queryRows<{ body: string }>(database.db, sql`select body from notes where who = ${who} order by id`)).map(
    (r) => r.body,
  );

/** The error a caller sees, with the causes the ORM wraps it in. */
const codeOf = (err: unknown): unknown => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (typeof e.code === 'string') return e.code;
  return undefined;
};

describe('the embedded database in its own thread', () => {
  it('keeps two concurrent transactions apart: one rolls back, the other’s rows survive', async () => {
    const events: string[] = [];
    let aInside!: () => void;
    const aBegun = new Promise<void>((r) => (aInside = r));
    const a = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (who, body) values ('a', 'a1')`);
      aInside();
      // B and an outside read are issued now; neither may run inside this transaction.
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`insert into notes (who, body) values ('a', 'a2')`);
      events.push('a commits');
    });
    await aBegun;
    const b = database.db
      .transaction(async (tx) => {
        events.push('b begins');
        await tx.execute(sql`insert into notes (who, body) values ('b', 'b1')`);
        // Statements on the handle from inside the callback, a nested savepoint included.
        await tx.transaction(async (inner) => {
          await inner.execute(sql`insert into notes (who, body) values ('b', 'b2')`);
        });
        expect(
          (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from notes where who = 'b'`))[0]!.n,
        ).toBe(2);
        throw new Error('b changes its mind');
      })
      .catch((err: Error) => err.message);
    const outside = bodiesOf('a').then((rows) => {
      events.push('outside read');
      return rows;
    });

    await a;
    expect(await b).toBe('b changes its mind');
    // The read issued while A was open waited for it, and saw it whole.
    expect(await outside).toEqual(['a1', 'a2']);
    expect(events).toEqual(['a commits', 'b begins', 'outside read']);
    expect(await bodiesOf('a')).toEqual(['a1', 'a2']);
    expect(await bodiesOf('b')).toEqual([]);
  });

  it('queues withLock by name: the second waits for the first, another name does not', async () => {
    const log: string[] = [];
    const hold = (name: string, tag: string, ms: number) =>
      database.withLock(name, async () => {
        log.push(`${tag} in`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`${tag} out`);
      });
    await Promise.all([hold('jobs', 'first', 40), hold('jobs', 'second', 0), hold('other', 'other', 0)]);
    expect(log.indexOf('second in')).toBeGreaterThan(log.indexOf('first out'));
    expect(log.indexOf('other out')).toBeLessThan(log.indexOf('first out'));
  });

  it('delivers NOTIFY when the writer commits, before the writer resumes; never for a rollback', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen!('notes', (payload) => heard.push(payload));
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (who, body) values ('n', 'in a transaction')`);
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['in a transaction']);
      await database.db.execute(sql`insert into notes (who, body) values ('n', 'alone')`);
      expect(heard).toEqual(['in a transaction', 'alone']);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into notes (who, body) values ('n', 'rolled back')`);
          throw new Error('no');
        })
        .catch(() => undefined);
      await database.db.execute(sql`select 1`);
      expect(heard).toEqual(['in a transaction', 'alone']);
    } finally {
      await unlisten();
    }
    await database.db.execute(sql`insert into notes (who, body) values ('n', 'after unlisten')`);
    expect(heard).toEqual(['in a transaction', 'alone']);
  });

  it('carries PostgreSQL’s error codes across, and the thread outlives the error', async () => {
    await database.db.execute(sql`insert into notes (who, body) values ('e', 'once')`);
    const dup = await database.db.execute(sql`insert into notes (who, body) values ('e', 'once')`).catch((e) => e);
    expect(codeOf(dup)).toBe('23505');
    const detail = (dup as { cause?: { constraint?: string; detail?: string } }).cause;
    expect(detail?.constraint).toBe('notes_body_key');
    expect(detail?.detail).toMatch(/already exists/);
    expect(codeOf(await database.exec('select from nowhere').catch((e) => e))).toBe('42P01');
    // Inside a transaction too: the caller sees the code, the transaction rolls back whole.
    const inTx = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (who, body) values ('e', 'kept?')`);
        await tx.execute(sql`insert into notes (who, body) values ('e', 'once')`);
      })
      .catch((e) => e);
    expect(codeOf(inTx)).toBe('23505');
    expect(await bodiesOf('e')).toEqual(['once']);
    expect((await queryRows<{ n: number }>(database.db, sql`select 41 + 1 as n`))[0]!.n).toBe(42);
  });

  it('leaves the request thread free while a statement runs', async () => {
    // Counted by timers, which run only when this thread is free; a second of PostgreSQL in this
    // thread would let none of them run until it ended.
    let turns = 0;
    let answered = false;
    const statement = database.db.execute(sql`select pg_sleep(1)`).finally(() => (answered = true));
    await new Promise<void>((resolve) => {
      const tick = () => {
        if (answered || ++turns >= 3) return resolve();
        setTimeout(tick, 10);
      };
      setTimeout(tick, 10);
    });
    expect(answered).toBe(false);
    expect(turns).toBe(3);
    await statement;
  });
});

describe('backups of the embedded database', () => {
  it('dump and restore give back the same rows, in another folder', async () => {
    const from = mkdtempSync(path.join(tmpdir(), 'jara-dump-'));
    const first = await openPglite(from);
    await first.exec(`CREATE TABLE kept (n int); INSERT INTO kept SELECT generate_series(1, 100);`);
    const archive = await first.dump!();
    await first.close();
    expect(archive.size).toBeGreaterThan(1_000);

    const to = mkdtempSync(path.join(tmpdir(), 'jara-restore-'));
    await restorePglite(to, archive);
    const again = await openPglite(to);
    try {
      const rows = await queryRows<{ n: number; total: number }>(
        again.db,
        sql`select count(*)::int as n, sum(n)::int as total from kept`,
      );
      expect(rows[0]).toEqual({ n: 100, total: 5050 });
    } finally {
      await again.close();
    }
  });
});

describe('closing the embedded database', () => {
  it('lets the open transaction finish, and refuses new work', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-close-'));
    const closing = await openPglite(dir);
    await closing.exec('CREATE TABLE done (n int)');
    let inside!: () => void;
    const begun = new Promise<void>((r) => (inside = r));
    const tx = closing.db.transaction(async (t) => {
      inside();
      await new Promise((r) => setTimeout(r, 50));
      await t.execute(sql`insert into done values (1)`);
    });
    await begun;
    const closed = closing.close();
    await expect(closing.db.execute(sql`select 1`)).rejects.toThrow();
    await tx;
    await closed;
    const again = await openPglite(dir);
    try {
      expect(await queryRows(again.db, sql`select n from done`)).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  });
});

describe('when the database thread dies', () => {
  it('fails the calls waiting for it and says so', async () => {
    const deaths: Error[] = [];
    const dying = await openPglite(null, { onThreadDeath: (err) => deaths.push(err) });
    // The thread is the worker the statement is posted to; it stops under the statement.
    const posts = vi.spyOn(Worker.prototype, 'postMessage');
    const waiting = dying.exec('select pg_sleep(5)');
    const thread = posts.mock.contexts[0] as Worker;
    posts.mockRestore();
    await thread.terminate();
    await expect(waiting).rejects.toThrow(/the embedded database's thread stopped/);
    await expect(dying.exec('select 1')).rejects.toThrow(/thread stopped/);
    expect(deaths).toHaveLength(1);
  });

  it('stops the process with a message and a non-zero code, by default', { timeout: 120_000 }, async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/children/lose-database-thread.ts'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(err).toMatch(/Fatal: the embedded database's thread stopped/);
    expect(code).toBe(1);
  });
});
