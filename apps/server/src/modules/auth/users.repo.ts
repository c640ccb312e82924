import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { cartItems, users, wishListItems } from './auth.tables.js';
import { productOptions, products } from '../catalogue/catalogue.tables.js';
import { primaryRole, type CartItems, type PublicUser } from '@jara/shared';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export async function loadCart(ex: Executor, userId: string): Promise<CartItems> {
  const rows = await ex.select().from(cartItems).where(eq(cartItems.userId, userId));
  const cart: CartItems = {};
  for (const r of rows) (cart[r.productId] ??= {})[r.optionId] = r.quantity;
  return cart;
}

export async function loadWishList(ex: Executor, userId: string): Promise<string[]> {
  const rows = await ex
    .select({ productId: wishListItems.productId })
    .from(wishListItems)
    .where(eq(wishListItems.userId, userId))
    .orderBy(wishListItems.createdAt);
  return rows.map((r) => r.productId);
}

/** Replaces the cart with the given one, keeping only options that belong to live products. */
export async function replaceCart(ex: Executor, userId: string, cart: CartItems): Promise<void> {
  const wanted = Object.entries(cart).flatMap(([productId, opts]) =>
    Object.entries(opts).map(([optionId, quantity]) => ({ productId, optionId, quantity })),
  );
  const optionIds = wanted.map((w) => w.optionId);
  const valid = optionIds.length
    ? await ex
        .select({ optionId: productOptions.id, productId: productOptions.productId })
        .from(productOptions)
        .innerJoin(products, eq(products.id, productOptions.productId))
        .where(and(inArray(productOptions.id, optionIds)))
    : [];
  const ok = new Set(valid.map((v) => `${v.productId}/${v.optionId}`));
  await ex.delete(cartItems).where(eq(cartItems.userId, userId));
  const rows = wanted.filter((w) => ok.has(`${w.productId}/${w.optionId}`)).map((w) => ({ ...w, userId }));
  if (rows.length) await ex.insert(cartItems).values(rows);
}

export async function replaceWishList(ex: Executor, userId: string, productIds: string[]): Promise<void> {
  const valid = productIds.length
    ? await ex.select({ id: products.id }).from(products).where(inArray(products.id, productIds))
    : [];
  const ok = new Set(valid.map((v) => v.id));
  await ex.delete(wishListItems).where(eq(wishListItems.userId, userId));
  const base = Date.now();
  const rows = productIds
    .filter((id) => ok.has(id))
    .map((productId, i) => ({ userId, productId, createdAt: new Date(base + i) }));
  if (rows.length) await ex.insert(wishListItems).values(rows);
}

export async function toPublicUser(
  ex: Executor,
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'roles' | 'chatId'>,
): Promise<PublicUser> {
  const [cart, wish] = await Promise.all([loadCart(ex, u.id), loadWishList(ex, u.id)]);
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    isSeller: u.roles.includes('vendor'),
    isRider: u.roles.includes('rider'),
    role: primaryRole(u.roles),
    roles: u.roles,
    chatId: u.chatId,
    cartItems: cart,
    wishList: wish,
  };
}
