import { and, eq, inArray } from 'drizzle-orm';
import {
  doorLine,
  koboToNaira,
  doorOf,
  primaryRole,
  shownOrderStatus,
  type AdminCategory,
  type AdminDispatchDetail,
  type AdminDispatchRow,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminUserDetailAnswer,
  type AdminUserDto,
  type ApplicationsAnswer,
  type LowRatedRider,
  type OutboxMail,
  type BannerDto,
  type BannerInput,
  type CategoryInput,
  type ItemStatus,
  type RefundInput,
  type Role,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { orderItems, orders, payments, riders, vendors } from '../../infra/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../infra/sessions.js';
import { findUserById } from '../auth/index.js';
import { isOwnUpload } from '../media/index.js';
import { pushOrderUpdate, recordStatusEvents } from '../order-events/index.js';
import { riderRating } from '../rider/index.js';
import * as repo from './admin.repo.js';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
/** A timestamp that is always there (raw rows give a Date or a string, by driver). */
const isoOf = (d: Date | string) => new Date(d).toISOString();
export const LOW_RATING = 4.0;

function toBannerDto(b: Awaited<ReturnType<typeof repo.listBanners>>[number]): BannerDto {
  return {
    _id: b.id,
    image: b.image,
    headline: b.headline,
    text: b.text,
    link: b.link,
    position: b.position,
    active: b.active,
  };
}

export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  async applications(): Promise<Omit<ApplicationsAnswer, 'success'>> {
    const [vs, rs] = await Promise.all([repo.pendingVendors(this.ctx.db), repo.pendingRiders(this.ctx.db)]);
    return {
      vendors: vs.map(({ v, email, userName }) => ({
        _id: v.id,
        businessName: v.businessName,
        kind: v.kind,
        phone: v.phone,
        address: v.address,
        latitude: v.latitude,
        longitude: v.longitude,
        profilePhoto: v.profilePhoto,
        openingHours: v.openingHours,
        applicant: userName,
        email,
        createdAt: v.createdAt.toISOString(),
      })),
      riders: rs.map(({ r, email }) => ({
        _id: r.id,
        name: r.name,
        phone: r.phone,
        dateOfBirth: r.dateOfBirth,
        vehicle: r.vehicle,
        email,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Approves or rejects a pending application; approval gives the applicant the role; both are emailed. */
  async review(
    admin: SessionUser,
    kind: 'vendor' | 'rider',
    id: string,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const app = kind === 'vendor' ? await repo.lockVendor(tx, id) : await repo.lockRider(tx, id);
      if (!app) throw notFound('Application not found.');
      if (app.status !== 'pending') throw conflict(`This application is already ${app.status}.`, 'already_reviewed');
      if (!app.userId) throw conflict('This application has no account.', 'no_account');
      if (app.userId === admin.id) throw forbidden('You cannot review your own application.');
      const user = await repo.lockUser(tx, app.userId);
      if (!user) throw notFound('Application not found.');
      const name = kind === 'vendor' ? (app as { businessName: string }).businessName : user.name;
      if (decision.approve) {
        if (kind === 'vendor') await repo.setVendorStatus(tx, id, 'approved', null);
        else await repo.setRiderStatus(tx, id, 'approved', null);
        const role = kind === 'vendor' ? 'vendor' : 'rider';
        // The role is added to the ones the account holds: a vendor can ride, a rider can sell.
        if (!user.roles.includes(role))
          await repo.setRoles(tx, user.id, user.roles, [...user.roles, role], admin.id, `${kind} application approved`);
        const where = kind === 'vendor' ? `${this.ctx.config.publicUrl}/seller` : `${this.ctx.config.publicUrl}/rider`;
        await this.ctx.mailer.send(tx, {
          to: user.email,
          subject: kind === 'vendor' ? 'Your Jara shop is approved' : 'You are approved to ride with Jara',
          text: `Hello ${user.name},\n\nGood news: your ${kind === 'vendor' ? `shop "${name}"` : 'rider application'} has been approved. Open ${where} to get started.\n\nJara`,
        });
      } else {
        if (kind === 'vendor') await repo.setVendorStatus(tx, id, 'rejected', decision.reason);
        else await repo.setRiderStatus(tx, id, 'rejected', decision.reason);
        await this.ctx.mailer.send(tx, {
          to: user.email,
          subject: kind === 'vendor' ? 'About your Jara shop application' : 'About your Jara rider application',
          text: `Hello ${user.name},\n\nWe could not approve your ${kind === 'vendor' ? `shop "${name}"` : 'rider application'} yet.\n\nReason: ${decision.reason}\n\nYou can update your application and send it again from ${this.ctx.config.publicUrl}/${kind === 'vendor' ? 'seller' : 'rider'}.\n\nJara`,
        });
      }
    });
  }

  async users(q?: string, role?: Role): Promise<AdminUserDto[]> {
    return (await repo.searchUsers(this.ctx.db, q, role)).map((u) => ({
      _id: u.id,
      name: u.name,
      email: u.email,
      role: primaryRole(u.roles),
      roles: u.roles,
      createdAt: u.createdAt.toISOString(),
    }));
  }

  async userDetail(id: string): Promise<Omit<AdminUserDetailAnswer, 'success'>> {
    const u = await findUserById(this.ctx.db, id);
    if (!u) throw notFound('User not found.');
    const [history, rating] = await Promise.all([repo.roleHistory(this.ctx.db, id), riderRating(this.ctx.db, id)]);
    return {
      user: {
        _id: u.id,
        name: u.name,
        email: u.email,
        role: primaryRole(u.roles),
        roles: u.roles,
        createdAt: u.createdAt.toISOString(),
      },
      roleHistory: history.map((h) => ({
        from: h.from_role,
        to: h.to_role,
        by: h.actor_name,
        at: isoOf(h.created_at),
      })),
      rating: rating.count ? { average: Math.round(rating.avg! * 10) / 10, count: rating.count } : null,
    };
  }

  /**
   * Grants or withdraws one role, keeping the others. Only an admin does it, never to their own
   * account; vendor and rider need an approved application; every account keeps one role.
   */
  async changeRole(admin: SessionUser, userId: string, role: Role, grant: boolean) {
    if (userId === admin.id) throw forbidden('You cannot change your own roles.');
    const changed = await this.ctx.db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw notFound('User not found.');
      if (user.roles.includes(role) === grant) return false;
      if (grant && (role === 'vendor' || role === 'rider')) {
        const table = role === 'vendor' ? vendors : riders;
        const [app] = await tx.select({ status: table.status }).from(table).where(eq(table.userId, userId));
        if (app?.status !== 'approved')
          throw conflict(`Approve their ${role} application first.`, 'no_approved_application');
      }
      const next = grant ? [...user.roles, role] : user.roles.filter((r) => r !== role);
      if (!next.length) throw conflict('An account keeps at least one role.', 'last_role');
      await repo.setRoles(tx, userId, user.roles, next, admin.id);
      return true;
    });
    if (changed) this.ctx.realtime.setRoleRoom(userId, role, grant);
  }

  async orders(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminOrderRow[]> {
    const rows = await repo.listOrders(this.ctx.db, f);
    const out = rows.map((o) => ({
      _id: o.id,
      createdAt: isoOf(o.created_at),
      paidAt: iso(o.paid_at),
      paymentState: o.payment_state,
      amount: koboToNaira(o.amount_kobo),
      customerName: o.customer_name,
      customerEmail: o.customer_email,
      riderName: o.rider_name,
      locked: o.locked_at !== null,
      status: o.payment_state === 'paid' ? shownOrderStatus(o.statuses as ItemStatus[]) : o.payment_state,
    }));
    return f.status ? out.filter((o) => o.status === f.status) : out;
  }

  async orderDetail(id: string): Promise<AdminOrderDetail> {
    const [o] = await this.ctx.db.select().from(orders).where(eq(orders.id, id));
    if (!o) throw notFound('Order not found.');
    const items = await this.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    const [customer, rider] = await Promise.all([
      findUserById(this.ctx.db, o.userId),
      o.riderId ? findUserById(this.ctx.db, o.riderId) : undefined,
    ]);
    const [events, pays, refunds] = await Promise.all([
      repo.statusHistory(this.ctx.db, [id, ...items.map((i) => i.id)]),
      repo.paymentsOf(this.ctx.db, id),
      repo.refundsOf(this.ctx.db, id),
    ]);
    return {
      _id: o.id,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      paymentState: o.paymentState,
      itemsTotal: koboToNaira(o.itemsKobo),
      deliveryFee: koboToNaira(o.deliveryFeeKobo),
      serviceFee: koboToNaira(o.serviceFeeKobo),
      amount: koboToNaira(o.amountKobo),
      address: o.address,
      deliveryNote: o.deliveryNote,
      customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null,
      rider: rider ? { _id: rider.id, name: rider.name } : null,
      codeAttempts: o.codeAttempts,
      locked: o.lockedAt !== null,
      status: shownOrderStatus(items.map((i) => i.status as ItemStatus)),
      items: items.map((i) => ({
        _id: i.id,
        productName: i.productName,
        optionName: i.optionName,
        quantity: i.quantity,
        unitPrice: koboToNaira(i.unitPriceKobo),
        vendorId: i.vendorId,
        status: i.status,
        cancelReason: i.cancelReason,
      })),
      history: events.map((e) => ({
        subjectType: e.subject_type,
        subjectId: e.subject_id,
        status: e.status,
        actorName: e.actor_name,
        note: e.note,
        createdAt: isoOf(e.created_at),
      })),
      payments: pays.map((p) => ({
        _id: p.id,
        reference: p.reference,
        state: p.state,
        amount: koboToNaira(p.amount_kobo),
        refunded: koboToNaira(p.refunded_kobo),
        provider: p.provider,
      })),
      refunds: refunds.map((r) => ({
        _id: r.id,
        amount: koboToNaira(r.amount_kobo),
        reason: r.reason,
        state: r.state,
        createdAt: isoOf(r.created_at),
      })),
    };
  }

  async dispatches(f: { q?: string; status?: string; from?: string; to?: string }): Promise<AdminDispatchRow[]> {
    return (await repo.listDispatches(this.ctx.db, f)).map((d) => ({
      _id: d.id,
      createdAt: isoOf(d.created_at),
      paidAt: iso(d.paid_at),
      paymentState: d.payment_state,
      status: d.status,
      amount: koboToNaira(d.amount_kobo),
      isExpress: d.is_express,
      customerName: d.customer_name,
      riderName: d.rider_name,
      locked: d.locked_at !== null,
      pickup: [String(d.pickup.address ?? ''), doorLine(doorOf(d.pickup))].filter(Boolean).join(' · '),
      dropoff: [String(d.dropoff.address ?? ''), doorLine(doorOf(d.dropoff))].filter(Boolean).join(' · '),
    }));
  }

  async dispatchDetail(id: string): Promise<AdminDispatchDetail> {
    const [row] = await repo.listDispatches(this.ctx.db, { q: id });
    if (!row || row.id !== id) throw notFound('Dispatch not found.');
    const [events, pays, refunds] = await Promise.all([
      repo.statusHistory(this.ctx.db, [id]),
      repo.paymentsOf(this.ctx.db, id),
      repo.refundsOf(this.ctx.db, id),
    ]);
    return {
      ...(await this.dispatches({ q: id })).find((d) => d._id === id)!,
      history: events.map((e) => ({
        subjectType: e.subject_type,
        subjectId: e.subject_id,
        status: e.status,
        actorName: e.actor_name,
        note: e.note,
        createdAt: isoOf(e.created_at),
      })),
      payments: pays.map((p) => ({
        _id: p.id,
        reference: p.reference,
        state: p.state,
        amount: koboToNaira(p.amount_kobo),
        refunded: koboToNaira(p.refunded_kobo),
        provider: p.provider,
      })),
      refunds: refunds.map((r) => ({
        _id: r.id,
        amount: koboToNaira(r.amount_kobo),
        reason: r.reason,
        state: r.state,
        createdAt: isoOf(r.created_at),
      })),
    };
  }

  /**
   * Refunds one item (its price × quantity) or the whole rest of the order. Items not yet
   * delivered are cancelled with the reason; a delivered item keeps its status.
   */
  async refundOrder(admin: SessionUser, orderId: string, input: RefundInput) {
    const amount = await this.ctx.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!o) throw notFound('Order not found.');
      const [pay] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.purpose, 'order'), eq(payments.subjectId, orderId), eq(payments.state, 'paid')))
        .limit(1);
      if (!pay) throw conflict('This order has no paid payment to refund.', 'not_paid');
      const left = pay.amountKobo - pay.refundedKobo;
      if (left <= 0) throw conflict('This order has already been refunded in full.', 'already_refunded');
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      let amount: number;
      let targets: typeof items;
      if (input.itemId) {
        const item = items.find((i) => i.id === input.itemId);
        if (!item) throw notFound('Item not found.');
        const already = (await repo.statusHistory(tx, [item.id])).some(
          (e) => e.status === 'Refunded' || e.status === 'Order Cancelled',
        );
        if (already || item.status === 'Order Cancelled')
          throw conflict('This item has already been cancelled or refunded.', 'already_refunded');
        amount = Math.min(left, item.unitPriceKobo * item.quantity);
        targets = [item];
      } else {
        amount = left;
        targets = items.filter((i) => i.status !== 'Order Cancelled');
      }
      const cancel = targets
        .filter((i) => i.status !== 'Order Delivered' && i.status !== 'Order Cancelled')
        .map((i) => i.id);
      if (cancel.length) {
        await tx
          .update(orderItems)
          .set({ status: 'Order Cancelled', cancelReason: input.reason, updatedAt: new Date() })
          .where(inArray(orderItems.id, cancel));
        await recordStatusEvents(tx, 'order_item', cancel, 'Order Cancelled', admin.id, input.reason);
      }
      await recordStatusEvents(
        tx,
        'order_item',
        targets.map((t) => t.id),
        'Refunded',
        admin.id,
        input.reason,
      );
      if (amount <= 0) throw badRequest('Nothing to refund.', 'nothing_to_refund');
      await this.ctx.payments.refund(tx, pay.id, amount, `Admin refund: ${input.reason}`);
      return amount;
    });
    await pushOrderUpdate(this.ctx, orderId);
    return { amount: koboToNaira(amount) };
  }

  async lowRatedRiders(): Promise<LowRatedRider[]> {
    return (await repo.lowRatedRiders(this.ctx.db, LOW_RATING)).map((r) => ({
      _id: r.user_id,
      name: r.name,
      email: r.email,
      average: Math.round(Number(r.avg) * 10) / 10,
      count: Number(r.count),
    }));
  }

  async categories(): Promise<AdminCategory[]> {
    return (await repo.allCategories(this.ctx.db)).map((c) => ({
      path: c.path,
      text: c.text,
      image: c.image,
      bgColor: c.bgColor,
      position: c.position,
    }));
  }

  async saveCategory(input: CategoryInput) {
    const existing = (await repo.allCategories(this.ctx.db)).find((c) => c.path === input.path);
    if (
      existing?.image !== input.image &&
      !input.image.startsWith('/media/seed/') &&
      !(await isOwnUpload(this.ctx.storage, input.image, 'categories/'))
    ) {
      throw badRequest('Upload the image again.', 'invalid_image');
    }
    const clash = (await repo.allCategories(this.ctx.db)).find(
      (c) => c.text.toLowerCase() === input.text.toLowerCase() && c.path !== input.path,
    );
    if (clash) throw conflict('Another category already has that name.', 'duplicate_category');
    await repo.upsertCategory(this.ctx.db, input);
  }

  async deleteCategory(path: string) {
    const r = await repo.deleteCategory(this.ctx.db, path);
    if (r === 'missing') throw notFound('Category not found.');
    if (r === 'in_use') throw conflict('Products use this category; move them first.', 'category_in_use');
  }

  async banners(onlyActive = false) {
    return (await repo.listBanners(this.ctx.db, onlyActive)).map(toBannerDto);
  }

  private async checkBannerImage(image: string, current?: string) {
    if (image === current || image.startsWith('/media/seed/')) return;
    if (!(await isOwnUpload(this.ctx.storage, image, 'banners/')))
      throw badRequest('Upload the image again.', 'invalid_image');
  }

  async createBanner(input: BannerInput) {
    await this.checkBannerImage(input.image);
    return toBannerDto(await repo.insertBanner(this.ctx.db, input));
  }

  async updateBanner(id: string, input: BannerInput) {
    const current = (await repo.listBanners(this.ctx.db)).find((b) => b.id === id);
    if (!current) throw notFound('Banner not found.');
    await this.checkBannerImage(input.image, current.image);
    return toBannerDto((await repo.updateBanner(this.ctx.db, id, input))!);
  }

  async deleteBanner(id: string) {
    if (!(await repo.deleteBanner(this.ctx.db, id))) throw notFound('Banner not found.');
  }

  async outbox(): Promise<OutboxMail[]> {
    if (this.ctx.config.isProduction) throw notFound();
    return (await repo.outbox(this.ctx.db)).map((m) => ({
      _id: m.id,
      to: m.toAddress,
      subject: m.subject,
      text: m.textBody,
      sentAt: iso(m.sentAt),
      createdAt: m.createdAt.toISOString(),
    }));
  }
}
