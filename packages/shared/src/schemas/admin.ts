import { z } from 'zod';
import { ROLES } from './auth.js';
import { Id, Text, okAnswer, str } from './common.js';
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
export const OutboxAnswer = okAnswer({ messages: z.array(OutboxMail) });
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;
