/**
 * Many customers at once, each with a session and a delivery address on campus, written a few
 * hundred at a time: the benchmarks' crowds and the promotions race (issue 32).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../src/infra/db/client.js';
import { sessions } from '../src/infra/db/tables.js';
import { SESSION_COOKIE } from '../src/infra/sessions.js';
import { addresses } from '../src/modules/addresses/addresses.tables.js';
import { users } from '../src/modules/auth/auth.tables.js';

/** A delivery address on campus (Hall 2), as the factories write it. */
export const CAMPUS_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  address: 'Hall 2, University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
  latitude: 6.401,
  longitude: 5.612,
} as const;

export interface BenchCustomer {
  cookie: string;
  address: string;
}

/** `count` customers (with `extra` columns), each with a session and a delivery address on campus (written in batches). */
export async function makeCustomers(
  database: Database,
  count: number,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<BenchCustomer[]> {
  const out: BenchCustomer[] = [];
  const run = randomBytes(3).toString('hex');
  for (let start = 0; start < count; start += 200) {
    const n = Math.min(200, count - start);
    const made = await database.db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          name: `Bench Customer ${start + i}`,
          email: `bench${start + i}.${run}@example.com`,
          roles: ['customer' as const],
          ...extra,
        })),
      )
      .returning({ id: users.id });
    const tokens = made.map(() => randomBytes(32).toString('base64url'));
    await database.db.insert(sessions).values(
      made.map((u, i) => ({
        idHash: createHash('sha256').update(tokens[i]!).digest('hex'),
        userId: u.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const addrs = await database.db
      .insert(addresses)
      .values(made.map((u) => ({ userId: u.id, ...CAMPUS_ADDRESS })))
      .returning({ id: addresses.id, userId: addresses.userId });
    const addressOf = new Map(addrs.map((a) => [a.userId, a.id]));
    made.forEach((u, i) => out.push({ cookie: `${SESSION_COOKIE}=${tokens[i]}`, address: addressOf.get(u.id)! }));
  }
  return out;
}
