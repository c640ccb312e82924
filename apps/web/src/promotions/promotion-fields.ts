import { PROMOTION_MSG, PromotionInput, type PromotionDto, type PromotionKind } from '@jara/shared';
import type { MessageId, Translate } from '../i18n';

/** The promotion form as typed: text for every number, Lagos wall-clock times for its dates. */
export interface PromotionFormState {
  title: string;
  /** Blank: automatic. */
  code: string;
  kind: PromotionKind;
  percent: string;
  cap: string;
  amount: string;
  minSpend: string;
  firstOrder: boolean;
  studentsOnly: boolean;
  vendorIds: string[];
  categories: string[];
  productIds: string[];
  days: number[];
  from: string;
  to: string;
  /** `datetime-local` text, Lagos time. */
  startsAt: string;
  endsAt: string;
  maxUses: string;
  budget: string;
  perPerson: string;
  active: boolean;
}

/** The form's fields a problem can be shown under. */
export type PromotionField = keyof PromotionFormState;

export const EMPTY_PROMOTION: PromotionFormState = {
  title: '',
  code: '',
  kind: 'percent',
  percent: '',
  cap: '',
  amount: '',
  minSpend: '',
  firstOrder: false,
  studentsOnly: false,
  vendorIds: [],
  categories: [],
  productIds: [],
  days: [],
  from: '',
  to: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  budget: '',
  perPerson: '',
  active: true,
};

/** Lagos keeps UTC+1 all year: its wall clock is the instant an hour on. */
const LAGOS_OFFSET_MS = 3_600_000;

/** An instant as a `datetime-local` value in Lagos time ("2026-11-25T20:00"). */
function lagosLocal(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Lagos time, as the schema takes it ("2026-11-25T20:00:00+01:00"). */
const fromLagosLocal = (text: string): string | null => (text ? `${text}:00+01:00` : null);

const text = (n: number | null) => (n === null ? '' : String(n));

/** A saved promotion as the form shows it. */
export function formStateOf(p: PromotionDto): PromotionFormState {
  return {
    title: p.title,
    code: p.code ?? '',
    kind: p.kind,
    percent: text(p.percent),
    cap: text(p.cap),
    amount: text(p.amount),
    minSpend: p.minSpend ? String(p.minSpend) : '',
    firstOrder: p.firstOrder,
    studentsOnly: p.studentsOnly,
    vendorIds: p.vendorIds,
    categories: p.categories,
    productIds: p.productIds,
    days: p.days,
    from: p.from ?? '',
    to: p.to ?? '',
    startsAt: lagosLocal(p.startsAt),
    endsAt: lagosLocal(p.endsAt),
    maxUses: text(p.maxUses),
    budget: text(p.budget),
    perPerson: text(p.perPerson),
    active: p.active,
  };
}

/** A number field: blank is none; anything else is read as typed (the schema says what is wrong). */
const num = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

/**
 * The form as `PromotionInput` takes it. A shop's offer names no shops or categories (the server
 * makes it its own); an admin's names no products.
 */
function promotionBody(f: PromotionFormState, owner: 'shop' | 'admin'): PromotionInput {
  return {
    title: f.title,
    code: f.code.trim() ? f.code : null,
    kind: f.kind,
    percent: f.kind === 'fixed' ? null : num(f.percent),
    cap: f.kind === 'percent' ? num(f.cap) : null,
    amount: f.kind === 'fixed' ? num(f.amount) : null,
    minSpend: num(f.minSpend) ?? 0,
    firstOrder: f.firstOrder,
    studentsOnly: f.studentsOnly,
    ...(owner === 'admin' ? { vendorIds: f.vendorIds, categories: f.categories } : { productIds: f.productIds }),
    days: [...f.days].sort(),
    from: f.from || null,
    to: f.to || null,
    startsAt: fromLagosLocal(f.startsAt),
    endsAt: fromLagosLocal(f.endsAt),
    maxUses: num(f.maxUses),
    budget: num(f.budget),
    perPerson: num(f.perPerson),
    active: f.active,
  };
}

/** A saved promotion again as its owner sends it (to end it: `active: false`). */
export const promotionInputOf = (p: PromotionDto, owner: 'shop' | 'admin'): PromotionInput =>
  promotionBody(formStateOf(p), owner);

/**
 * The schema's messages (PROMOTION_MSG, packages/shared/src/schemas/promotions.ts), each shown by
 * its message in the promotions catalogue (English and Pidgin). Another rule's words show as they are.
 */
const ERROR_IDS: Record<keyof typeof PROMOTION_MSG, MessageId<'promotions'>> = {
  title: 'promotions.error.title',
  titleLong: 'promotions.error.titleLong',
  code: 'promotions.error.code',
  kind: 'promotions.error.kind',
  wholePercent: 'promotions.error.wholePercent',
  percentRange: 'promotions.error.percentRange',
  naira: 'promotions.error.naira',
  nairaNegative: 'promotions.error.nairaNegative',
  nairaLarge: 'promotions.error.nairaLarge',
  kobo: 'promotions.error.kobo',
  whole: 'promotions.error.whole',
  oneOrMore: 'promotions.error.oneOrMore',
  time: 'promotions.error.time',
  dateTime: 'promotions.error.dateTime',
  percentNeeded: 'promotions.error.percentNeeded',
  amountNeeded: 'promotions.error.amountNeeded',
  bothTimes: 'promotions.error.bothTimes',
  sameTimes: 'promotions.error.sameTimes',
  endsBeforeStart: 'promotions.error.endsBeforeStart',
  budgetZero: 'promotions.error.budgetZero',
};
const SCHEMA_MESSAGES = new Map(
  (Object.keys(ERROR_IDS) as (keyof typeof PROMOTION_MSG)[]).map((k) => [PROMOTION_MSG[k] as string, ERROR_IDS[k]]),
);

const FIELDS = new Set<string>(Object.keys(EMPTY_PROMOTION));

/**
 * The form checked with the schema the server validates it with: the body it would send, and the
 * problems under each field in the page's language (null: none, send it).
 */
export function checkPromotion(
  f: PromotionFormState,
  owner: 'shop' | 'admin',
  t: Translate<'promotions'>,
): { body: PromotionInput; errors: Partial<Record<PromotionField, string[]>> | null } {
  const body = promotionBody(f, owner);
  const parsed = PromotionInput.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: Partial<Record<PromotionField, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? 'title');
    const field = (FIELDS.has(head) ? head : 'title') as PromotionField;
    const id = SCHEMA_MESSAGES.get(issue.message);
    const message = id ? t(id) : issue.message;
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return { body, errors };
}
