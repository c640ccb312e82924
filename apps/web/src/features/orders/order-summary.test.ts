import { describe, expect, it } from 'vitest';
import { i18n, type Translate } from '../../i18n';
import { itemsLabel as itemsIn, vendorsLabel as vendorsOf } from './order-summary';

// English, the test setup's language.
const t: Translate<'orders'> = (id, values) => i18n._(id, values);
const itemsLabel = (items: Parameters<typeof itemsIn>[0]) => itemsIn(items, t);
const vendorsLabel = (items: Parameters<typeof vendorsOf>[0]) => vendorsOf(items, t);

const item = (name: string, quantity: number, vendorName: string) => ({ product: { name }, quantity, vendorName });

describe('a collapsed order row’s summary', () => {
  it('names the vendor and the first item with its quantity, then how many more', () => {
    const items = [item('Jollof Rice', 2, 'Mama Osas Kitchen'), item('Plantain', 1, 'Mama Osas Kitchen')];
    expect(vendorsLabel(items)).toBe('Mama Osas Kitchen');
    expect(itemsLabel(items)).toBe('Jollof Rice ×2, +1 more');
    expect(itemsLabel([item('Chin chin', 1, 'Loop Snacks')])).toBe('Chin chin');
  });
  it('leads with what there is most of, the first of equals', () => {
    expect(itemsLabel([item('Plantain', 1, 'A'), item('Jollof Rice', 2, 'A'), item('Moi moi', 2, 'A')])).toBe(
      'Jollof Rice ×2, +2 more',
    );
    expect(itemsLabel([item('Plantain', 1, 'A'), item('Egg', 1, 'A')])).toBe('Plantain, +1 more');
  });
  it('names two vendors, then counts the rest, each once', () => {
    expect(vendorsLabel([item('a', 1, 'A'), item('b', 1, 'B'), item('c', 1, 'A')])).toBe('A & B');
    expect(vendorsLabel([item('a', 1, 'A'), item('b', 1, 'B'), item('c', 1, 'C'), item('d', 1, 'D')])).toBe(
      'A, B & 2 more',
    );
  });
  it('is empty for no items', () => {
    expect(itemsLabel([])).toBe('');
    expect(vendorsLabel([])).toBe('');
  });
});
