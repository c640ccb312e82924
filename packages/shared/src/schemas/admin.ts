import { z } from 'zod';
import { ROLES } from './auth.js';
import { Id, Text, str } from './common.js';
import { MediaUrl } from './seller.js';

export const ApplicationParams = z.strictObject({ kind: z.enum(['vendor', 'rider']), id: Id });
export const RejectInput = z.strictObject({ reason: str().trim().min(3, 'Give a reason (at least 3 characters)').max(500) });

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

export const RefundInput = z.strictObject({
  itemId: Id.optional(),
  reason: str().trim().min(3, 'Give a reason (at least 3 characters)').max(300),
});
export type RefundInput = z.infer<typeof RefundInput>;

const HexColour = str().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #fef3c7');

export const CategoryInput = z.strictObject({
  path: str().trim().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, digits and dashes').max(40),
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
  link: str().trim().regex(/^\/[A-Za-z0-9\-_/?=&.]*$/, 'An internal path such as /products/food').refine((l) => !l.includes('//'), 'An internal path such as /products/food').default('/'),
  position: z.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});
export type BannerInput = z.infer<typeof BannerInput>;

export interface AdminUserDto {
  _id: string;
  name: string;
  email: string;
  role: (typeof ROLES)[number];
  roles: (typeof ROLES)[number][];
  createdAt: string;
}

export interface StatusEventDto {
  subjectType: string;
  subjectId: string;
  status: string;
  actorName: string | null;
  note: string | null;
  createdAt: string;
}

export interface BannerDto {
  _id: string;
  image: string;
  headline: string;
  text: string;
  link: string;
  position: number;
  active: boolean;
}
