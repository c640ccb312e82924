import { z } from 'zod';
import { ProductDto } from './product.js';
import { DELIVERY_KINDS, DoorDto } from './rider.js';
import { AppliedDiscountDto } from './order.js';
import { Id, Phone, BatchTagDto, SlotDto, Text, okAnswer, str } from './common.js';

export const VENDOR_KINDS = ['food', 'goods'] as const;
export type VendorKind = (typeof VENDOR_KINDS)[number];
const VENDOR_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const MAX_PRODUCT_IMAGES = 4;
const MAX_PRODUCT_OPTIONS = 10;
export const DEFAULT_OPTION_NAME = 'Default Option';
/**
 * An option's name as a shopper reads it: none for a product's lone default option, which the
 * data keeps (SPEC §3) but which offers no choice to name.
 */
export function shownOptionName(name: string): string | null {
  return name === DEFAULT_OPTION_NAME ? null : name;
}

const HHMM = str().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 08:00');
const DayHours = z.strictObject({ open: HHMM, close: HHMM }).nullable();

/** Opening hours for each weekday ('0' = Sunday); null = closed that day. */
export const OpeningHoursInput = z
  .strictObject({
    '0': DayHours,
    '1': DayHours,
    '2': DayHours,
    '3': DayHours,
    '4': DayHours,
    '5': DayHours,
    '6': DayHours,
  })
  .refine((h) => Object.values(h).every((d) => d === null || d.open !== d.close), {
    message: 'Opening and closing times must differ',
  });
export type OpeningHoursInput = z.infer<typeof OpeningHoursInput>;

/** A public media URL made by one of our upload routes. */
export const MediaUrl = str()
  .regex(/^\/media\/[a-z0-9/_.-]{1,200}\.webp$/i, 'Upload the image again')
  .refine((u) => !u.includes('..'), 'Upload the image again');

/**
 * `GET /media/<key>`: the image's bytes (image/webp or image/avif), streamed from storage, never
 * serialised; the schemas document the answers.
 */
export const MediaImageAnswer = z
  .any()
  .describe('The image bytes: WebP, or AVIF with ?f=avif; ?w=200|400|800 for a narrower copy.');
/** `GET /media/<key>` when If-None-Match names the copy's ETag: no body. */
export const NotModifiedAnswer = z.undefined().describe('Not Modified: the copy named by If-None-Match is current.');

/** The vendor application (and later profile edits). The location is a gazetteer place id. */
export const VendorApplicationInput = z.strictObject({
  businessName: Text(80),
  kind: z.enum(VENDOR_KINDS),
  phone: Phone,
  placeId: str().trim().min(1, 'Please select a valid address from suggestions.').max(120),
  openingHours: OpeningHoursInput,
  profilePhoto: MediaUrl,
});
export type VendorApplicationInput = z.infer<typeof VendorApplicationInput>;

export const OpenSwitchInput = z.strictObject({ isOpen: z.boolean() });

/** How long a shop takes to prepare an order, in whole minutes: part of the arrival estimate. */
export const PREPARATION_MINUTES = { min: 5, max: 120, default: 15 } as const;
const PREPARATION_MESSAGE = `Enter the preparation time in whole minutes, from ${PREPARATION_MINUTES.min} to ${PREPARATION_MINUTES.max}`;

/** How many orders for later a shop takes per delivery slot (decision 0047). */
export const SLOT_CAPACITY = { min: 1, max: 100, default: 10 } as const;
const SLOT_CAPACITY_MESSAGE = `Enter how many orders you can take per delivery slot, from ${SLOT_CAPACITY.min} to ${SLOT_CAPACITY.max}`;

/** `POST /api/seller/preparation`: the shop's preparation time, and its orders per delivery slot. */
export const PreparationTimeInput = z.strictObject({
  preparationMinutes: z
    .number({ message: PREPARATION_MESSAGE })
    .int(PREPARATION_MESSAGE)
    .min(PREPARATION_MINUTES.min, PREPARATION_MESSAGE)
    .max(PREPARATION_MINUTES.max, PREPARATION_MESSAGE),
  slotCapacity: z
    .number({ message: SLOT_CAPACITY_MESSAGE })
    .int(SLOT_CAPACITY_MESSAGE)
    .min(SLOT_CAPACITY.min, SLOT_CAPACITY_MESSAGE)
    .max(SLOT_CAPACITY.max, SLOT_CAPACITY_MESSAGE)
    .optional(),
});
export type PreparationTimeInput = z.infer<typeof PreparationTimeInput>;

/** Naira with at most two decimals, converted to kobo by the server. */
const NairaAmount = z
  .number({ message: 'Enter a price' })
  .positive('Enter a price above ₦0')
  .max(10_000_000, 'That price is too high')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most two decimals (kobo)');

const ProductOptionInput = z
  .strictObject({
    id: Id.optional(),
    name: str().trim().max(60).default(''),
    price: NairaAmount,
    offerPrice: NairaAmount.nullable().optional(),
  })
  .refine((o) => o.offerPrice == null || o.offerPrice < o.price, {
    message: 'The offer price must be lower than the price',
    path: ['offerPrice'],
  });

export const ProductInput = z
  .strictObject({
    name: Text(120),
    category: str().trim().min(1, 'Choose a category').max(60),
    images: z
      .array(MediaUrl)
      .min(1, 'Add at least one image')
      .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images`),
    description: z.array(str().trim().min(1).max(300)).max(12, 'At most 12 description lines').default([]),
    weight: str().trim().max(40).nullable().optional(),
    inStock: z.boolean().default(true),
    options: z.array(ProductOptionInput).min(1, 'Add at least one option').max(MAX_PRODUCT_OPTIONS),
  })
  .superRefine((p, ctx) => {
    if (p.options.length > 1) {
      p.options.forEach((o, i) => {
        if (!o.name) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: 'Name every option' });
      });
      const names = p.options.map((o) => o.name.toLowerCase());
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option names must differ' });
    }
  });
export type ProductInput = z.infer<typeof ProductInput>;

export const StockInput = z.strictObject({ inStock: z.boolean() });
export const ProductSearchQuery = z.strictObject({ q: str().trim().max(100).optional() });

export const SellerOrdersQuery = z.strictObject({ scope: z.enum(['active', 'today', 'past']).default('active') });
export type SellerOrdersQuery = z.infer<typeof SellerOrdersQuery>;
/** `POST /api/seller/upload?kind=`: what the picture is for. */
export const SellerUploadQuery = z.strictObject({ kind: z.enum(['profile', 'product']) });
export const ItemsActionInput = z.strictObject({ itemIds: z.array(Id).min(1).max(100).optional() });
export const DeclineInput = z.strictObject({
  reason: str().trim().min(3, 'Give a reason (at least 3 characters)').max(300),
  itemIds: z.array(Id).min(1).max(100).optional(),
});
export type DeclineInput = z.infer<typeof DeclineInput>;

const PAYOUT_STATES = ['scheduled', 'processing', 'paid', 'failed'] as const;

/** Banks offered for payouts (Paystack NGN bank codes). */
export const NIGERIAN_BANKS = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '030', name: 'Heritage Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '50211', name: 'Kuda Bank' },
  { code: '50515', name: 'Moniepoint MFB' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '076', name: 'Polaris Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
] as const;

/** Where a payout goes: paid by bank transfer the next working day. */
export const PayoutInput = z.strictObject({
  accountName: Text(100),
  accountNumber: str()
    .trim()
    .regex(/^\d{10}$/, 'Enter the 10-digit account number (NUBAN)'),
  bankCode: str().refine((c) => NIGERIAN_BANKS.some((b) => b.code === c), 'Choose your bank'),
});
export type PayoutInput = z.infer<typeof PayoutInput>;

/** A day's hours as stored and answered: "HH:MM" in Africa/Lagos, null = closed that day. */
const OpeningHoursDto = z.record(z.string(), z.object({ open: z.string(), close: z.string() }).nullable());

/** The vendor as its owner sees it. */
export const SellerProfileDto = z.object({
  _id: z.string(),
  businessName: z.string(),
  kind: z.enum(VENDOR_KINDS),
  phone: z.string(),
  address: z.string(),
  placeId: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  profilePhoto: z.string(),
  openingHours: OpeningHoursDto,
  isOpen: z.boolean(),
  openNow: z.boolean(),
  preparationMinutes: z.number().int(),
  /** Orders for later taken per delivery slot. */
  slotCapacity: z.number().int().optional(),
  status: z.enum(VENDOR_STATUSES),
  rejectionReason: z.string().nullable(),
});
export type SellerProfileDto = z.infer<typeof SellerProfileDto>;

/** The spec's Product (SPEC §3) as its vendor sees it, with when it was last changed. */
export const SellerProductDto = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  image: z.array(z.string()),
  vendorId: z.string(),
  description: z.array(z.string()),
  weight: z.string().nullable(),
  inStock: z.boolean(),
  options: z.array(
    z.object({ _id: z.string(), name: z.string(), price: z.number(), offerPrice: z.number().nullable() }),
  ),
  updatedAt: z.string(),
});
export type SellerProductDto = z.infer<typeof SellerProductDto>;

const SellerOrderItemDto = z.object({
  _id: z.string(),
  productName: z.string(),
  /** The spec's Product, as on the customer's order line: the picture shown at checkout first. */
  product: ProductDto,
  optionName: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  status: z.string(),
  cancelReason: z.string().nullable(),
});

export const SellerOrderDto = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customerName: z.string(),
  /** Only while the order is active (not delivered or cancelled). */
  customerPhone: z.string().nullable(),
  dropoff: z.string(),
  /** Block, floor, room and landmark of the drop-off, when given. */
  door: DoorDto.nullable(),
  /** Where the door is (the address's pin), for the card's map: only while the order is active. */
  doorPoint: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  deliveryNote: z.string(),
  items: z.array(SellerOrderItemDto),
  itemsTotal: z.number(),
  status: z.string(),
  active: z.boolean(),
  /** When this shop said its part is ready for pickup (a timeline event); null before. */
  readyAt: z.string().nullable(),
  /**
   * An order for later: its slot, when to start preparing it, and whether that is still to come
   * (upcoming); null: as soon as possible.
   */
  slot: SlotDto.extend({ prepareAt: z.string(), upcoming: z.boolean() }).nullable().optional(),
  /** Batched by hall (decision 0048). */
  batch: BatchTagDto.optional(),
  /**
   * Promotions on this shop's part of the order (decision 0051), `amount` being what fell on its
   * lines: one the shop funds comes off its earnings, one the platform funds does not.
   */
  discounts: z.array(AppliedDiscountDto).optional(),
});
export type SellerOrderDto = z.infer<typeof SellerOrderDto>;

export const PayoutDto = z.object({
  _id: z.string(),
  amount: z.number(),
  state: z.enum(PAYOUT_STATES),
  /** e.g. "GTBank ••••6789" */
  account: z.string().nullable(),
  failureReason: z.string().nullable(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutDto = z.infer<typeof PayoutDto>;

/** What an earning entry is for: a shop's delivered items, or a rider's delivery of an order or a dispatch. */
export const EarningWhat = z.union([
  z.object({ kind: z.literal('items'), count: z.number().int() }),
  z.object({ kind: z.enum(DELIVERY_KINDS) }),
]);
export type EarningWhat = z.infer<typeof EarningWhat>;

export const EarningsDto = z.object({
  /** Percent kept by the platform (vendors) or the rider's share of the delivery fee (riders). */
  percent: z.number(),
  /** Everything delivered (net), whether paid out or not. */
  totalEarned: z.number(),
  paidOut: z.number(),
  scheduled: z.number(),
  /** Released (out of the dispute window) and neither paid nor scheduled: what a payout takes. */
  available: z.number(),
  /** Paid for by the customer, not yet delivered with the code. */
  held: z.number(),
  /** Delivered, still inside the dispute window: available once it ends. */
  inWindow: z.number(),
  /** DISPUTE_WINDOW_MINUTES. */
  disputeWindowMinutes: z.number().int(),
  byWeek: z.array(z.object({ weekStart: z.string(), gross: z.number(), net: z.number(), count: z.number().int() })),
  entries: z.array(
    z.object({
      _id: z.string(),
      date: z.string(),
      gross: z.number(),
      net: z.number(),
      /** What earned it, for the screen to say in the reader's language: a shop's items, or a rider's delivery. */
      what: EarningWhat,
      /** When the dispute window ends and the money can be paid out. */
      releasesAt: z.string(),
      released: z.boolean(),
      /** A dispute is open on the order: not released until it is settled. */
      disputed: z.boolean(),
      /** Refunded to the customer out of this share after a dispute (naira; 0 when none). */
      borne: z.number(),
      /** What the shop's own promotions took off `gross` (naira; the commission is on the rest). */
      discount: z.number().optional(),
    }),
  ),
  payouts: z.array(PayoutDto),
  /** The bank account of the last payout, to prefill the form (number masked). */
  lastAccount: z.object({ accountName: z.string(), bankCode: z.string(), accountNumberLast4: z.string() }).nullable(),
});
export type EarningsDto = z.infer<typeof EarningsDto>;

// Answers of the seller routes (and the payout answers the rider's routes share).

/** `GET /api/seller/me`: the caller's shop, or null before applying. */
export const SellerMeAnswer = okAnswer({ vendor: SellerProfileDto.nullable() });
export type SellerMeAnswer = z.infer<typeof SellerMeAnswer>;
/** `POST /api/seller/apply` */
export const SellerApplyAnswer = okAnswer({ vendor: SellerProfileDto, message: z.string() });
export type SellerApplyAnswer = z.infer<typeof SellerApplyAnswer>;
/** `POST /api/seller/open` and `POST /api/seller/preparation`: the shop as it is now. */
export const SellerOpenAnswer = okAnswer({ vendor: SellerProfileDto });
export type SellerOpenAnswer = z.infer<typeof SellerOpenAnswer>;
/** An image upload (seller and admin): the public URL of the re-encoded image. */
export const ImageUploadAnswer = okAnswer({ url: z.string() });
export type ImageUploadAnswer = z.infer<typeof ImageUploadAnswer>;
/** `GET /api/seller/products` */
export const SellerProductsAnswer = okAnswer({ products: z.array(SellerProductDto) });
export type SellerProductsAnswer = z.infer<typeof SellerProductsAnswer>;
/** `POST /api/seller/products/:id/stock` */
export const SellerProductAnswer = okAnswer({ product: SellerProductDto });
export type SellerProductAnswer = z.infer<typeof SellerProductAnswer>;
/** `POST /api/seller/products` and `/api/seller/products/:id` */
export const SellerProductSavedAnswer = okAnswer({ product: SellerProductDto, message: z.string() });
export type SellerProductSavedAnswer = z.infer<typeof SellerProductSavedAnswer>;
/** `GET /api/seller/orders` */
export const SellerOrdersAnswer = okAnswer({ orders: z.array(SellerOrderDto) });
export type SellerOrdersAnswer = z.infer<typeof SellerOrdersAnswer>;
/** `GET /api/seller/earnings` (and the rider's earnings) */
export const EarningsAnswer = okAnswer({ earnings: EarningsDto });
export type EarningsAnswer = z.infer<typeof EarningsAnswer>;
/** `POST /api/seller/payouts` (and the rider's payout request) */
export const PayoutAnswer = okAnswer({ payout: PayoutDto, message: z.string() });
export type PayoutAnswer = z.infer<typeof PayoutAnswer>;
