import { z } from 'zod';
import { Email, Id, Password, str } from './common.js';

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

/** The user as the API shows it (SPEC §3). */
export interface PublicUser {
  _id: string;
  name: string;
  email: string;
  isSeller: boolean;
  isRider: boolean;
  /** The most trusted role held (SPEC §3 has one `role`); `roles` lists them all. */
  role: Role;
  roles: Role[];
  chatId: string | null;
  cartItems: CartItems;
  wishList: string[];
}

/** Cart: product id → option id → quantity. */
export type CartItems = Record<string, Record<string, number>>;
