import { z } from 'zod';
import { ROLES } from './auth.js';
import { Id, BatchTagDto, SlotDto, Text, okAnswer, str } from './common.js';
import { DisputeReason, DisputeState } from './disputes.js';
import { VEHICLES } from './rider.js';
import { MediaUrl, VENDOR_KINDS } from './seller.js';

export const ApplicationParams = z.strictObject({ kind: z.enum(['vendor', 'rider']), id: Id });
export type ApplicationParams = z.infer<typeof ApplicationParams>;
export const RejectInput = z.strictObject({
  reason: str().trim().min(3, 'Give a reason (at least 3 characters)').max(500),
});

export const UsersQuery = z.strictObject({
  q: str().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
});
/** Grants or withdraws one role; the others the user holds stay. */
export const RoleChangeInput = z.strictObject({ role: z.enum(ROLES), grant: z.boolean() });

export const AdminOrdersQuery = z.strictObject({
  status: str().trim().max(40).optional(),
  q: str().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** `POST /api/admin/upload?kind=`: what the picture is for. */
export const AdminUploadQuery = z.strictObject({ kind: z.enum(['category', 'banner']) });

export const RefundInput = z.strictObject({
  itemId: Id.optional(),
  reason: str().trim().min(3, 'Give a reason (at least 3 characters)').max(300),
});
export type RefundInput = z.infer<typeof RefundInput>;

export const REFUND_STATES = ['pending', 'processed', 'failed'] as const;
export const RefundState = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof RefundState>;

/**
 * Where a refund came from: the customer cancelled (an order, or the sender a dispatch), a vendor
 * declined items, no vendor confirmed in time, an admin refunded, a dispute was settled with a
 * refund; `other` for a reason worded otherwise. Read from the refund's reason by the server.
 */
export const REFUND_SOURCES = ['cancelled', 'declined', 'unconfirmed', 'admin', 'dispute', 'other'] as const;
export const RefundSource = z.enum(REFUND_SOURCES);
export type RefundSource = z.infer<typeof RefundSource>;

/**
 * `GET /api/admin/refunds`: the filters (`from` and `to` are Lagos days, both included; `q` an
 * order's or dispatch's reference, a payment reference, or the customer's name or email) and
 * the page after the refund `before` (the previous page's `nextCursor`).
 */
export const AdminRefundsQuery = z
  .strictObject({
    state: RefundState.optional(),
    source: RefundSource.optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    q: str().trim().max(100).optional(),
    before: z.uuid({ message: 'Invalid cursor' }).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The end day is before the start day', path: ['to'] });
export type AdminRefundsQuery = z.input<typeof AdminRefundsQuery>;

/** `GET /api/admin/disputes`: the disputes in one state (open ones by default, the queue). */
export const AdminDisputesQuery = z.strictObject({ state: DisputeState.default('open') });
export type AdminDisputesQuery = z.input<typeof AdminDisputesQuery>;

const HexColour = str().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #fef3c7');

export const CategoryInput = z.strictObject({
  path: str()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes')
    .max(40),
  text: Text(60),
  image: MediaUrl,
  bgColor: HexColour,
  position: z.number().int().min(0).max(1000).default(0),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const BannerInput = z.strictObject({
  image: MediaUrl,
  headline: Text(120),
  text: str().trim().max(300).default(''),
  link: str()
    .trim()
    .regex(/^\/[A-Za-z0-9\-_/?=&.]*$/, 'An internal path such as /products/food')
    .refine((l) => !l.includes('//'), 'An internal path such as /products/food')
    .default('/'),
  position: z.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});
export type BannerInput = z.infer<typeof BannerInput>;

export const AdminUserDto = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  createdAt: z.string(),
  /** Verification (decision 0050): the email's code entered, the verified phone (E.164) or null, the student badge. */
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  verifiedStudent: z.boolean(),
});
export type AdminUserDto = z.infer<typeof AdminUserDto>;

export const StatusEventDto = z.object({
  subjectType: z.string(),
  subjectId: z.string(),
  status: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type StatusEventDto = z.infer<typeof StatusEventDto>;

export const BannerDto = z.object({
  _id: z.string(),
  image: z.string(),
  headline: z.string(),
  text: z.string(),
  link: z.string(),
  position: z.number(),
  active: z.boolean(),
});
export type BannerDto = z.infer<typeof BannerDto>;

/** A shop waiting for approval, with the account that applied (null when that account is gone). */
const VendorApplication = z.object({
  _id: z.string(),
  businessName: z.string(),
  kind: z.enum(VENDOR_KINDS),
  phone: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  profilePhoto: z.string(),
  openingHours: z.record(z.string(), z.object({ open: z.string(), close: z.string() }).nullable()),
  applicant: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
});

const RiderApplication = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  dateOfBirth: z.string(),
  vehicle: z.enum(VEHICLES),
  email: z.string(),
  createdAt: z.string(),
});

/** One line of the admin's order list. `status` is the shown order status once paid, else the payment state. */
export const AdminOrderRow = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentState: z.string(),
  amount: z.number(),
  customerName: z.string(),
  customerEmail: z.string(),
  riderName: z.string().nullable(),
  locked: z.boolean(),
  status: z.string(),
  /** The delivery slot of an order for later; null: as soon as possible. */
  slot: SlotDto.nullable().optional(),
  /** Batched by hall (decision 0048). */
  batch: BatchTagDto.optional(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

const AdminPaymentDto = z.object({
  _id: z.string(),
  reference: z.string(),
  state: z.string(),
  amount: z.number(),
  refunded: z.number(),
  provider: z.string(),
});
const AdminRefundDto = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  state: z.string(),
  createdAt: z.string(),
});

export const AdminOrderDetail = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentState: z.string(),
  itemsTotal: z.number(),
  deliveryFee: z.number(),
  serviceFee: z.number(),
  amount: z.number(),
  /** The delivery address as it was at checkout. */
  address: z.record(z.string(), z.unknown()),
  /** The note given at checkout ('' when none). */
  deliveryNote: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  rider: z.object({ _id: z.string(), name: z.string() }).nullable(),
  codeAttempts: z.number(),
  locked: z.boolean(),
  status: z.string(),
  items: z.array(
    z.object({
      _id: z.string(),
      productName: z.string(),
      optionName: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      vendorId: z.string(),
      status: z.string(),
      cancelReason: z.string().nullable(),
    }),
  ),
  history: z.array(StatusEventDto),
  payments: z.array(AdminPaymentDto),
  refunds: z.array(AdminRefundDto),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** The order or dispatch a refund or a dispute is about; `reference` is its id's first eight characters, as the admin pages show it. */
const AdminSubject = z.object({ kind: z.enum(['order', 'dispatch']), _id: z.string(), reference: z.string() });
const AdminPerson = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One refund in the admin's queue (naira). `disputeId` when a dispute's settlement made it. */
export const AdminRefundRow = z.object({
  _id: z.string(),
  amount: z.number(),
  state: RefundState,
  source: RefundSource,
  reason: z.string(),
  subject: AdminSubject,
  /** Who paid: the order's customer, the dispatch's sender (null when the account is gone). */
  customer: AdminPerson.nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  disputeId: z.string().nullable(),
});
export type AdminRefundRow = z.infer<typeof AdminRefundRow>;

const RefundTotal = z.object({ count: z.number().int(), amount: z.number() });
/** How many refunds match the filters and their sum (naira): all of them, and per state. */
export const AdminRefundTotals = z.object({
  all: RefundTotal,
  pending: RefundTotal,
  processed: RefundTotal,
  failed: RefundTotal,
});
export type AdminRefundTotals = z.infer<typeof AdminRefundTotals>;

/** One dispute as the admin's queue shows it (naira): what the customer asked for, and since when. */
export const AdminDisputeRow = z.object({
  _id: z.string(),
  order: AdminSubject,
  customer: AdminPerson.nullable(),
  reason: DisputeReason,
  amount: z.number(),
  note: z.string(),
  state: DisputeState,
  /** What was refunded, once refunded. */
  refund: z.number().nullable(),
  openedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type AdminDisputeRow = z.infer<typeof AdminDisputeRow>;

export const AdminDispatchRow = z.object({
  _id: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentState: z.string(),
  status: z.string(),
  amount: z.number(),
  isExpress: z.boolean(),
  customerName: z.string(),
  riderName: z.string().nullable(),
  locked: z.boolean(),
  pickup: z.string(),
  dropoff: z.string(),
});
export type AdminDispatchRow = z.infer<typeof AdminDispatchRow>;

export const AdminDispatchDetail = AdminDispatchRow.extend({
  history: z.array(StatusEventDto),
  payments: z.array(AdminPaymentDto),
  refunds: z.array(AdminRefundDto),
});
export type AdminDispatchDetail = z.infer<typeof AdminDispatchDetail>;

/** A rider whose average rating is under the threshold (4.0). */
export const LowRatedRider = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  average: z.number(),
  count: z.number(),
});
export type LowRatedRider = z.infer<typeof LowRatedRider>;

export const AdminCategory = z.object({
  path: z.string(),
  text: z.string(),
  image: z.string(),
  bgColor: z.string(),
  position: z.number(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

/** An email written to the outbox (shown outside production only). */
export const OutboxMail = z.object({
  _id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;

/** A text message the sandbox SMS driver kept instead of sending (phone verification codes). */
export const OutboxSms = z.object({
  _id: z.number(),
  to: z.string(),
  text: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxSms = z.infer<typeof OutboxSms>;

// Answers of the admin routes.

export const ApplicationsAnswer = okAnswer({
  vendors: z.array(VendorApplication),
  riders: z.array(RiderApplication),
});
export type ApplicationsAnswer = z.infer<typeof ApplicationsAnswer>;
export const AdminUsersAnswer = okAnswer({ users: z.array(AdminUserDto) });
export type AdminUsersAnswer = z.infer<typeof AdminUsersAnswer>;
/** `GET /api/admin/users/:id`: the account, its role changes (newest first) and its rider rating. */
export const AdminUserDetailAnswer = okAnswer({
  user: AdminUserDto,
  roleHistory: z.array(z.object({ from: z.string(), to: z.string(), by: z.string().nullable(), at: z.string() })),
  rating: z.object({ average: z.number(), count: z.number() }).nullable(),
});
export type AdminUserDetailAnswer = z.infer<typeof AdminUserDetailAnswer>;
export const AdminOrdersAnswer = okAnswer({ orders: z.array(AdminOrderRow) });
export type AdminOrdersAnswer = z.infer<typeof AdminOrdersAnswer>;
export const AdminOrderAnswer = okAnswer({ order: AdminOrderDetail });
export type AdminOrderAnswer = z.infer<typeof AdminOrderAnswer>;
/** `POST /api/admin/orders/:id/refund`: the amount queued, in naira. */
export const AdminRefundAnswer = okAnswer({ amount: z.number(), message: z.string() });
export type AdminRefundAnswer = z.infer<typeof AdminRefundAnswer>;
/** `GET /api/admin/refunds`: a page of refunds, newest first, the totals of every refund the filters match, and the next page's cursor. */
export const AdminRefundsAnswer = okAnswer({
  refunds: z.array(AdminRefundRow),
  totals: AdminRefundTotals,
  nextCursor: z.string().nullable(),
});
export type AdminRefundsAnswer = z.infer<typeof AdminRefundsAnswer>;
/** `GET /api/admin/disputes`: open ones oldest first (the queue), settled ones newest first. */
export const AdminDisputesAnswer = okAnswer({ disputes: z.array(AdminDisputeRow) });
export type AdminDisputesAnswer = z.infer<typeof AdminDisputesAnswer>;
export const AdminDispatchesAnswer = okAnswer({ dispatches: z.array(AdminDispatchRow) });
export type AdminDispatchesAnswer = z.infer<typeof AdminDispatchesAnswer>;
export const AdminDispatchAnswer = okAnswer({ dispatch: AdminDispatchDetail });
export type AdminDispatchAnswer = z.infer<typeof AdminDispatchAnswer>;
export const LowRatedRidersAnswer = okAnswer({ riders: z.array(LowRatedRider) });
export type LowRatedRidersAnswer = z.infer<typeof LowRatedRidersAnswer>;
/** `GET /api/admin/eta-accuracy`: how close the arrival estimates given at pickup came, over the latest delivered jobs. */
export const EtaAccuracyAnswer = okAnswer({
  accuracy: z.object({
    jobs: z.number().int(),
    /** Median of |estimate − actual| pickup-to-door minutes; null before the first delivered job. */
    medianErrorMinutes: z.number().nullable(),
    /** Share (0–1) delivered within 5 minutes either side of the estimate; null before the first. */
    withinFiveMinutes: z.number().nullable(),
  }),
});
export type EtaAccuracyAnswer = z.infer<typeof EtaAccuracyAnswer>;
export const AdminCategoriesAnswer = okAnswer({ categories: z.array(AdminCategory) });
export type AdminCategoriesAnswer = z.infer<typeof AdminCategoriesAnswer>;
/** `GET /api/admin/banners` (every banner) and `GET /api/content/banners` (the active ones). */
export const BannersAnswer = okAnswer({ banners: z.array(BannerDto) });
export type BannersAnswer = z.infer<typeof BannersAnswer>;
export const BannerAnswer = okAnswer({ banner: BannerDto });
export type BannerAnswer = z.infer<typeof BannerAnswer>;
/** `GET /api/admin/outbox` (outside production): the latest mail, and beside it the latest text messages. */
export const OutboxAnswer = okAnswer({ messages: z.array(OutboxMail), sms: z.array(OutboxSms) });
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;
