import type { ProductDto, ProductOptionDto } from '@jara/shared';

/** Item price = offerPrice when set and lower than price, else price (DESIGN §2). */
export function effectivePrice(option: Pick<ProductOptionDto, 'price' | 'offerPrice'>): number {
  return option.offerPrice != null && option.offerPrice < option.price ? option.offerPrice : option.price;
}

/** The option a card shows: the cheapest one. */
export function cheapestOption(product: ProductDto): ProductOptionDto | undefined {
  return [...product.options].sort((a, b) => effectivePrice(a) - effectivePrice(b))[0];
}

/** True when the product's options do not all cost the same: the card then says "from". */
export function pricesDiffer(product: Pick<ProductDto, 'options'>): boolean {
  return new Set(product.options.map(effectivePrice)).size > 1;
}

/** Food products live under their vendor; everything else under its category. */
export function productPath(product: Pick<ProductDto, '_id' | 'category' | 'vendorId'>): string {
  return product.category === 'food'
    ? `/products/food/${product.vendorId}/${product._id}`
    : `/products/${product.category}/${product._id}`;
}

export function relatedProducts(all: ProductDto[], product: ProductDto, limit: number): ProductDto[] {
  return all.filter((p) => p._id !== product._id && p.inStock && p.category === product.category).slice(0, limit);
}

export function vendorOtherProducts(all: ProductDto[], product: ProductDto, limit: number): ProductDto[] {
  return all.filter((p) => p._id !== product._id && p.inStock && p.vendorId === product.vendorId).slice(0, limit);
}
