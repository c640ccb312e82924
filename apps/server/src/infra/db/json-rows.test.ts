/**
 * Many rows in one parameter (json-rows.ts): what goes in comes out as drizzle's own insert would
 * have written it — JSON, arrays, dates, NULLs and the defaults of the columns left out.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { migratedDatabaseForFile } from '../../../test/helpers.js';
import { insertJsonRows } from './json-rows.js';
import { orderItems, orders } from '../../modules/orders/orders.tables.js';
import { users } from '../../modules/auth/auth.tables.js';

const db = migratedDatabaseForFile();

describe('insertJsonRows', () => {
  it('writes JSON, arrays, dates, quotes and NULLs as they are, and defaults the columns left out', async () => {
    const born = new Date('2026-11-26T12:34:56.789Z');
    const rows = [
      {
        name: `Ada "the first" O'Brien`,
        email: 'ada@example.com',
        passwordHash: 'x',
        roles: ['customer', 'vendor'] as ('customer' | 'vendor')[],
        googleSub: null,
        createdAt: born,
      },
      {
        name: 'Ngozi\nback\\slash',
        email: 'ngozi@example.com',
        passwordHash: 'y',
        roles: ['rider'] as 'rider'[],
        googleSub: 'g-1',
        createdAt: born,
      },
    ];
    await db().db.execute(insertJsonRows(users, rows));
    const got = await db()
      .db.select()
      .from(users)
      .where(inArray(users.email, ['ada@example.com', 'ngozi@example.com']))
      .orderBy(users.email);
    expect(got.map((u) => [u.name, u.roles, u.googleSub, u.createdAt.toISOString()])).toEqual([
      [`Ada "the first" O'Brien`, ['customer', 'vendor'], null, born.toISOString()],
      ['Ngozi\nback\\slash', ['rider'], 'g-1', born.toISOString()],
    ]);
    // Left out: the id and updated_at took their defaults, the chat id (none) is NULL.
    expect(got.every((u) => /^[0-9a-f-]{36}$/.test(u.id) && u.updatedAt instanceof Date && u.chatId === null)).toBe(
      true,
    );
  });

  it('writes a JSON column as an object, from inside a WITH as the checkout writes it', async () => {
    const [user] = await db()
      .db.insert(users)
      .values({ name: 'Bisi', email: 'bisi@example.com', passwordHash: 'x', roles: ['customer'] })
      .returning();
    const orderId = '00000000-0000-4000-8000-000000000001';
    const address = { address: '12 Ugbowo Road', latitude: 6.4, note: { gate: 'B' } };
    await db().db.execute(
      sql`with placed as (${insertJsonRows(orders, [
        {
          id: orderId,
          userId: user!.id,
          address,
          itemsKobo: 100,
          deliveryFeeKobo: 20,
          serviceFeeKobo: 5,
          amountKobo: 125,
        },
      ])}) select 1`,
    );
    const [order] = await db().db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      address,
      amountKobo: 125,
      paymentState: 'awaiting',
      deliveryNote: '',
      codeAttempts: 0,
    });
  });

  it('refuses a row that leaves out a column the others give and that has a default', () => {
    const item = {
      orderId: 'o',
      productId: 'p',
      optionId: 'x',
      vendorId: 'v',
      productName: 'Rice',
      optionName: 'Large',
      unitPriceKobo: 1,
      quantity: 1,
    };
    expect(() => insertJsonRows(orderItems, [{ ...item, status: 'Order Placed' }, item])).toThrow(
      /row 1 for order_items leaves out status, which has a default/,
    );
    expect(() => insertJsonRows(orders, [])).toThrow(/no rows/);
  });
});
