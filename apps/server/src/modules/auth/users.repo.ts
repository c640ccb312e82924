import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import { sessions } from '../../infra/db/tables.js';
import type { SessionRow } from '../../infra/sessions.js';
import { cartDays, cartItems, users, wishListItems } from './auth.tables.js';
import { primaryRole, type CartItems, type Language, type PublicUser } from '@jara/shared';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

/** Sets the account's language; answers it as stored (undefined when the account is gone). */
export async function setLanguage(ex: Executor, id: string, language: Language): Promise<Language | undefined> {
  const [row] = await ex
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ language: users.language });
  return row?.language;
}

/** The language of the account with this id or this email (what its emails and pushes are written in). */
export async function languageOf(ex: Executor, by: { id: string } | { email: string }): Promise<Language | undefined> {
  const [row] = await ex
    .select({ language: users.language })
    .from(users)
    .where('id' in by ? eq(users.id, by.id) : eq(users.email, by.email));
  return row?.language;
}

/** Points the account at its support conversation. */
export async function setChatId(ex: Executor, userId: string, chatId: string): Promise<void> {
  await ex.update(users).set({ chatId }).where(eq(users.id, userId));
}

/** Sessions by the hash of their token, each with its account, in one statement. */
export async function sessionsWithUsers(ex: Executor, idHashes: readonly string[]): Promise<SessionRow[]> {
  return ex
    .select({
      idHash: sessions.idHash,
      id: users.id,
      name: users.name,
      email: users.email,
      roles: users.roles,
      chatId: users.chatId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.idHash, [...new Set(idHashes)]));
}

/** Email and password hash of the accounts with these emails. */
export async function passwordHashesOf(
  ex: Executor,
  emails: readonly string[],
): Promise<Pick<UserRow, 'email' | 'passwordHash'>[]> {
  if (!emails.length) return [];
  return ex
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, [...emails]));
}

/** Removes the password of the account with this email; answers its id (undefined when there is none). */
export async function clearPassword(ex: Executor, email: string): Promise<string | undefined> {
  const [row] = await ex
    .update(users)
    .set({ passwordHash: null, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return row?.id;
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

/** Replaces the cart with the given lines (already checked against the catalogue). */
export async function replaceCart(
  ex: Executor,
  userId: string,
  lines: { productId: string; optionId: string; quantity: number }[],
): Promise<void> {
  await ex.delete(cartItems).where(eq(cartItems.userId, userId));
  if (lines.length) await ex.insert(cartItems).values(lines.map((l) => ({ ...l, userId })));
}

/** Notes that the user synced a cart with something in it on this Lagos day (the dashboards' funnel). */
export async function markCartDay(ex: Executor, userId: string, day: string): Promise<void> {
  await ex.insert(cartDays).values({ userId, day }).onConflictDoNothing();
}

/** Replaces the wish list with the given products, in this order (already checked against the catalogue). */
export async function replaceWishList(ex: Executor, userId: string, productIds: string[]): Promise<void> {
  await ex.delete(wishListItems).where(eq(wishListItems.userId, userId));
  const base = Date.now();
  const rows = productIds.map((productId, i) => ({ userId, productId, createdAt: new Date(base + i) }));
  if (rows.length) await ex.insert(wishListItems).values(rows);
}

/** What PublicUser is made of. */
export type PublicUserRow = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'roles'
  | 'chatId'
  | 'language'
  | 'emailVerifiedAt'
  | 'phone'
  | 'phoneVerifiedAt'
  | 'verifiedStudent'
>;

export async function toPublicUser(ex: Executor, u: PublicUserRow): Promise<PublicUser> {
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
    language: u.language,
    emailVerified: u.emailVerifiedAt !== null,
    phone: u.phoneVerifiedAt ? u.phone : null,
    phoneVerified: u.phoneVerifiedAt !== null,
    verifiedStudent: u.verifiedStudent && u.emailVerifiedAt !== null,
  };
}
