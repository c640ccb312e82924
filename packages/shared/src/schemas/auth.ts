import { z } from 'zod';
import { Language } from '../language.js';
import { MSG } from '../messages.js';
import { normalizeNigerianPhone } from '../validation.js';
import { Email, Id, okAnswer, Password, str } from './common.js';

export const LoginInput = z.strictObject({
  email: Email,
  password: str().min(1).max(128),
  name: str().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z.strictObject({
  name: str().trim().min(1, 'Name is required').max(100),
  email: Email,
  password: Password,
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const SendResetInput = z.strictObject({ email: Email });
export type SendResetInput = z.infer<typeof SendResetInput>;

export const ResetPasswordInput = z.strictObject({
  id: Id,
  token: str().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Invalid or expired reset link'),
  newPassword: Password,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const GoogleSignInInput = z.strictObject({ token: str().min(10).max(4096) });
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>;

export const ChangePasswordInput = z.strictObject({
  currentPassword: str().min(1).max(128),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/**
 * A Nigerian mobile number as people type it (`0803 123 4567`, `+2348031234567`, `8031234567`),
 * answered in E.164 (`+2348031234567`): the one form the server stores and compares.
 */
const NigerianPhone = str()
  .trim()
  .max(32, MSG.invalidPhone)
  .transform((value, ctx) => {
    const e164 = normalizeNigerianPhone(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: MSG.invalidPhone });
    return e164 ?? value;
  });

/** `POST /api/user/phone`: the number to verify; a code is texted to it. */
export const PhoneInput = z.strictObject({ phone: NigerianPhone });
export type PhoneInput = z.infer<typeof PhoneInput>;

/** `POST /api/user/verify-email`, `/verify-phone`: the 6-digit code sent. */
export const VerificationCodeInput = z.strictObject({
  code: str()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent you.'),
});
export type VerificationCodeInput = z.infer<typeof VerificationCodeInput>;

export const ROLES = ['customer', 'vendor', 'rider', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Roles are capabilities: one account may be customer, vendor and rider at once. Every check
 * asks whether the user holds a role, never what their single role is.
 */
export function hasRole(user: { roles: readonly Role[] } | null | undefined, ...roles: Role[]): boolean {
  return !!user && roles.some((r) => user.roles.includes(r));
}

/** The one role shown where a single word is wanted (the spec's `role`): the most trusted held. */
export function primaryRole(roles: readonly Role[]): Role {
  return [...ROLES].reverse().find((r) => roles.includes(r)) ?? 'customer';
}

/** Cart: product id → option id → quantity. */
export const CartItems = z.record(z.string(), z.record(z.string(), z.number().int()));
export type CartItems = z.infer<typeof CartItems>;

/** The user as the API shows it (SPEC §3). */
export const PublicUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isSeller: z.boolean(),
  isRider: z.boolean(),
  /** The most trusted role held (SPEC §3 has one `role`); `roles` lists them all. */
  role: z.enum(ROLES),
  roles: z.array(z.enum(ROLES)),
  chatId: z.string().nullable(),
  cartItems: CartItems,
  wishList: z.array(z.string()),
  /** The account's language: emails and pushes are written in it (set at sign-up from the page's). */
  language: Language,
  /** The email's code was entered (or Google vouched for the address); decision 0050. */
  emailVerified: z.boolean(),
  /** The verified phone (E.164), or null: a number being verified is not shown until its code is entered. */
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** A verified email on one of STUDENT_EMAIL_DOMAINS: the "Verified student" badge. */
  verifiedStudent: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/** `POST /api/user/register`, `/login`, `/google-signin`: the signed-in user (the session is in the cookie). */
export const UserAnswer = okAnswer({ user: PublicUser, message: z.string() });
export type UserAnswer = z.infer<typeof UserAnswer>;

/** `GET /api/user/is-auth`: the signed-in user, or `success: false` (status 200) for a guest. */
export const IsAuthAnswer = z.discriminatedUnion('success', [
  okAnswer({ user: PublicUser, role: z.enum(ROLES) }),
  z.object({ success: z.literal(false), user: z.null(), role: z.null(), message: z.string() }),
]);
export type IsAuthAnswer = z.infer<typeof IsAuthAnswer>;

/**
 * `POST /api/user/verify-email`, `/verify-email/resend`, `/phone`, `/verify-phone`: what the
 * server says (code sent, verified) and the account's verification as it is now.
 */
export const VerificationAnswer = okAnswer({
  message: z.string(),
  user: PublicUser,
  /** When a code was sent: the address or number it went to (a number shown as typed, in E.164). */
  sentTo: z.string().optional(),
});
export type VerificationAnswer = z.infer<typeof VerificationAnswer>;

/** `PUT /api/user/language` (body: LanguageInput, language.ts): the language as stored. */
export const LanguageAnswer = okAnswer({ message: z.string(), language: Language });
export type LanguageAnswer = z.infer<typeof LanguageAnswer>;

/** `POST /api/user/wishListUpdate`: the wish list as stored (unknown products dropped). */
export const WishListAnswer = okAnswer({ message: z.string(), wishList: z.array(z.string()) });
export type WishListAnswer = z.infer<typeof WishListAnswer>;

/** `POST /api/cart/update`: the cart as stored (options of removed products dropped). */
export const CartAnswer = okAnswer({ message: z.string(), cartItems: CartItems });
export type CartAnswer = z.infer<typeof CartAnswer>;

/** `GET /api/config`: what the browser may know of the server's configuration. */
export const PublicConfig = okAnswer({
  googleClientId: z.string().nullable(),
  campusName: z.string(),
  serviceArea: z.object({
    centre: z.object({ latitude: z.number(), longitude: z.number() }),
    radiusKm: z.number(),
  }),
  /** Checkout's delivery hours, Lagos time ("08:00"–"21:00"). */
  deliveryHours: z.object({ open: z.string(), close: z.string() }),
  /** One trip's cheapest and dearest fee in the configured table, naira (a price before an address). */
  deliveryFeeRange: z.object({ min: z.number(), max: z.number() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
