import { z } from 'zod';
import { Email, Id, Password } from './common.js';

export const LoginInput = z.strictObject({
  email: Email,
  password: z.string().min(1).max(128),
  name: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: Email,
  password: Password,
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const SendResetInput = z.strictObject({ email: Email });
export type SendResetInput = z.infer<typeof SendResetInput>;

export const ResetPasswordInput = z.strictObject({
  id: Id,
  token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/, 'Invalid or expired reset link'),
  newPassword: Password,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const GoogleSignInInput = z.strictObject({ token: z.string().min(10).max(4096) });
export type GoogleSignInInput = z.infer<typeof GoogleSignInInput>;

export const ChangePasswordInput = z.strictObject({
  currentPassword: z.string().min(1).max(128),
  newPassword: Password,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const ROLES = ['customer', 'vendor', 'rider', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The user as the API shows it (SPEC §3). */
export interface PublicUser {
  _id: string;
  name: string;
  email: string;
  isSeller: boolean;
  isRider: boolean;
  role: Role;
  chatId: string | null;
  cartItems: CartItems;
  wishList: string[];
}

/** Cart: product id → option id → quantity. */
export type CartItems = Record<string, Record<string, number>>;
