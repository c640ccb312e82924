/**
 * Dependencies going away under a running server (a real child process): PostgreSQL cut and
 * restored through a TCP proxy, the SMTP server down and back. Requests answer 503 with a clear
 * message within their time, mail waits in the outbox, and everything recovers without a restart.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '../../src/lib/errors.js';
import { createCustomer } from '../factories-checkout.js';
import { TcpProxy, viaProxy } from '../tcp-proxy.js';
import { cast, type Cast } from './scenario.js';
import { World } from './world.js';

let world: World;
let c: Cast;
const proxies: TcpProxy[] = [];

beforeAll(async () => {
  world = await World.create();
  c = await cast(world);
});
afterEach(async () => {
  await world?.stop();
  for (const p of proxies.splice(0)) await p.stop();
});
afterAll(async () => {
  await world?.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('dependencies going away', () => {
  it('PostgreSQL unreachable: requests answer 503 with a clear message within their time; back without a restart', async () => {
    const target = new URL(world.databaseUrl);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    proxies.push(proxy);
    await proxy.start();
    const server = await world.start(undefined, {
      DATABASE_URL: viaProxy(world.databaseUrl, proxy.port),
      DB_CONNECT_TIMEOUT_MS: '2000',
      DB_QUERY_TIMEOUT_MS: '5000',
    });
    const customer = await createCustomer(world.app);
    expect((await world.call('GET', '/api/order/user', customer.cookie)).status).toBe(200);

    await proxy.stop();
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const res = await world.call('GET', '/api/order/user', customer.cookie, undefined, 15_000);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res).toEqual({
        status: 503,
        body: { success: false, message: DATABASE_UNAVAILABLE, code: 'database_unavailable' },
      });
    }
    const ready = await world.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(server.output()).toContain('database unreachable: answered 503');

    await proxy.start();
    await expect
      .poll(async () => (await world.call('GET', '/api/order/user', customer.cookie)).status, {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(200);
    expect((await world.call('GET', '/api/ready')).status).toBe(200);
    // The same process: it was never restarted.
    expect(server.child.exitCode).toBeNull();
    expect(world.server).toBe(server);
  });

  it('SMTP down: the order email stays in the outbox and is sent once when SMTP is back', async () => {
    await world.start();
    await world.smtp.stop();
    const customer = await createCustomer(world.app);
    const co = await world.call('POST', '/api/payment/paystack', customer.cookie, {
      items: [{ product: c.productId, quantity: 1 }],
      address: customer.address.id,
    });
    expect(co.status).toBe(200);
    world.provider.pay(co.body.reference);
    expect(await world.provider.send('charge.success', world.provider.chargeSuccess(co.body.reference).data)).toBe(200);
    const email = customer.user.email;
    const outbox = () =>
      world.rows<{ id: number; sent_at: Date | null }>(
        sql`SELECT id, sent_at FROM mail_outbox WHERE to_address = ${email}`,
      );
    // Tried and failed, kept for a retry.
    await expect
      .poll(
        async () =>
          (
            await world.rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM jobs j JOIN mail_outbox m ON m.id = (j.payload->>'outboxId')::bigint
      WHERE j.kind = 'mail.send' AND m.to_address = ${email} AND j.last_error IS NOT NULL AND j.done_at IS NULL`)
          )[0]!.n,
        { timeout: 20_000 },
      )
      .toBe(1);
    expect((await outbox()).map((r) => r.sent_at)).toEqual([null]);

    await world.smtp.start(); // same port
    await expect.poll(async () => (await outbox())[0]!.sent_at, { timeout: 30_000, interval: 250 }).not.toBeNull();
    const [row] = await outbox();
    expect(world.smtp.deliveries.filter((d) => d.messageId.startsWith(`<outbox-${row!.id}-`))).toHaveLength(1);
    expect(await world.settle()).toEqual([]);
  });
});
