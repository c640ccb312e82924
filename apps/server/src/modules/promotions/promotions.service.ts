import {
  hasRole,
  hhmmOf,
  koboToNaira,
  minuteOfDay,
  nairaToKobo,
  type LivePromotionDto,
  type PromotionDto,
  type PromotionFields,
  type PromotionUserDto,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { accountsByIds } from '../auth/index.js';
import { approvedShops, productsForCheckout, shopsByIds, vendorOfUser } from '../catalogue/index.js';
import * as repo from './promotions.repo.js';

const kobo = (naira: number | null) => (naira === null ? null : nairaToKobo(naira));

/** The columns of a promotion from its form; each kind keeps only the figures it uses. */
function columnsOf(f: PromotionFields): Omit<repo.NewPromotion, 'fundedBy' | 'vendorId'> {
  return {
    title: f.title,
    code: f.code,
    kind: f.kind,
    percent: f.kind === 'fixed' ? null : f.percent,
    capKobo: f.kind === 'percent' ? kobo(f.cap) : null,
    amountKobo: f.kind === 'fixed' ? kobo(f.amount) : null,
    minSpendKobo: nairaToKobo(f.minSpend),
    firstOrder: f.firstOrder,
    studentsOnly: f.studentsOnly,
    vendorIds: [...new Set(f.vendorIds)],
    categories: [...new Set(f.categories)],
    productIds: [...new Set(f.productIds)],
    days: [...new Set(f.days)].sort(),
    fromMinute: f.from === null ? null : minuteOfDay(f.from),
    toMinute: f.to === null ? null : minuteOfDay(f.to),
    startsAt: f.startsAt ? new Date(f.startsAt) : null,
    endsAt: f.endsAt ? new Date(f.endsAt) : null,
    maxUses: f.maxUses,
    budgetKobo: kobo(f.budget),
    perPerson: f.perPerson,
    active: f.active,
  };
}

function toDto(p: repo.PromotionWithUsage, vendorName: string | null): PromotionDto {
  return {
    _id: p.id,
    title: p.title,
    code: p.code,
    kind: p.kind,
    percent: p.percent,
    cap: p.capKobo === null ? null : koboToNaira(p.capKobo),
    amount: p.amountKobo === null ? null : koboToNaira(p.amountKobo),
    minSpend: koboToNaira(p.minSpendKobo),
    firstOrder: p.firstOrder,
    studentsOnly: p.studentsOnly,
    vendorIds: p.vendorIds,
    categories: p.categories,
    productIds: p.productIds,
    days: p.days,
    from: p.fromMinute === null ? null : hhmmOf(p.fromMinute),
    to: p.toMinute === null ? null : hhmmOf(p.toMinute),
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    maxUses: p.maxUses,
    budget: p.budgetKobo === null ? null : koboToNaira(p.budgetKobo),
    perPerson: p.perPerson,
    active: p.active,
    fundedBy: p.fundedBy,
    vendorId: p.vendorId,
    vendorName,
    uses: p.uses,
    spent: koboToNaira(p.spentKobo),
    createdAt: p.createdAt.toISOString(),
  };
}

const CODE_TAKEN = 'Another offer already uses that code. Please pick another.';
const SHOP_ONLY = "A shop's offer can only cover the shop's own items.";

/**
 * Promotions as shops and admins run them (decision 0051): a shop's cover its own items and are
 * funded by it; an admin's are the platform's and may cover any shops, categories or products.
 */
export class PromotionsService {
  constructor(private readonly ctx: AppContext) {}

  private async ownShop(user: SessionUser) {
    const v = hasRole(user, 'vendor') ? await vendorOfUser(this.ctx.db, user.id) : undefined;
    if (!v || v.status !== 'approved') throw forbidden('Only approved vendors can do that.');
    return v;
  }

  private async dtos(rows: repo.PromotionWithUsage[]): Promise<PromotionDto[]> {
    const shops = await shopsByIds(
      this.ctx.db,
      rows.flatMap((r) => (r.vendorId ? [r.vendorId] : [])),
    );
    return rows.map((r) => toDto(r, r.vendorId ? (shops.get(r.vendorId)?.businessName ?? null) : null));
  }

  private async dto(id: string): Promise<PromotionDto> {
    const row = await repo.promotionWithUsage(this.ctx.db, id);
    if (!row) throw notFound('Offer not found.');
    return (await this.dtos([row]))[0]!;
  }

  /** Refuses a code another promotion has (ended ones included: an old code never starts a new offer). */
  private async codeFree(code: string | null, id?: string) {
    if (!code) return;
    const other = await repo.promotionByCode(this.ctx.db, code);
    if (other && other.id !== id) throw conflict(CODE_TAKEN, 'promo_code_taken');
  }

  /** A shop's form: only its own items, funded by it (never the platform's money, never another shop's items). */
  private async shopColumns(vendorId: string, f: PromotionFields) {
    if (f.vendorIds.some((id) => id !== vendorId)) throw forbidden(SHOP_ONLY);
    if (f.productIds.length) {
      const found = await productsForCheckout(this.ctx.db, f.productIds);
      if (found.length !== new Set(f.productIds).size || found.some((p) => p.product.vendorId !== vendorId))
        throw forbidden(SHOP_ONLY);
    }
    return { ...columnsOf(f), vendorIds: [vendorId], fundedBy: 'vendor' as const, vendorId };
  }

  private async platformColumns(f: PromotionFields) {
    const shops = new Set(f.vendorIds);
    if (shops.size && (await approvedShops(this.ctx.db, [...shops])).length !== shops.size)
      throw notFound('A shop named in the offer was not found.');
    if (
      f.productIds.length &&
      (await productsForCheckout(this.ctx.db, f.productIds)).length !== new Set(f.productIds).size
    )
      throw notFound('A product named in the offer was not found.');
    return { ...columnsOf(f), fundedBy: 'platform' as const, vendorId: null };
  }

  private async insert(values: repo.NewPromotion): Promise<PromotionDto> {
    await this.codeFree(values.code ?? null);
    const row = await repo.insertPromotion(this.ctx.db, values);
    if (!row) throw conflict(CODE_TAKEN, 'promo_code_taken');
    return this.dto(row.id);
  }

  private async update(id: string, values: Partial<repo.NewPromotion>): Promise<PromotionDto> {
    await this.codeFree(values.code ?? null, id);
    try {
      await repo.updatePromotion(this.ctx.db, id, values);
    } catch (err) {
      // Two saves of one code at once: the unique index decides.
      if ((err as { code?: string }).code === '23505') throw conflict(CODE_TAKEN, 'promo_code_taken');
      throw err;
    }
    return this.dto(id);
  }

  async shopList(user: SessionUser): Promise<PromotionDto[]> {
    const v = await this.ownShop(user);
    return this.dtos(await repo.listPromotions(this.ctx.db, v.id));
  }

  async shopCreate(user: SessionUser, f: PromotionFields): Promise<PromotionDto> {
    const v = await this.ownShop(user);
    return this.insert({ ...(await this.shopColumns(v.id, f)), createdBy: user.id });
  }

  async shopEdit(user: SessionUser, id: string, f: PromotionFields): Promise<PromotionDto> {
    const v = await this.ownShop(user);
    const p = await repo.findPromotion(this.ctx.db, id);
    if (!p || p.vendorId !== v.id) throw notFound('Offer not found.');
    return this.update(id, await this.shopColumns(v.id, f));
  }

  async adminList(): Promise<PromotionDto[]> {
    return this.dtos(await repo.listPromotions(this.ctx.db));
  }

  async adminCreate(user: SessionUser, f: PromotionFields): Promise<PromotionDto> {
    return this.insert({ ...(await this.platformColumns(f)), createdBy: user.id });
  }

  /** An admin edits the platform's offers; a shop's offer they can only switch off (or on again). */
  async adminEdit(id: string, f: PromotionFields): Promise<PromotionDto> {
    const p = await repo.findPromotion(this.ctx.db, id);
    if (!p) throw notFound('Offer not found.');
    if (p.fundedBy === 'vendor') return this.update(id, { active: f.active });
    return this.update(id, await this.platformColumns(f));
  }

  /** The running automatic promotions that have started, for product labels. */
  async live(): Promise<LivePromotionDto[]> {
    const now = this.ctx.clock.now();
    return (await repo.automaticPromotions(this.ctx.db, now))
      .filter((p) => !p.startsAt || p.startsAt <= now)
      .map((p) => ({
        _id: p.id,
        title: p.title,
        kind: p.kind,
        vendorIds: p.vendorIds,
        categories: p.categories,
        productIds: p.productIds,
        studentsOnly: p.studentsOnly,
      }));
  }

  /** One promotion's uses per person, with whether each is barred from promotions. */
  async people(id: string): Promise<PromotionUserDto[]> {
    if (!(await repo.findPromotion(this.ctx.db, id))) throw notFound('Offer not found.');
    const rows = await repo.peopleOfPromotion(this.ctx.db, id);
    const ids = rows.map((r) => r.user_id);
    const [names, barred] = await Promise.all([accountsByIds(this.ctx.db, ids), repo.barredUsers(this.ctx.db, ids)]);
    return rows.map((r) => ({
      userId: r.user_id,
      name: names.get(r.user_id)?.name ?? '',
      email: names.get(r.user_id)?.email ?? '',
      phone: r.phone,
      uses: Number(r.uses),
      discount: koboToNaira(Number(r.discount)),
      released: Number(r.released),
      barred: barred.has(r.user_id),
    }));
  }

  async bar(admin: SessionUser, userId: string, barred: boolean, reason: string): Promise<void> {
    if (!(await accountsByIds(this.ctx.db, [userId])).has(userId)) throw notFound('Account not found.');
    await repo.setBar(this.ctx.db, userId, barred, reason, admin.id);
  }
}
