import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  adminAccount,
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
  multipartImage,
} from '../../../test/factories-portals.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { orderItems } from '../orders/orders.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { riders } from '../rider/rider.tables.js';
import { users } from '../auth/auth.tables.js';
import { vendors } from '../catalogue/catalogue.tables.js';
import { roleChanges } from './admin.tables.js';
import { ratings } from '../rider/rider.tables.js';
import { etaRecords } from '../routing/routing.tables.js';
import type {
  AdminDispatchAnswer,
  AdminDispatchesAnswer,
  AdminOrderAnswer,
  AdminOrdersAnswer,
  AdminRefundAnswer,
  AdminUserDetailAnswer,
  AdminUsersAnswer,
  ApplicationsAnswer,
  BannerAnswer,
  BannersAnswer,
  CategoryListAnswer,
  ErrorAnswer,
  ImageUploadAnswer,
  IsAuthAnswer,
  LowRatedRidersAnswer,
  OutboxAnswer,
  RiderMeAnswer,
} from '@jara/shared';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload ?? {} });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

async function pendingVendor() {
  const applicant = await createUser(app);
  const v = await app.ctx.db
    .insert(vendors)
    .values({
      userId: applicant.user.id,
      businessName: 'Pending Shop',
      kind: 'goods',
      phone: '08031234567',
      address: 'Ugbowo',
      latitude: 6.4,
      longitude: 5.61,
      profilePhoto: '/media/seed/vendors/x.webp',
      openingHours: {},
      status: 'pending',
    })
    .returning();
  return { ...applicant, vendor: v[0]! };
}

describe('applications', () => {
  it('approving a vendor makes the applicant a vendor (audited) and emails them; a second review is refused', async () => {
    const admin = await adminAccount(app);
    const p = await pendingVendor();
    const list = json<ApplicationsAnswer>(await get('/api/admin/applications', admin.cookie));
    expect(list.vendors.map((v: { _id: string }) => v._id)).toContain(p.vendor.id);
    expect((await post(`/api/admin/applications/vendor/${p.vendor.id}/approve`, admin.cookie)).statusCode).toBe(200);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, p.user.id));
    expect(u!.roles).toEqual(['customer', 'vendor']);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, p.user.email));
    expect(mails[0]!.subject).toBe('Your Jara shop is approved');
    const audit = await app.ctx.db.select().from(roleChanges).where(eq(roleChanges.userId, p.user.id));
    expect(audit[0]).toMatchObject({ fromRole: 'customer', toRole: 'customer,vendor', actorId: admin.user.id });
    expect(
      json<ErrorAnswer>(
        await post(`/api/admin/applications/vendor/${p.vendor.id}/reject`, admin.cookie, { reason: 'Too late' }),
      ).code,
    ).toBe('already_reviewed');
    // Now the vendor can manage products.
    expect((await get('/api/seller/products', p.cookie)).statusCode).toBe(200);
  });

  it('rejecting a rider needs a reason, keeps the role and emails the reason', async () => {
    const admin = await adminAccount(app);
    const r = await createRiderAccount(app, { status: 'pending' });
    expect(
      (await post(`/api/admin/applications/rider/${r.rider.id}/reject`, admin.cookie, { reason: '' })).statusCode,
    ).toBe(400);
    expect(
      (
        await post(`/api/admin/applications/rider/${r.rider.id}/reject`, admin.cookie, {
          reason: 'Photo of ID unclear',
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await app.ctx.db.select().from(riders).where(eq(riders.id, r.rider.id));
    expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Photo of ID unclear' });
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, r.user.id));
    expect(u!.roles).toEqual(['customer']);
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, r.user.email));
    expect(mail!.textBody).toContain('Reason: Photo of ID unclear');
    // Re-applying puts it back to pending.
    await post('/api/rider/apply', r.cookie, {
      name: 'Again',
      phone: '08031234567',
      dateOfBirth: '2000-01-01',
      vehicle: 'on foot',
      acceptTerms: true,
    });
    expect(json<RiderMeAnswer>(await get('/api/rider/me', r.cookie)).rider).toMatchObject({
      status: 'pending',
      rejectionReason: null,
    });
  });
});

describe('users and roles', () => {
  it('searches users and changes roles, never its own; vendor and rider roles need an approved application', async () => {
    const admin = await adminAccount(app);
    const target = await createUser(app, { name: 'Findable Person' });
    const found = json<AdminUsersAnswer>(await get('/api/admin/users?q=findable', admin.cookie)).users;
    expect(found.map((u: { _id: string }) => u._id)).toContain(target.user.id);
    expect(
      json<AdminUsersAnswer>(await get('/api/admin/users?role=admin', admin.cookie)).users.every(
        (u: { roles: string[] }) => u.roles.includes('admin'),
      ),
    ).toBe(true);

    expect(
      (await post(`/api/admin/users/${target.user.id}/role`, admin.cookie, { role: 'support', grant: true }))
        .statusCode,
    ).toBe(200);
    const session = json<IsAuthAnswer>(
      await app.inject({ url: '/api/user/is-auth', headers: { cookie: target.cookie } }),
    );
    expect(session.role).toBe('support');
    expect(session.user?.roles).toEqual(['customer', 'support']);
    expect(
      json<ErrorAnswer>(
        await post(`/api/admin/users/${target.user.id}/role`, admin.cookie, { role: 'vendor', grant: true }),
      ).code,
    ).toBe('no_approved_application');
    expect(
      (await post(`/api/admin/users/${target.user.id}/role`, admin.cookie, { role: 'superuser', grant: true }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/api/admin/users/${target.user.id}/role`, admin.cookie, { role: 'customer', grant: false }))
        .statusCode,
    ).toBe(200);
    expect(
      json<ErrorAnswer>(
        await post(`/api/admin/users/${target.user.id}/role`, admin.cookie, { role: 'support', grant: false }),
      ).code,
    ).toBe('last_role');
    const self = await post(`/api/admin/users/${admin.user.id}/role`, admin.cookie, { role: 'customer', grant: true });
    expect(self.statusCode).toBe(403);
    const detail = json<AdminUserDetailAnswer>(await get(`/api/admin/users/${target.user.id}`, admin.cookie));
    expect(detail.user.roles).toEqual(['support']);
    expect(detail.roleHistory.map((h: { from: string; to: string }) => `${h.from} → ${h.to}`)).toEqual([
      'customer,support → support',
      'customer → customer,support',
    ]);
    expect(detail.roleHistory[0]).toMatchObject({ by: 'Admin' });
  });
});

describe('orders, dispatches and refunds', () => {
  it('lists orders with filters and shows the status history', async () => {
    const admin = await adminAccount(app);
    const v = await createVendorAccount(app);
    const customer = await createUser(app, { name: 'Order Person' });
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: v.vendor.id }]);
    await post(`/api/seller/orders/${order.id}/confirm`, v.cookie);
    const all = json<AdminOrdersAnswer>(await get('/api/admin/orders?q=order%20person', admin.cookie)).orders;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ _id: order.id, status: 'Order Confirmed' });
    expect(
      json<AdminOrdersAnswer>(await get('/api/admin/orders?status=Order%20Delivered&q=order%20person', admin.cookie))
        .orders,
    ).toHaveLength(0);
    const detail = json<AdminOrderAnswer>(await get(`/api/admin/orders/${order.id}`, admin.cookie)).order;
    expect(detail.history).toEqual([expect.objectContaining({ status: 'Order Confirmed', actorName: 'Vendor Owner' })]);
    expect((await get('/api/admin/orders/00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);
    expect(json<AdminDispatchesAnswer>(await get('/api/admin/dispatches', admin.cookie)).dispatches).toEqual(
      expect.any(Array),
    );
    const d = await createPaidDispatch(app, customer.user.id);
    expect(json<AdminDispatchesAnswer>(await get(`/api/admin/dispatches?q=${d.id}`, admin.cookie)).dispatches).toEqual([
      expect.objectContaining({ _id: d.id, customerName: 'Order Person', pickup: 'Pick Street, Ugbowo', amount: 770 }),
    ]);
    expect(json<AdminDispatchAnswer>(await get(`/api/admin/dispatches/${d.id}`, admin.cookie)).dispatch).toMatchObject({
      _id: d.id,
      dropoff: 'Drop Street, Ugbowo',
      status: 'Order Placed',
      history: [],
      refunds: [],
    });
  });

  it('refunds an item (cancelled, refunded once) and then the rest of the order', async () => {
    const admin = await adminAccount(app);
    const v = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order, items, payment } = await createPaidOrder(app, customer.user.id, [
      { vendorId: v.vendor.id, priceKobo: 100_000 },
      { vendorId: v.vendor.id, priceKobo: 50_000 },
    ]);
    const one = await post(`/api/admin/orders/${order.id}/refund`, admin.cookie, {
      itemId: items[0]!.id,
      reason: 'Wrong item sent',
    });
    expect(json<AdminRefundAnswer>(one)).toMatchObject({ success: true, amount: 1000 });
    const [item] = await app.ctx.db.select().from(orderItems).where(eq(orderItems.id, items[0]!.id));
    expect(item).toMatchObject({ status: 'Order Cancelled', cancelReason: 'Wrong item sent' });
    expect(
      json<ErrorAnswer>(
        await post(`/api/admin/orders/${order.id}/refund`, admin.cookie, { itemId: items[0]!.id, reason: 'Again' }),
      ).code,
    ).toBe('already_refunded');
    const rest = json<AdminRefundAnswer>(
      await post(`/api/admin/orders/${order.id}/refund`, admin.cookie, { reason: 'Customer complaint' }),
    );
    expect(rest.amount).toBe((payment.amountKobo - 100_000) / 100);
    const rs = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rs.reduce((s, r) => s + r.amountKobo, 0)).toBe(payment.amountKobo);
    expect(
      json<ErrorAnswer>(await post(`/api/admin/orders/${order.id}/refund`, admin.cookie, { reason: 'Third time' }))
        .code,
    ).toBe('already_refunded');
  });

  it('lists riders rated under 4.0', async () => {
    const admin = await adminAccount(app);
    const r = await createRiderAccount(app);
    const c = await createUser(app);
    await app.ctx.db.insert(ratings).values({
      subjectType: 'order',
      subjectId: crypto.randomUUID(),
      riderId: r.user.id,
      customerId: c.user.id,
      stars: 2,
    });
    const low = json<LowRatedRidersAnswer>(await get('/api/admin/riders/low-rated', admin.cookie)).riders;
    expect(low).toEqual(expect.arrayContaining([expect.objectContaining({ _id: r.user.id, average: 2, count: 1 })]));
  });

  it('shows how close the arrival estimates came', async () => {
    const admin = await adminAccount(app);
    const accuracy = async () =>
      json<{ accuracy: unknown }>(await get('/api/admin/eta-accuracy', admin.cookie)).accuracy;
    expect(await accuracy()).toEqual({ jobs: 0, medianErrorMinutes: null, withinFiveMinutes: null });
    // Estimated 10 minutes each: one took 12, one 18, and one is still on its way.
    const at = Date.parse('2026-11-02T12:00:00Z');
    await app.ctx.db.insert(etaRecords).values(
      [12, 18, null].map((took) => ({
        jobKind: 'order' as const,
        jobId: crypto.randomUUID(),
        roadMinutes: 7,
        predictedMinutes: 10,
        pickedUpAt: new Date(at),
        deliveredAt: took === null ? null : new Date(at + took * 60_000),
      })),
    );
    expect(await accuracy()).toEqual({ jobs: 2, medianErrorMinutes: 5, withinFiveMinutes: 0.5 });
    const c = await createUser(app);
    expect((await get('/api/admin/eta-accuracy', c.cookie)).statusCode).toBe(403);
  });
});

describe('categories, banners and the outbox', () => {
  it('uploads an image and saves a category and a banner; the public banner list shows only active ones', async () => {
    const admin = await adminAccount(app);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const m = multipartImage(png);
    const up = json<ImageUploadAnswer>(
      await app.inject({
        method: 'POST',
        url: '/api/admin/upload?kind=category',
        headers: { cookie: admin.cookie, ...m.headers },
        payload: m.payload,
      }),
    );
    expect(up.url).toMatch(/^\/media\/categories\/[0-9a-f]+\.webp$/);
    expect(
      (
        await post('/api/admin/categories', admin.cookie, {
          path: 'stationery',
          text: 'Stationery',
          image: up.url,
          bgColor: '#e0f2fe',
          position: 7,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      json<CategoryListAnswer>(await app.inject({ url: '/api/category/list' })).categories.map((c) => c.path),
    ).toContain('stationery');
    expect(
      (
        await post('/api/admin/categories', admin.cookie, {
          path: 'Bad Path',
          text: 'x',
          image: up.url,
          bgColor: '#e0f2fe',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      json<ErrorAnswer>(
        await post('/api/admin/categories', admin.cookie, {
          path: 'x',
          text: 'y',
          image: '/media/categories/nothere.webp',
          bgColor: '#e0f2fe',
        }),
      ).code,
    ).toBe('invalid_image');
    expect((await post('/api/admin/categories/stationery/delete', admin.cookie)).statusCode).toBe(200);

    const b = json<BannerAnswer>(
      await post('/api/admin/banners', admin.cookie, {
        image: '/media/seed/banner-0.webp',
        headline: 'Exam week deals',
        link: '/products/food',
      }),
    ).banner;
    const edited = await post(`/api/admin/banners/${b._id}`, admin.cookie, {
      image: '/media/seed/banner-0.webp',
      headline: 'Exam week deals',
      text: 'Pens, pads and snacks',
      link: '/products/food',
    });
    expect(json<BannerAnswer>(edited).banner).toMatchObject({
      _id: b._id,
      text: 'Pens, pads and snacks',
      active: true,
    });
    await post('/api/admin/banners', admin.cookie, {
      image: '/media/seed/banner-1.webp',
      headline: 'Hidden',
      active: false,
    });
    expect(
      (
        await post('/api/admin/banners', admin.cookie, {
          image: '/media/seed/banner-1.webp',
          headline: 'x',
          link: 'https://evil.example',
        })
      ).statusCode,
    ).toBe(400);
    const pub = json<BannersAnswer>(await app.inject({ url: '/api/content/banners' })).banners;
    expect(pub.map((x: { headline: string }) => x.headline)).toEqual(['Exam week deals']);
    expect((await post(`/api/admin/banners/${b._id}/delete`, admin.cookie)).statusCode).toBe(200);
    expect(json<OutboxAnswer>(await get('/api/admin/outbox', admin.cookie)).messages).toEqual(expect.any(Array));
  });
});

describe('the API description', () => {
  it('names the answer of every seller, admin and media route', async () => {
    type Operation = {
      tags?: string[];
      responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
    };
    const doc = json<{ paths: Record<string, Record<string, Operation>> }>(await app.inject({ url: '/api/docs/json' }));
    const ours = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ route: `${method} ${path}`, op })))
      .filter(({ op }) => op.tags?.some((t) => ['seller', 'admin', 'media'].includes(t)));
    expect(ours.length).toBeGreaterThanOrEqual(36);
    const unnamed = ours.filter(({ op }) => !op.responses?.['200']?.content?.['application/json']?.schema);
    expect(unnamed.map((o) => o.route)).toEqual([]);
    expect(doc.paths['/api/content/banners']?.get?.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      expect.objectContaining({ type: 'object' }),
    );
  });
});
