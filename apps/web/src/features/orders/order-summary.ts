import type { OrderItemDto } from '@jara/shared';

type SummaryItem = Pick<OrderItemDto, 'vendorName' | 'quantity'> & { product: { name: string } };

/** Who sells it: "Mama Osas Kitchen", "Mama Osas Kitchen & Loop Snacks", "A, B & 2 more". */
export function vendorsLabel(items: readonly SummaryItem[]): string {
  const names = [...new Set(items.map((i) => i.vendorName).filter(Boolean))];
  if (names.length <= 2) return names.join(' & ');
  return `${names.slice(0, 2).join(', ')} & ${names.length - 2} more`;
}

/**
 * What is in it, in a line that fits a collapsed row: "Jollof Rice ×2, +1 more". It leads with
 * what there is most of, so the line reads the same whichever order the lines were stored in.
 */
export function itemsLabel(items: readonly SummaryItem[]): string {
  const [first, ...rest] = [...items].sort((a, b) => b.quantity - a.quantity);
  if (!first) return '';
  const head = first.quantity > 1 ? `${first.product.name} ×${first.quantity}` : first.product.name;
  return rest.length ? `${head}, +${rest.length} more` : head;
}
