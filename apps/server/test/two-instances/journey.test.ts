/**
 * The two-instance journey (issue 14): two real server processes, as `npm start` runs them, on
 * one PostgreSQL database and one Redis, behind a round-robin proxy that sends every request to
 * the other instance than the one before (test/round-robin-proxy.ts). Through the proxy only:
 * a vendor adds a product with a new image; a customer registers, fills the cart and pays at a
 * local Paystack whose webhook lands on the other instance; the vendor confirms; a rider
 * accepts, picks up and delivers with the customer's code; the customer rates; a support chat
 * runs both ways with the customer's socket on one instance and the agent's on the other; the
 * per-email login limit holds across both. `npm run test:instances` (needs TEST_DATABASE_URL and
 * REDIS_URL; .ci/run runs it).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/infra/db/client.js';
import { freshDatabase } from '../helpers.js';
import { freePort, startInstance, waitFor, type Instance } from '../instances.js';
import { startLocalPaystack, type LocalPaystack } from '../local-paystack.js';
import { RoundRobinProxy } from '../round-robin-proxy.js';

const enabled = !!process.env.TEST_DATABASE_URL && !!process.env.REDIS_URL;

const DEMO = {
  vendor: { email: 'vendor@jara.test', password: 'Vendor#2026' },
  rider: { email: 'rider@jara.test', password: 'Rider#2026' },
  support: { email: 'support@jara.test', password: 'Support#2026' },
};
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Journey',
  address: 'Hall 2 (Tinubu Hall), University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
  latitude: 6.39795,
  longitude: 5.6196,
};

interface Answer {
  status: number;
  body: any;
  /** The instance that answered (the proxy's `x-served-by`). */
  servedBy: string;
}

let proxy: RoundRobinProxy;
let paystack: LocalPaystack;
const instances: Instance[] = [];
const sockets: Socket[] = [];
let fresh: Awaited<ReturnType<typeof freshDatabase>> | null = null;
let failed = false;

/** A person's browser: a cookie jar and the page's Origin, every call through the proxy. */
class Person {
  private cookies = new Map<string, string>();

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(method: string, path: string, body?: object | FormData): Promise<Answer> {
    const headers: Record<string, string> = { origin: proxy.url };
    if (this.cookies.size) headers.cookie = this.cookie;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(proxy.url + path, { method, headers, body: payload, signal: AbortSignal.timeout(20_000) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, servedBy: res.headers.get('x-served-by') ?? '?' };
  }

  /** The call, which must answer `status` (the failure names the instance and its answer). */
  async ok(method: string, path: string, body?: object | FormData, status = 200): Promise<Answer> {
    const a = await this.call(method, path, body);
    expect(a.status, `${method} ${path} on instance ${a.servedBy}: ${JSON.stringify(a.body)}`).toBe(status);
    return a;
  }

  /** Opens the page's Socket.IO connection (WebSocket, as the web app does); returns it and its instance. */
  async socket(): Promise<{ socket: Socket; instance: string }> {
    const instance = proxy.peek();
    const socket = io(proxy.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie, origin: proxy.url },
      reconnection: false,
      forceNew: true,
      timeout: 10_000,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) =>
        reject(new Error(`socket through the proxy to ${instance} refused: ${err.message}`)),
      );
    });
    const upgrade = proxy.log.filter((f) => f.kind === 'upgrade').at(-1)!;
    expect(upgrade).toMatchObject({ upstream: instance, status: 101 });
    return { socket, instance };
  }
}

/** Sends a harmless request when needed so that the next one goes to `instance`. */
async function aimAt(instance: string): Promise<void> {
  if (proxy.peek() !== instance) expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200);
  expect(proxy.peek()).toBe(instance);
}

const other = (instance: string) => (instance === 'A' ? 'B' : 'A');

/** The next `event` on `socket` that `match` accepts. */
function nextEvent(
  socket: Socket,
  event: string,
  match: (...args: any[]) => boolean = () => true,
  ms = 30_000,
): Promise<any[]> {
  const p = new Promise<any[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (...args: any[]) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(args);
    };
    socket.on(event, handler);
  });
  // Awaited later (or not at all once an earlier step failed): never an unhandled rejection.
  p.catch(() => undefined);
  return p;
}

function joinRoom(socket: Socket, chatId: string): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(10_000).emitWithAck('join-room', chatId, undefined);
}

function chatForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

beforeAll(async () => {
  if (!enabled) return;
  fresh = await freshDatabase();
  paystack = await startLocalPaystack();
  const proxyPort = await freePort();
  const env = {
    DATABASE_URL: fresh.url!,
    REDIS_URL: process.env.REDIS_URL!,
    REDIS_PREFIX: `journey:${randomBytes(4).toString('hex')}:`,
    SEED_DEMO: 'true',
    // What people type is the proxy's address: links, the Origin check, Paystack's callback.
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: 'true',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secret,
    PAYSTACK_BASE_URL: paystack.baseUrl,
  };
  // Started together, as a rolling deploy would: the start-up lock lets both come up.
  instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
  await Promise.all(instances.map((i) => waitFor(i, '/api/ready')));
  proxy = await new RoundRobinProxy(
    instances.map((i, n) => ({ name: n === 0 ? 'A' : 'B', host: '127.0.0.1', port: i.port })),
  ).listen(proxyPort);
}, 300_000);

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') failed = true;
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await proxy?.close();
  await Promise.all(instances.map((i) => i.stop()));
  await paystack?.close();
  if (fresh) {
    await fresh.database.close();
    await fresh.drop();
  }
  // What the instances printed (warnings and errors only), to explain a failure.
  if (failed)
    for (const [n, i] of instances.entries())
      console.log(`--- instance ${n === 0 ? 'A' : 'B'} printed:\n${i.output()}`);
});

/** One step of the journey: skipped once an earlier step failed (it would only fail for that reason). */
function step(name: string, fn: () => Promise<void> | void): void {
  it(name, async (ctx) => {
    if (failed) ctx.skip('an earlier step failed');
    await fn();
  });
}

// Run on its own (`npm run test:instances`), so missing services are an error, not a silent skip.
it.runIf(!enabled)('needs PostgreSQL and Redis', () => {
  throw new Error('The two-instance journey needs TEST_DATABASE_URL (a PostgreSQL server) and REDIS_URL.');
});

describe.runIf(enabled)('two instances behind a round-robin proxy, one PostgreSQL and one Redis', () => {
  const vendor = new Person();
  const customer = new Person();
  const rider = new Person();
  const agent = new Person();
  let productId = '';
  let optionId = '';
  let orderId = '';
  let customerSocket: { socket: Socket; instance: string };

  step('the proxy alternates between the two instances, both ready', async () => {
    const a = await new Person().ok('GET', '/api/ready');
    const b = await new Person().ok('GET', '/api/ready');
    expect([a.servedBy, b.servedBy].sort()).toEqual(['A', 'B']);
    expect(a.body).toMatchObject({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
  });

  step("a vendor's new product image, uploaded through one instance, is shown through either", async () => {
    await vendor.ok('POST', '/api/user/login', DEMO.vendor);
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'zobo.png');
    const up = await vendor.ok('POST', '/api/seller/upload?kind=product', form);
    const imageUrl: string = up.body.url;
    expect(imageUrl).toMatch(/^\/media\//);

    const made = await vendor.ok('POST', '/api/seller/products', {
      name: 'Journey Zobo 1 litre',
      category: 'food',
      images: [imageUrl],
      description: ['Chilled hibiscus drink'],
      options: [{ name: '', price: 1200 }],
    });
    expect(made.servedBy).not.toBe(up.servedBy);
    productId = made.body.product._id;
    optionId = made.body.product.options[0]._id;

    // The image, and a seeded one, through both instances: same bytes, same ETag.
    const listed = (await vendor.ok('GET', '/api/product/list')).body.products as { _id: string; image: string[] }[];
    expect(listed.find((p) => p._id === productId)?.image).toEqual([imageUrl]);
    const seeded = listed.flatMap((p) => p.image).find((i) => i.startsWith('/media/seed/'))!;
    expect(seeded).toBeDefined();
    for (const path of [imageUrl, seeded]) {
      const shown = [await fetch(proxy.url + path), await fetch(proxy.url + path)];
      expect(shown.map((r) => r.headers.get('x-served-by')).sort()).toEqual(['A', 'B']);
      expect(
        shown.map((r) => r.status),
        path,
      ).toEqual([200, 200]);
      expect(shown[0]!.headers.get('etag')).toBe(shown[1]!.headers.get('etag'));
      const [x, y] = await Promise.all(shown.map(async (r) => Buffer.from(await r.arrayBuffer())));
      expect(x!.equals(y!)).toBe(true);
      if (path === imageUrl) expect((await sharp(x).metadata()).width).toBe(320);
    }
  });

  step(
    'a customer registers, fills the cart and pays; the webhook lands on the other instance and settles the order',
    async () => {
      const email = `journey-${randomBytes(4).toString('hex')}@example.com`;
      await customer.ok('POST', '/api/user/register', { name: 'Ada Journey', email, password: 'Journey#2026' });
      const address = (await customer.ok('POST', '/api/address/add', { ...ADDRESS, email })).body.address._id as string;
      await customer.ok('POST', '/api/cart/update', { cartItems: { [productId]: { [optionId]: 2 } } });
      const cart = await customer.ok('GET', '/api/user/is-auth');
      expect(cart.body.user.cartItems).toEqual({ [productId]: { [optionId]: 2 } });

      // The customer's page (My Orders) and the vendor's screen are open on one instance each.
      customerSocket = await customer.socket();
      const vendorSocket = await vendor.socket();
      expect(vendorSocket.instance).not.toBe(customerSocket.instance);
      const placed = nextEvent(customerSocket.socket, 'order.updated', (u) => u.status === 'Order Placed');
      const toVendor = nextEvent(vendorSocket.socket, 'vendor.order.created');

      const checkout = await customer.ok('POST', '/api/payment/paystack', {
        items: [{ product: productId, optionId, quantity: 2 }],
        address,
        email,
      });
      const { reference } = checkout.body as { reference: string };
      expect(paystack.txns.get(reference)).toMatchObject({ amount: expect.any(Number), email });

      // The customer pays on Paystack's page; Paystack posts the signed webhook to the public address.
      paystack.pay(reference);
      const hook = await paystack.postWebhookTo(`${proxy.url}/api/payment/paystack/webhook`, 'charge.success', {
        reference,
        amount: paystack.txns.get(reference)!.amount,
        currency: 'NGN',
        status: 'success',
        channel: 'card',
      });
      expect(hook.status).toBe(200);
      expect(hook.headers.get('x-served-by')).toBe(other(checkout.servedBy));

      // Settled from the webhook alone (nobody called /api/payment/verify) by a job on either
      // instance, and pushed live to both screens.
      const paymentState = async () =>
        (
          await queryRows<{ state: string }>(
            fresh!.database.db,
            sql`select state from payments where reference = ${reference}`,
          )
        )[0]?.state;
      await expect
        .poll(paymentState, { message: 'the payment after the webhook', timeout: 30_000, interval: 200 })
        .toBe('paid');
      const [update] = await placed;
      orderId = update.orderId;
      const [created] = await toVendor;
      expect(created).toMatchObject({ orderId, items: [expect.objectContaining({ productId, quantity: 2 })] });
      expect(proxy.log.some((f) => f.path.startsWith('/api/payment/verify'))).toBe(false);
      const mine = await customer.ok('GET', '/api/order/user');
      expect(mine.body.orders[0]).toMatchObject({
        _id: orderId,
        status: 'Order Placed',
        amount: paystack.txns.get(reference)!.amount / 100,
      });
      expect((await customer.ok('GET', '/api/user/is-auth')).body.user.cartItems).toEqual({});
    },
  );

  step(
    'the vendor confirms; a rider accepts, picks up and delivers with the code; the customer follows live and rates',
    async () => {
      await rider.ok('POST', '/api/user/login', DEMO.rider);
      const riderSocket = await rider.socket();
      const available = nextEvent(riderSocket.socket, 'job.available', (j) => j._id === orderId);
      const statusLive = (status: string) =>
        nextEvent(customerSocket.socket, 'order.updated', (u) => u.status === status);

      let live = statusLive('Order Confirmed');
      await vendor.ok('POST', `/api/seller/orders/${orderId}/confirm`, {});
      await live;
      await available;
      const board = await rider.ok('GET', '/api/rider/jobs');
      expect((board.body.jobs as { _id: string }[]).map((j) => j._id)).toContain(orderId);

      live = statusLive('Order Assigned');
      expect((await rider.ok('POST', `/api/rider/jobs/order/${orderId}/accept`)).body.message).toBe('Order Assigned');
      await live;
      live = statusLive('Order Picked');
      await rider.ok('POST', `/api/rider/jobs/order/${orderId}/picked`);
      await live;

      const shown = (await customer.ok('GET', '/api/order/user')).body.orders[0];
      expect(shown).toMatchObject({
        _id: orderId,
        status: 'Order Picked',
        deliveryCode: expect.stringMatching(/^\d{4}$/),
      });
      const code: string = shown.deliveryCode;
      const wrong = await rider.call('POST', `/api/rider/jobs/order/${orderId}/deliver`, {
        code: code === '0000' ? '1111' : '0000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Wrong delivery code. 4 tries left.');
      live = statusLive('Order Delivered');
      const delivered = await rider.ok('POST', `/api/rider/jobs/order/${orderId}/deliver`, { code });
      expect(delivered.body.message).toBe('Order Delivered');
      await live;
      // Some of those changes were made on the instance the customer's socket is not on.
      const changes = proxy.log.filter(
        (f) => f.kind === 'http' && /^\/api\/(seller\/orders|rider\/jobs)\//.test(f.path) && f.status === 200,
      );
      expect(changes.some((f) => f.upstream !== customerSocket.instance)).toBe(true);

      const rated = await customer.ok('POST', '/api/ratings', {
        subjectType: 'order',
        subjectId: orderId,
        stars: 5,
        comment: 'Quick and polite',
      });
      expect(rated.body.message).toBe('Thanks for rating your rider!');
      const again = await customer.call('POST', '/api/ratings', { subjectType: 'order', subjectId: orderId, stars: 4 });
      expect(again.servedBy).not.toBe(rated.servedBy);
      expect(again.status).toBe(409);
      const me = await rider.ok('GET', '/api/rider/me');
      expect(me.body.rider).toMatchObject({ rating: 5, ratingCount: 1 });
    },
  );

  step('a support chat both ways, live, with the customer on one instance and the agent on the other', async () => {
    const opened = await customer.ok(
      'POST',
      '/api/chat/send',
      chatForm({ message: 'Hello, I have a question about my order' }),
    );
    const chatId: string = opened.body.chat._id;
    expect(await joinRoom(customerSocket.socket, chatId)).toEqual({ ok: true });

    await agent.ok('POST', '/api/user/login', DEMO.support);
    await aimAt(other(customerSocket.instance));
    const agentSocket = await agent.socket();
    expect(agentSocket.instance).not.toBe(customerSocket.instance);
    expect(await joinRoom(agentSocket.socket, chatId)).toEqual({ ok: true });

    // Customer → agent: posted over HTTP (to either instance), delivered on the agent's.
    const toAgent = nextEvent(
      agentSocket.socket,
      'receive-message',
      (m) => m.message === 'The zobo was lovely, thank you',
    );
    const sent = await customer.ok(
      'POST',
      '/api/chat/send',
      chatForm({ message: 'The zobo was lovely, thank you', chatId }),
    );
    const [received] = await toAgent;
    expect(received).toMatchObject({ _id: sent.body.chat.messages.at(-1)._id, chatId, senderName: 'Ada Journey' });

    // Typing goes socket to socket, across the instances.
    const typing = nextEvent(agentSocket.socket, 'typing');
    customerSocket.socket.emit('typing', chatId);
    expect((await typing)[1]).toBe('Ada Journey');

    // Agent → customer, from the support inbox.
    const toCustomer = nextEvent(customerSocket.socket, 'receive-message', (m) => m.message === 'Glad to hear it!');
    const reply = await agent.ok(
      'POST',
      `/api/support/chats/${chatId}/reply`,
      chatForm({ message: 'Glad to hear it!' }),
    );
    const [answer] = await toCustomer;
    expect(answer).toMatchObject({ chatId, senderName: 'Sade Support' });
    expect([sent.servedBy, reply.servedBy].sort()).toEqual(['A', 'B']);

    const history = await customer.ok('GET', '/api/chat/get-chat/');
    expect((history.body.chat.messages as { message: string }[]).map((m) => m.message)).toEqual([
      'Hello, I have a question about my order',
      'The zobo was lovely, thank you',
      'Glad to hear it!',
    ]);
  });

  step('the per-email login limit counts attempts on both instances together', async () => {
    const email = `limit-${randomBytes(4).toString('hex')}@example.com`;
    await new Person().ok('POST', '/api/user/register', { name: 'Lim Ited', email, password: 'Limited#2026' });
    const seen: Answer[] = [];
    for (let i = 0; i < 10; i++)
      seen.push(await new Person().call('POST', '/api/user/login', { email, password: `Wrong#${i}xyz` }));
    expect(seen.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(seen.filter((a) => a.servedBy === 'A')).toHaveLength(5);
    // Five on each: a limit kept per instance would let the next ones through.
    const after = [
      await new Person().call('POST', '/api/user/login', { email, password: 'Limited#2026' }),
      await new Person().call('POST', '/api/user/login', { email, password: 'Limited#2026' }),
    ];
    expect(after.map((a) => a.servedBy).sort()).toEqual(['A', 'B']);
    expect(after.map((a) => a.status)).toEqual([429, 429]);
    expect(after[0]!.body.message).toMatch(/too many/i);
  });

  step("each instance's /metrics shows its share: login latency histogram, open sockets", async () => {
    const scraped = [await new Person().ok('GET', '/metrics'), await new Person().ok('GET', '/metrics')];
    expect(scraped.map((a) => a.servedBy).sort()).toEqual(['A', 'B']);
    const open = sockets.filter((s) => s.connected).length;
    let total = 0;
    for (const { body } of scraped) {
      const text = String(body);
      // Five wrong passwords each (401) and one refusal each (429), by route pattern.
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="POST",route="\/api\/user\/login",status_code="401"\} 5$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/user\/login",status_code="429"\} 1$/m,
      );
      total += Number(/^jara_socketio_connections (\d+)$/m.exec(text)?.[1]);
    }
    expect(total).toBe(open);
  });

  step('every request went through the proxy, alternating; the instances stayed up', () => {
    const http = proxy.log.map((f) => f.upstream);
    for (let i = 1; i < http.length; i++) expect(http[i], `request ${i} (${proxy.log[i]!.path})`).not.toBe(http[i - 1]);
    expect(instances.map((i) => i.child.exitCode)).toEqual([null, null]);
  });
});
