import { describe, expect, it } from 'vitest';
import { PromotionInput, type PromotionDto } from '@jara/shared';
import en from './locales/en.json';
import pcm from './locales/pcm.json';
import { checkPromotion, EMPTY_PROMOTION, formStateOf, promotionInputOf } from './promotion-fields';

const SAVED: PromotionDto = {
  _id: 'pr1',
  title: 'Free delivery after 8 pm',
  code: null,
  kind: 'delivery',
  percent: 100,
  cap: null,
  amount: null,
  minSpend: 0,
  firstOrder: false,
  studentsOnly: true,
  vendorIds: ['11111111-1111-4111-8111-111111111111'],
  categories: ['food'],
  productIds: [],
  days: [],
  from: '20:00',
  to: '02:00',
  startsAt: '2026-11-27T17:00:00.000Z',
  endsAt: '2026-12-31T23:30:00.000Z',
  maxUses: null,
  budget: 50000,
  perPerson: null,
  active: true,
  fundedBy: 'platform',
  vendorId: null,
  vendorName: null,
  uses: 0,
  spent: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The English catalogue as a component's `t` reads it. */
const english = ((id: string) => (en as Record<string, string>)[id] ?? id) as Parameters<typeof checkPromotion>[2];

describe('promotion form fields', () => {
  it('shows and sends dates in Lagos time, whatever the phone’s zone', () => {
    const form = formStateOf(SAVED);
    expect(form.startsAt).toBe('2026-11-27T18:00');
    expect(form.endsAt).toBe('2027-01-01T00:30');
    expect(formStateOf({ ...SAVED, startsAt: null }).startsAt).toBe('');
    expect(promotionInputOf(SAVED, 'admin')).toMatchObject({
      startsAt: '2026-11-27T18:00:00+01:00',
      endsAt: '2027-01-01T00:30:00+01:00',
    });
  });

  it('sends back what was saved: an admin’s with its shops and categories, a shop’s without', () => {
    expect(promotionInputOf(SAVED, 'admin')).toMatchObject({
      code: null,
      kind: 'delivery',
      percent: 100,
      cap: null,
      vendorIds: SAVED.vendorIds,
      categories: ['food'],
      budget: 50000,
      studentsOnly: true,
    });
    expect(promotionInputOf(SAVED, 'admin')).not.toHaveProperty('productIds');
    expect(promotionInputOf(SAVED, 'shop')).not.toHaveProperty('vendorIds');
    expect(promotionInputOf(SAVED, 'shop')).not.toHaveProperty('categories');
  });

  it.each([
    ['no title, no percentage', {}],
    ['a bad code, one time of two', { title: 'Weekend', code: 'a!', percent: '10', from: '20:00' }],
    [
      'a fixed offer with no amount, the same start and end',
      { title: 'Weekend', kind: 'fixed', from: '20:00', to: '20:00' },
    ],
    ['a percentage past 100, kobo past two decimals', { title: 'Weekend', percent: '150', cap: '10.555' }],
    [
      'an end before the start, a zero budget',
      {
        title: 'Weekend',
        percent: '10',
        startsAt: '2026-12-02T10:00',
        endsAt: '2026-12-01T10:00',
        budget: '0',
      },
    ],
  ] as const)('says in English exactly what the shared schema says: %s', (_, patch) => {
    const checked = checkPromotion({ ...EMPTY_PROMOTION, ...patch }, 'shop', english);
    expect(checked.errors).not.toBeNull();
    const said = Object.values(checked.errors ?? {}).flat();
    const schema = PromotionInput.safeParse(checked.body);
    expect(schema.success).toBe(false);
    expect(said.sort()).toEqual([...new Set(schema.error!.issues.map((i) => i.message))].sort());
  });

  it('says them in Pidgin', () => {
    const pidgin = ((id: string) => (pcm as Record<string, string>)[id] ?? id) as Parameters<typeof checkPromotion>[2];
    const checked = checkPromotion({ ...EMPTY_PROMOTION, title: 'Weekend', kind: 'fixed' }, 'shop', pidgin);
    expect(checked.errors).toEqual({ amount: ['Put di money wey di offer go comot.'] });
  });
});
