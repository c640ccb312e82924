/**
 * The embedded database runs statements in this thread: a backlog of them must not hold the
 * event loop, or every request that needs no database (the catalogue from memory) waits for the
 * whole backlog (issue 11, decision 0024).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite, queryRows, type Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await openPglite(null);
});
afterAll(() => database.close());

/** How many of `total` statements had answered when a callback queued behind the first one ran. */
async function answeredWhenTheLoopTurned(start: (i: number) => Promise<unknown>, total: number) {
  const answered: number[] = [];
  const all = Array.from({ length: total }, (_, i) => start(i).then(() => answered.push(i)));
  await all[0];
  // Queued now, as a socket read would be: it runs on the event loop's next turn.
  const turned = new Promise<number>((resolve) => setImmediate(() => resolve(answered.length)));
  const seen = await turned;
  await Promise.all(all);
  return { seen, answered };
}

describe('the embedded database takes turns with the event loop', () => {
  it('statements queued together let other work run between them, in order', async () => {
    const { seen, answered } = await answeredWhenTheLoopTurned((i) => database.db.execute(sql`select ${i}::int`), 30);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(5);
    expect(answered).toEqual([...Array(30).keys()]);
  });

  it('so do the statements of queued transactions', async () => {
    const { seen } = await answeredWhenTheLoopTurned(
      () =>
        database.db.transaction(async (tx) => {
          for (let s = 0; s < 5; s++) await tx.execute(sql`select ${s}::int`);
        }),
      10,
    );
    expect(seen).toBeLessThan(2);
  });

  it('keeps a transaction whole: what it wrote is seen by the statement queued after it', async () => {
    await database.db.execute(sql`create table turns (n int)`);
    const writes = Array.from({ length: 5 }, (_, i) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into turns values (${i})`);
        await tx.execute(sql`insert into turns values (${i})`);
      }),
    );
    const read = queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from turns`);
    await Promise.all(writes);
    expect((await read)[0]!.n).toBe(10);
  });
});
