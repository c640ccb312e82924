/**
 * Group orders (issue 31, decision 0049): a host opens a group for one of their addresses and up
 * to three shops; others join by its link and add lines from those shops; the host closes it (each
 * member's share fixed), each member pays their own, and the group is placed as one order
 * (placement.ts). Every read and change checks that the caller is a member (the host for the
 * host's actions); whoever is not gets the same 404 as for a group that does not exist.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  GROUP_MAX_LINES,
  GROUP_MAX_MEMBERS,
  isInServiceArea,
  type CreateGroupInput,
  type GroupDto,
  type GroupItemInput,
  type GroupSummaryDto,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../infra/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { findOwnAddress, OUTSIDE_AREA } from '../addresses/index.js';
import { accountsByIds } from '../auth/index.js';
import { approvedShops, optionsOfProducts, productsForCheckout, shopsByIds } from '../catalogue/index.js';
import { memberOrderView } from '../orders/index.js';
import type { PaymentService } from '../payments/index.js';
import { tellMembers } from './group-notices.js';
import { toGroupDto, toGroupSummary } from './group-views.js';
import * as repo from './groups.repo.js';
import { GROUP_MSG } from './messages.js';
import type { Placement } from './placement.js';
import { catalogueLines, groupDeliveryFee, priceForClosing, sharesOf } from './pricing.js';

/** How many of a member's groups their list shows. */
const LIST_LIMIT = 20;

export class GroupService {
  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
    private readonly placement: Placement,
  ) {}

  /** The host opens a group: their address, the shops, the cut-off; their own first lines if given. */
  async create(userId: string, input: CreateGroupInput): Promise<string> {
    return this.ctx.db.transaction(async (tx) => {
      const address = await findOwnAddress(tx, userId, input.address);
      if (!address) throw notFound('Address not found. Please select one of your addresses.');
      if (!isInServiceArea(address, this.ctx.config.campus.serviceArea))
        throw badRequest(OUTSIDE_AREA, 'outside_service_area');
      const vendorIds = [...new Set(input.vendorIds)];
      if ((await approvedShops(tx, vendorIds)).length !== vendorIds.length)
        throw badRequest(GROUP_MSG.unknownShop, 'unknown_vendor');
      const now = this.ctx.clock.now();
      const group = await repo.insertGroup(tx, {
        hostId: userId,
        orderId: randomUUID(),
        token: randomBytes(18).toString('base64url'),
        addressId: address.id,
        address: {
          address: address.address,
          placeName: address.placeName,
          block: address.block,
          floor: address.floor,
          room: address.room,
          landmark: address.landmark,
          latitude: address.latitude,
          longitude: address.longitude,
        },
        vendorIds,
        deliveryNote: input.deliveryNote ?? '',
        cutOffAt: new Date(now.getTime() + input.cutOffMinutes * 60_000),
        createdAt: now,
      });
      const host = (await repo.insertMember(tx, group.id, userId, now))!;
      for (const item of input.items ?? []) await this.addLine(tx, group, host, item);
      return group.id;
    });
  }

  /** Joins the group of this link (already a member: nothing changes); answers its id. */
  async join(userId: string, token: string): Promise<string> {
    const found = await repo.findGroupByToken(this.ctx.db, token);
    if (!found) throw notFound(GROUP_MSG.badLink);
    await this.placement.settleIfDue(found.id);
    const joined = await this.ctx.db.transaction(async (tx) => {
      // Locked for update: joins take turns, so the group never passes its size.
      const g = (await repo.lockGroup(tx, found.id, 'update'))!;
      if (await repo.memberOf(tx, g.id, userId)) return false;
      if (g.state !== 'open') throw conflict(GROUP_MSG.closed, 'group_closed');
      if ((await repo.countMembers(tx, g.id)) >= GROUP_MAX_MEMBERS) throw conflict(GROUP_MSG.full, 'group_full');
      await repo.insertMember(tx, g.id, userId, this.ctx.clock.now());
      return true;
    });
    if (joined) await tellMembers(this.ctx, found.id);
    return found.id;
  }

  /** Adds a line to the caller's part of an open group (the same line again adds to it). */
  async addItem(userId: string, groupId: string, item: GroupItemInput): Promise<void> {
    await this.placement.settleIfDue(groupId);
    await this.ctx.db.transaction(async (tx) => {
      const { group, member } = await this.openFor(tx, userId, groupId);
      await this.addLine(tx, group, member, item);
    });
    await tellMembers(this.ctx, groupId);
  }

  /** Sets the quantity of one of the caller's lines (0 removes it), while the group is open. */
  async setItem(userId: string, groupId: string, itemId: string, quantity: number): Promise<void> {
    await this.placement.settleIfDue(groupId);
    await this.ctx.db.transaction(async (tx) => {
      const { member } = await this.openFor(tx, userId, groupId);
      if (!(await repo.setLineQuantity(tx, member.id, itemId, quantity))) throw notFound('Item not found.');
    });
    await tellMembers(this.ctx, groupId);
  }

  /**
   * The host closes the group for payment: every line priced as checkout would price it, the
   * delivery fee for the shops with items, each member's share fixed (groupShares).
   */
  async close(userId: string, groupId: string): Promise<void> {
    await this.placement.settleIfDue(groupId);
    await this.ctx.db.transaction(async (tx) => {
      const g = await this.hostOf(tx, userId, groupId);
      if (g.state !== 'open') throw conflict(GROUP_MSG.closed, 'group_closed');
      const [members, items] = await Promise.all([repo.membersOf(tx, [g.id]), repo.itemsOf(tx, [g.id])]);
      if (!items.length) throw badRequest(GROUP_MSG.empty, 'group_empty');
      const priced = await priceForClosing(this.ctx, tx, g, members, items, this.ctx.clock.now());
      await repo.fixLines(
        tx,
        items.map((i) => {
          const l = priced.lines.get(i.id)!;
          return {
            id: i.id,
            productName: l.name,
            optionName: l.optionName,
            image: l.image,
            unitPriceKobo: l.unitPriceKobo,
          };
        }),
      );
      await repo.fixShares(tx, sharesOf(g, members, items, priced.lines, priced.deliveryFeeKobo));
      await repo.setGroup(tx, g.id, {
        state: 'paying',
        closedAt: this.ctx.clock.now(),
        deliveryFeeKobo: priced.deliveryFeeKobo,
        address: priced.address,
      });
    });
    await tellMembers(this.ctx, groupId);
  }

  /** The host calls the group off before it is placed: every share paid so far goes back in full. */
  async cancel(userId: string, groupId: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const g = await this.hostOf(tx, userId, groupId);
      if (g.state !== 'open' && g.state !== 'paying') throw conflict(GROUP_MSG.closed, 'group_closed');
      for (const m of await repo.membersOf(tx, [g.id]))
        if (m.state === 'paid' && m.paymentId && m.amountKobo)
          await this.payments.refund(tx, m.paymentId, m.amountKobo, `Group order ${g.id}: cancelled by its host`);
      await repo.setGroup(tx, g.id, { state: 'cancelled', ended: 'cancelled_by_host' });
    });
    await tellMembers(this.ctx, groupId);
  }

  /** The group as the caller (a member) sees it; settled first when its cut-off has passed. */
  async view(userId: string, groupId: string): Promise<GroupDto> {
    await this.placement.settleIfDue(groupId);
    const db = this.ctx.db;
    const g = await repo.findGroup(db, groupId);
    const me = g && (await repo.memberOf(db, g.id, userId));
    if (!g || !me) throw notFound(GROUP_MSG.notFound);
    const [members, items] = await Promise.all([repo.membersOf(db, [g.id]), repo.itemsOf(db, [g.id])]);
    const [names, shops] = await Promise.all([
      accountsByIds(db, [...new Set([g.hostId, ...members.map((m) => m.userId)])]),
      shopsByIds(db, g.vendorIds),
    ]);
    let estimate = null;
    if (g.state === 'open') {
      const price = await catalogueLines(db, items);
      const deliveryFeeKobo = await groupDeliveryFee(this.ctx, db, g, [...new Set(items.map((i) => i.vendorId))]);
      estimate = { price, deliveryFeeKobo, shares: sharesOf(g, members, items, price, deliveryFeeKobo) };
    }
    // The order's tracking for those in it: its host and every member who paid.
    const order =
      g.state === 'placed' && (me.state === 'paid' || g.hostId === userId)
        ? await memberOrderView(db, g.orderId, userId, this.ctx.clock.now())
        : null;
    return toGroupDto({ group: g, members, items, names, shops, viewerId: userId, estimate, order });
  }

  /** The caller's groups, newest first. */
  async list(userId: string): Promise<GroupSummaryDto[]> {
    const db = this.ctx.db;
    const groups = await repo.groupsOfUser(db, userId, LIST_LIMIT);
    return this.summaries(db, groups, userId);
  }

  /** What a link's invitation shows before joining (any signed-in student with the link). */
  async invite(userId: string, token: string): Promise<GroupSummaryDto> {
    const g = await repo.findGroupByToken(this.ctx.db, token);
    if (!g) throw notFound(GROUP_MSG.badLink);
    await this.placement.settleIfDue(g.id);
    const fresh = (await repo.findGroup(this.ctx.db, g.id))!;
    return (await this.summaries(this.ctx.db, [fresh], userId))[0]!;
  }

  private async summaries(ex: Executor, groups: repo.GroupRow[], userId: string): Promise<GroupSummaryDto[]> {
    const members = await repo.membersOf(
      ex,
      groups.map((g) => g.id),
    );
    const [names, shops] = await Promise.all([
      accountsByIds(
        ex,
        groups.map((g) => g.hostId),
      ),
      shopsByIds(
        ex,
        groups.flatMap((g) => g.vendorIds),
      ),
    ]);
    return groups.map((g) => {
      const mine = members.filter((m) => m.groupId === g.id);
      return toGroupSummary(
        g,
        mine.length,
        mine.some((m) => m.userId === userId),
        names,
        shops,
      );
    });
  }

  /** The group and the caller's membership, the group open and locked for the caller's own lines. */
  private async openFor(tx: Tx, userId: string, groupId: string) {
    const group = await repo.lockGroup(tx, groupId, 'share');
    const member = group && (await repo.memberOf(tx, group.id, userId));
    if (!group || !member) throw notFound(GROUP_MSG.notFound);
    if (group.state !== 'open') throw conflict(GROUP_MSG.closed, 'group_closed');
    return { group, member };
  }

  /** The group locked for its host's action (a member who is not the host: 403; anyone else: 404). */
  private async hostOf(tx: Tx, userId: string, groupId: string): Promise<repo.GroupRow> {
    const g = await repo.lockGroup(tx, groupId, 'update');
    if (!g || !(await repo.memberOf(tx, g.id, userId))) throw notFound(GROUP_MSG.notFound);
    if (g.hostId !== userId) throw new AppError(403, 'not_group_host', GROUP_MSG.notHost);
    return g;
  }

  /** Checks a line against the group's shops and the catalogue, then adds it to the member's part. */
  private async addLine(tx: Tx, group: repo.GroupRow, member: repo.MemberRow, item: GroupItemInput): Promise<void> {
    const [found] = await productsForCheckout(tx, [item.product]);
    if (!found) throw badRequest('That product is no longer available. Please pick another.', 'product_unavailable');
    const { product } = found;
    if (!group.vendorIds.includes(product.vendorId)) throw badRequest(GROUP_MSG.notShop, 'not_group_shop');
    if (!product.inStock) throw badRequest(`${product.name} is out of stock.`, 'out_of_stock');
    const options = await optionsOfProducts(tx, [product.id]);
    const option = item.optionId === undefined ? options[0] : options.find((o) => o.id === item.optionId);
    if (!option) throw badRequest(`That option does not belong to ${product.name}.`, 'option_mismatch');
    const lines = await repo.linesOfMember(tx, member.id);
    const isNew = !lines.some((l) => l.productId === product.id && l.optionId === option.id);
    if (isNew && lines.length >= GROUP_MAX_LINES) throw badRequest(GROUP_MSG.linesFull, 'group_lines_full');
    await repo.addLine(tx, {
      groupId: group.id,
      memberId: member.id,
      productId: product.id,
      optionId: option.id,
      vendorId: product.vendorId,
      quantity: item.quantity,
    });
  }
}
