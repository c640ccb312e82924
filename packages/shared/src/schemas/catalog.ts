import { z } from 'zod';
import { str } from './common.js';
/** Catalogue answers. Prices in answers are naira numbers (kobo / 100); see docs/decisions/0002. */
export interface ProductOptionDto {
  _id: string;
  name: string;
  price: number;
  offerPrice: number | null;
}

export interface ProductDto {
  _id: string;
  name: string;
  category: string;
  image: string[];
  description: string[];
  vendorId: string;
  inStock: boolean;
  options: ProductOptionDto[];
  weight: string | null;
}

export interface OpeningHours {
  /** 0 = Sunday … 6 = Saturday; "HH:MM" in Africa/Lagos, null = closed that day. */
  [day: string]: { open: string; close: string } | null;
}

export interface VendorDto {
  _id: string;
  businessName: string;
  profilePhoto: string;
  kind: 'food' | 'goods';
  address: string;
  latitude: number;
  longitude: number;
  openingHours: OpeningHours;
  isOpen: boolean;
  /** The vendor's own switch (taking orders at all); `isOpen` also needs the hours to say open. */
  acceptingOrders: boolean;
}

export interface CategoryDto {
  text: string;
  path: string;
  image: string;
  bgColor: string;
}

export const PRODUCT_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const naira = z.coerce.number({ message: 'Enter a price in naira' }).finite().min(0, 'Enter a price in naira').max(10_000_000);

/**
 * `GET /api/product/list` query. With no parameters the answer is the spec's: every live product.
 * `q` forgives typos (trigram similarity on product, category and vendor names); prices are
 * naira and compare with the cheapest option's shown price.
 */
export const ProductListQuery = z
  .strictObject({
    q: str().trim().max(100).optional(),
    category: str().trim().regex(/^[a-z0-9-]{1,60}$/, 'Unknown category').optional(),
    minPrice: naira.optional(),
    maxPrice: naira.optional(),
    open: flag.optional(),
    inStock: flag.optional(),
    sort: z.enum(PRODUCT_SORTS, { message: `Sort by one of: ${PRODUCT_SORTS.join(', ')}` }).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'The lowest price must not be above the highest',
    path: ['minPrice'],
  });
export type ProductListQuery = z.output<typeof ProductListQuery>;
