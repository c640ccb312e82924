import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client.js';
import type { PaymentState } from '../payments/index.js';
import { dispatches } from './dispatch.tables.js';

export type DispatchRow = typeof dispatches.$inferSelect;

/**
 * A person and place as snapshotted on the dispatch (pick-up from the saved address, drop-off from the form).
 * A type alias, not an interface: only an alias is assignable to the jsonb column's Record<string, unknown>.
 */
export type PlaceSnapshot = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  latitude: number;
  longitude: number;
  city?: string;
  state?: string;
  /** Door details of a saved pick-up address (decision 0012). */
  placeName?: string | null;
  block?: string;
  floor?: string;
  room?: string;
  landmark?: string;
};

export async function insertDispatch(
  ex: Executor,
  values: {
    userId: string;
    pickupAddressId: string;
    pickup: PlaceSnapshot;
    dropoff: PlaceSnapshot;
    deliveryNote: string;
    isExpress: boolean;
    deliveryFeeKobo: number;
    serviceFeeKobo: number;
    amountKobo: number;
  },
): Promise<DispatchRow> {
  const [row] = await ex
    .insert(dispatches)
    .values({
      ...values,
      paymentState: 'awaiting',
      status: 'Order Placed',
    })
    .returning();
  return row!;
}

export async function findDispatch(ex: Executor, id: string): Promise<DispatchRow | undefined> {
  const [row] = await ex.select().from(dispatches).where(eq(dispatches.id, id));
  return row;
}

/** The sender's paid dispatches, newest first (awaiting, failed and abandoned ones are not shown). */
export async function listPaidForUser(ex: Executor, userId: string, limit = 200): Promise<DispatchRow[]> {
  return ex
    .select()
    .from(dispatches)
    .where(and(eq(dispatches.userId, userId), eq(dispatches.paymentState, 'paid')))
    .orderBy(desc(dispatches.createdAt), desc(dispatches.id))
    .limit(limit);
}

/** awaiting → paid, once: the second caller gets undefined. */
export async function markPaid(ex: Executor, id: string, code: string): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ paymentState: 'paid', status: 'Order Placed', paidAt: new Date(), deliveryCode: code })
    // failed/abandoned too: the provider confirmed a charge after it was reported failed.
    .where(and(eq(dispatches.id, id), inArray(dispatches.paymentState, ['awaiting', 'failed', 'abandoned'])))
    .returning();
  return row;
}

export async function markUnpaid(
  ex: Executor,
  id: string,
  state: Extract<PaymentState, 'failed' | 'abandoned'>,
): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ paymentState: state })
    .where(and(eq(dispatches.id, id), eq(dispatches.paymentState, 'awaiting')))
    .returning();
  return row;
}

/**
 * Order Placed → Order Cancelled, only while no rider holds it and within the window. One
 * conditional UPDATE, so it cannot interleave with a rider's accept.
 */
export async function cancelIfAllowed(
  ex: Executor,
  id: string,
  userId: string,
  paidAfter: Date,
): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ status: 'Order Cancelled' })
    .where(
      and(
        eq(dispatches.id, id),
        eq(dispatches.userId, userId),
        isNull(dispatches.riderId),
        eq(dispatches.status, 'Order Placed'),
        eq(dispatches.paymentState, 'paid'),
        gt(dispatches.paidAt, paidAfter),
      ),
    )
    .returning();
  return row;
}

/** The first rider to ask wins: the UPDATE only matches while nobody holds the dispatch. */
export async function assignRider(ex: Executor, id: string, riderUserId: string): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ riderId: riderUserId, status: 'Order Assigned' })
    .where(
      and(
        eq(dispatches.id, id),
        isNull(dispatches.riderId),
        eq(dispatches.status, 'Order Placed'),
        eq(dispatches.paymentState, 'paid'),
        isNull(dispatches.lockedAt),
        // The sender knows the code: they may not carry their own parcel.
        ne(dispatches.userId, riderUserId),
      ),
    )
    .returning();
  return row;
}

/** Takes an accepted, not yet picked-up parcel back from its rider: it is on the board again. */
export async function unassignRider(ex: Executor, id: string): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ riderId: null, status: 'Order Placed' })
    .where(and(eq(dispatches.id, id), eq(dispatches.status, 'Order Assigned'), isNull(dispatches.lockedAt)))
    .returning();
  return row;
}

export async function markPickedUp(ex: Executor, id: string, riderUserId: string): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ status: 'Order Picked' })
    .where(
      and(
        eq(dispatches.id, id),
        eq(dispatches.riderId, riderUserId),
        eq(dispatches.status, 'Order Assigned'),
        isNull(dispatches.lockedAt),
      ),
    )
    .returning();
  return row;
}

/** The rider's dispatch, locked for the rest of the transaction (code checks are serialised). */
export async function lockRiderDispatch(
  ex: Executor,
  id: string,
  riderUserId: string,
): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .select()
    .from(dispatches)
    .where(and(eq(dispatches.id, id), eq(dispatches.riderId, riderUserId)))
    .for('update');
  return row;
}

export async function markDelivered(ex: Executor, id: string): Promise<DispatchRow | undefined> {
  const [row] = await ex
    .update(dispatches)
    .set({ status: 'Order Delivered' })
    .where(and(eq(dispatches.id, id), eq(dispatches.status, 'Order Picked'), isNull(dispatches.lockedAt)))
    .returning();
  return row;
}

/** Counts one wrong code; the try that reaches `max` also locks the dispatch. */
export async function recordWrongCode(ex: Executor, id: string, max: number): Promise<DispatchRow> {
  const [row] = await ex
    .update(dispatches)
    .set({
      codeAttempts: sql`${dispatches.codeAttempts} + 1`,
      lockedAt: sql`CASE WHEN ${dispatches.codeAttempts} + 1 >= ${max} THEN now() ELSE ${dispatches.lockedAt} END`,
    })
    .where(eq(dispatches.id, id))
    .returning();
  return row!;
}

/** Paid dispatches no rider holds yet, oldest first (the rider's board). */
export async function listOpenDispatches(ex: Executor, limit = 100): Promise<DispatchRow[]> {
  return ex
    .select()
    .from(dispatches)
    .where(
      and(
        isNull(dispatches.riderId),
        eq(dispatches.status, 'Order Placed'),
        eq(dispatches.paymentState, 'paid'),
        isNull(dispatches.lockedAt),
      ),
    )
    .orderBy(asc(dispatches.paidAt), asc(dispatches.id))
    .limit(limit);
}

export async function listRiderDispatches(ex: Executor, riderUserId: string, limit = 200): Promise<DispatchRow[]> {
  return ex
    .select()
    .from(dispatches)
    .where(eq(dispatches.riderId, riderUserId))
    .orderBy(desc(dispatches.createdAt), desc(dispatches.id))
    .limit(limit);
}

/** The rider's dispatches accepted or picked up (locked ones too), newest first. */
export async function listRiderDispatchesUnderWay(ex: Executor, riderUserId: string): Promise<DispatchRow[]> {
  return ex
    .select()
    .from(dispatches)
    .where(and(eq(dispatches.riderId, riderUserId), inArray(dispatches.status, ['Order Assigned', 'Order Picked'])))
    .orderBy(desc(dispatches.createdAt), desc(dispatches.id));
}

/** Whether the rider carries a dispatch that is not delivered, cancelled or locked. */
export async function carriesDispatch(ex: Executor, riderUserId: string): Promise<boolean> {
  const rows = await ex
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(
      and(
        eq(dispatches.riderId, riderUserId),
        isNull(dispatches.lockedAt),
        inArray(dispatches.status, ['Order Assigned', 'Order Picked']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A rider's delivered dispatches with their delivery fee (kobo) and when they were made. */
export async function deliveredDispatchRows(
  ex: Executor,
  riderUserId: string,
): Promise<{ id: string; deliveryFeeKobo: number; createdAt: Date }[]> {
  return ex
    .select({ id: dispatches.id, deliveryFeeKobo: dispatches.deliveryFeeKobo, createdAt: dispatches.createdAt })
    .from(dispatches)
    .where(and(eq(dispatches.riderId, riderUserId), eq(dispatches.status, 'Order Delivered')));
}
