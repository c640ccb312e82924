import { z } from 'zod';
import { MAX_CART_QUANTITY } from '../constants.js';
import { Id } from './common.js';

const Quantity = z.number().int().min(1).max(MAX_CART_QUANTITY);

/** product id → option id → quantity; at most 100 products. */
const CartItemsSchema = z
  .record(Id, z.record(Id, Quantity))
  .refine((c) => Object.keys(c).length <= 100, { message: 'Too many products in the cart' });

export const CartUpdateInput = z.strictObject({ cartItems: CartItemsSchema });
export type CartUpdateInput = z.infer<typeof CartUpdateInput>;

export const WishListUpdateInput = z.strictObject({
  wishList: z
    .array(Id)
    .max(500)
    .transform((ids) => [...new Set(ids)]),
});
export type WishListUpdateInput = z.infer<typeof WishListUpdateInput>;

/** Merging a guest cart into an account's: quantities added, capped at the maximum. */
export function mergeCarts(
  a: Record<string, Record<string, number>>,
  b: Record<string, Record<string, number>>,
): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const cart of [a, b]) {
    for (const [productId, options] of Object.entries(cart)) {
      const target = (out[productId] ??= {});
      for (const [optionId, qty] of Object.entries(options)) {
        target[optionId] = Math.min(MAX_CART_QUANTITY, (target[optionId] ?? 0) + qty);
      }
    }
  }
  return out;
}

export function mergeWishLists(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

export function cartCount(cart: Record<string, Record<string, number>>): number {
  let n = 0;
  for (const options of Object.values(cart)) for (const q of Object.values(options)) n += q;
  return n;
}
