import type { OrderItemDto } from '@jara/shared';
import type { Translate } from '../../i18n';

type SummaryItem = Pick<OrderItemDto, 'vendorName' | 'quantity'> & { product: { name: string } };

/** Who sells it: "Mama Osas Kitchen", "Mama Osas Kitchen & Loop Snacks", "A, B & 2 more". */
export function vendorsLabel(items: readonly SummaryItem[], t: Translate<'orders'>): string {
  const [first = '', second = '', ...rest] = [...new Set(items.map((i) => i.vendorName).filter(Boolean))];
  if (!second) return first;
  if (!rest.length) return t('orders.summary.twoVendors', { first, second });
  return t('orders.summary.moreVendors', { first, second, count: rest.length });
}

/**
 * What is in it, in a line that fits a collapsed row: "Jollof Rice ×2, +1 more". It leads with
 * what there is most of, so the line reads the same whichever order the lines were stored in.
 */
export function itemsLabel(items: readonly SummaryItem[], t: Translate<'orders'>): string {
  const [top, ...rest] = [...items].sort((a, b) => b.quantity - a.quantity);
  if (!top) return '';
  const first =
    top.quantity > 1
      ? t('orders.summary.quantity', { name: top.product.name, quantity: top.quantity })
      : top.product.name;
  return rest.length ? t('orders.summary.moreItems', { first, count: rest.length }) : first;
}
