import { z } from 'zod';

/**
 * The spec's Product (SPEC §3), on its own so that every answer carrying a product (the
 * catalogue, order lines, a vendor's orders) can use the one shape without an import cycle.
 * Prices are naira numbers (kobo / 100); see docs/decisions/0002.
 */
export const ProductOptionDto = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().describe('Naira'),
  offerPrice: z.number().nullable().describe('Naira; the price shown when lower than `price`'),
});
export type ProductOptionDto = z.infer<typeof ProductOptionDto>;

export const ProductDto = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string().describe("The category's path"),
  image: z.array(z.string()),
  description: z.array(z.string()),
  vendorId: z.string(),
  inStock: z.boolean(),
  weight: z.string().nullable(),
  options: z.array(ProductOptionDto),
});
export type ProductDto = z.infer<typeof ProductDto>;
