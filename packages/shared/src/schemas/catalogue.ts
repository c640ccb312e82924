import { z } from 'zod';
import { Email, okAnswer, str } from './common.js';
import { ProductDto } from './product.js';
import { VENDOR_KINDS } from './seller.js';
/** Catalogue answers. Prices in answers are naira numbers (kobo / 100); see docs/decisions/0002. */
export { ProductDto, ProductOptionDto } from './product.js';

/** 0 = Sunday … 6 = Saturday; "HH:MM" in Africa/Lagos, null = closed that day. */
const OpeningHours = z.record(z.string(), z.object({ open: z.string(), close: z.string() }).nullable());

export const VendorDto = z.object({
  _id: z.string(),
  businessName: z.string(),
  profilePhoto: z.string(),
  kind: z.enum(VENDOR_KINDS),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  openingHours: OpeningHours,
  isOpen: z.boolean().describe('Taking orders now: the switch is on and the hours say open'),
  /** The vendor's own switch (taking orders at all); `isOpen` also needs the hours to say open. */
  acceptingOrders: z.boolean().describe("The vendor's own open/closed switch"),
});
export type VendorDto = z.infer<typeof VendorDto>;

export const CategoryDto = z.object({
  text: z.string(),
  path: z.string(),
  image: z.string(),
  bgColor: z.string(),
});
export type CategoryDto = z.infer<typeof CategoryDto>;

/** A home page banner as the public sees it. */
export const HomeBanner = z.object({ image: z.string(), headline: z.string(), text: z.string(), link: z.string() });
export type HomeBanner = z.infer<typeof HomeBanner>;

/** `GET /api/product/list` */
export const ProductListAnswer = okAnswer({ products: z.array(ProductDto) });
export type ProductListAnswer = z.infer<typeof ProductListAnswer>;
/** `GET /api/category/list` */
export const CategoryListAnswer = okAnswer({ categories: z.array(CategoryDto) });
export type CategoryListAnswer = z.infer<typeof CategoryListAnswer>;
/** `GET /api/seller/list` */
export const VendorListAnswer = okAnswer({ vendors: z.array(VendorDto) });
export type VendorListAnswer = z.infer<typeof VendorListAnswer>;
/** `GET /api/seller/vendor/:vendorId` */
export const VendorAnswer = okAnswer({ vendor: VendorDto });
export type VendorAnswer = z.infer<typeof VendorAnswer>;
/** `GET /api/content/home`: the banners (the defaults until an admin adds some) and the slides. */
export const HomeContentAnswer = okAnswer({ banners: z.array(HomeBanner), slides: z.array(z.string()) });
export type HomeContentAnswer = z.infer<typeof HomeContentAnswer>;

export const PRODUCT_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'popular'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const naira = z.coerce
  .number({ message: 'Enter a price in naira' })
  .finite()
  .min(0, 'Enter a price in naira')
  .max(10_000_000);

/**
 * `GET /api/product/list` query. With no parameters the answer is the spec's: every live product.
 * `q` forgives typos (trigram similarity on product, category and vendor names); prices are
 * naira and compare with the cheapest option's shown price.
 */
export const ProductListQuery = z
  .strictObject({
    q: str().trim().max(100).optional(),
    category: str()
      .trim()
      .regex(/^[a-z0-9-]{1,60}$/, 'Unknown category')
      .optional(),
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

/** `POST /api/newsletter/subscribe`. */
export const NewsletterInput = z.strictObject({ email: Email });
export type NewsletterInput = z.infer<typeof NewsletterInput>;
