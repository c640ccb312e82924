/**
 * Slow calls refuse to run inside a transaction where transactions are watched (tests and
 * development); production opens its database without the watch (decision 0031).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { assertOutsideTransaction, openPglite, type Database } from './client.js';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('watching transactions', () => {
  it('is on by default: a slow call inside a transaction is refused, outside it is not', async () => {
    database = await openPglite(null);
    expect(() => assertOutsideTransaction('SMTP send')).not.toThrow();
    await expect(
      database.db.transaction(async () => {
        assertOutsideTransaction('SMTP send');
      }),
    ).rejects.toThrow('SMTP send must not run inside a database transaction');
  });

  it('can be turned off, as production does: nothing is tracked', async () => {
    database = await openPglite(null, { watchTransactions: false });
    await database.db.transaction(async () => {
      assertOutsideTransaction('SMTP send');
    });
  });
});
