import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Address, AddressInput } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { addresses } from './addresses.tables.js';

export type AddressRow = typeof addresses.$inferSelect;

export function toAddressDto(a: AddressRow): Address {
  return {
    _id: a.id,
    firstName: a.firstName,
    lastName: a.lastName,
    email: a.email,
    address: a.address,
    city: a.city,
    state: a.state,
    zipcode: a.zipcode,
    country: a.country,
    phone: a.phone,
    latitude: a.latitude,
    longitude: a.longitude,
    placeId: a.placeId,
    placeName: a.placeName,
    block: a.block,
    floor: a.floor,
    room: a.room,
    landmark: a.landmark,
  };
}

export type Fields = Omit<AddressInput, 'latitude' | 'longitude' | 'placeId'> & {
  latitude: number;
  longitude: number;
  placeId: string | null;
  placeName: string | null;
};

export async function listAddresses(ex: Executor, userId: string): Promise<AddressRow[]> {
  return ex
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function countAddresses(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)));
  return Number(row?.n ?? 0);
}

/** The caller's own live address; undefined for anyone else's or a deleted one. */
export async function findOwnAddress(ex: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await ex
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)));
  return row;
}

/** Live addresses by id, whoever owns them: the caller checks the owner (checkouts read many at once). */
export async function findAddresses(ex: Executor, ids: string[]): Promise<AddressRow[]> {
  if (!ids.length) return [];
  return ex
    .select()
    .from(addresses)
    .where(and(inArray(addresses.id, ids), isNull(addresses.deletedAt)));
}

export async function insertAddress(ex: Executor, userId: string, a: Fields): Promise<AddressRow> {
  const [row] = await ex
    .insert(addresses)
    .values({ userId, ...a })
    .returning();
  return row!;
}

export async function updateAddress(
  ex: Executor,
  userId: string,
  id: string,
  a: Fields,
): Promise<AddressRow | undefined> {
  const [row] = await ex
    .update(addresses)
    .set(a)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .returning();
  return row;
}

/** Soft delete: orders keep their snapshot, the address disappears from the book. */
export async function softDeleteAddress(ex: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await ex
    .update(addresses)
    .set({ deletedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}
