import { shownOptionName, type ProductDto } from '@jara/shared';
import { useCartState } from '../../../session/cart-context';
import { useProducts } from '../api/get-products';
import { effectivePrice, productPath } from '../catalogue-rules';
import { useOpenStates } from './use-open-state';

/** One product option in the cart, as the catalogue prices and places it. */
interface CartLine {
  product: ProductDto;
  optionId: string;
  /** Null for a product's lone default option: there is no choice to name. */
  optionName: string | null;
  unit: number;
  qty: number;
  /** The product's page. */
  path: string;
  /** Why the vendor takes no order now (closed), else null. */
  closed: string | null;
}

/**
 * The cart's items read against the catalogue: each option at its effective price, with its
 * product's page and whether its vendor is open. Products or options no longer listed drop out.
 */
export function useCartLines(): { lines: CartLine[]; isPending: boolean } {
  const { cartItems } = useCartState();
  const { data: products, isPending } = useProducts();
  const openState = useOpenStates();
  const lines: CartLine[] = [];
  for (const [productId, options] of Object.entries(cartItems)) {
    const product = products?.find((p) => p._id === productId);
    if (!product) continue;
    const state = openState(product.vendorId);
    for (const [optionId, qty] of Object.entries(options)) {
      const option = product.options.find((o) => o._id === optionId);
      if (!option) continue;
      lines.push({
        product,
        optionId,
        optionName: shownOptionName(option.name),
        unit: effectivePrice(option),
        qty,
        path: productPath(product),
        closed: state?.open === false ? state.label : null,
      });
    }
  }
  return { lines, isPending };
}
