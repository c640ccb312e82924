import { eq } from 'drizzle-orm';
import { dispatchTotals, deliveryFeeBetween, type LatLon } from '@jara/shared';
import type { App } from '../src/app.js';
import { dispatches } from '../src/modules/dispatch/dispatch.tables.js';
import { payments } from '../src/modules/payments/payments.tables.js';
import { riders } from '../src/modules/rider/rider.tables.js';
import { deliveryCode, randomToken } from '../src/lib/crypto.js';
import { createUser, unique } from './helpers.js';

const EARTH_RADIUS_KM = 6371;

/** A point `km` due north of `from` (exact along a meridian, so haversine gives back `km`). */
export function pointNorth(from: LatLon, km: number): LatLon {
  return { latitude: from.latitude + (km / EARTH_RADIUS_KM) * (180 / Math.PI), longitude: from.longitude };
}

/** An approved rider with a logged-in session. */
export async function createRider(app: App) {
  const rider = await createUser(app, { role: 'rider', name: 'Rider Test' });
  await app.ctx.db.insert(riders).values({
    userId: rider.user.id,
    name: 'Rider Test',
    phone: '08031234567',
    dateOfBirth: '2000-01-01',
    vehicle: 'motorcycle',
    status: 'approved',
  });
  return rider;
}

export const DROPOFF = {
  firstName: 'Bola',
  lastName: 'Ade',
  email: 'bola@example.com',
  address: 'Faculty of Engineering, University of Benin',
  phone: '08051234567',
  latitude: 6.3969,
  longitude: 5.6131,
};

/**
 * A dispatch already paid (with its payment row), as the payment confirmation leaves it.
 * `paidAt` lets a test place it outside the cancellation window.
 */
export async function createPaidDispatch(
  app: App,
  userId: string,
  opts: {
    paidAt?: Date;
    isExpress?: boolean;
    riderId?: string;
    status?: string;
    pickup?: LatLon;
    dropoff?: LatLon;
  } = {},
) {
  const pickup = opts.pickup ?? { latitude: 6.401, longitude: 5.612 };
  const drop = opts.dropoff ?? { latitude: DROPOFF.latitude, longitude: DROPOFF.longitude };
  const totals = dispatchTotals(deliveryFeeBetween(pickup, drop), opts.isExpress ?? false);
  const paidAt = opts.paidAt ?? new Date();
  const [row] = await app.ctx.db
    .insert(dispatches)
    .values({
      userId,
      pickup: {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        phone: '08031234567',
        address: 'Hall 2',
        ...pickup,
      },
      dropoff: { ...DROPOFF, ...drop },
      deliveryNote: 'A small box of books',
      isExpress: opts.isExpress ?? false,
      deliveryFeeKobo: totals.deliveryFeeKobo,
      serviceFeeKobo: totals.serviceFeeKobo,
      amountKobo: totals.totalKobo,
      paymentState: 'paid',
      status: opts.status ?? 'Order Placed',
      paidAt,
      createdAt: paidAt,
      deliveryCode: deliveryCode(),
      riderId: opts.riderId ?? null,
    })
    .returning();
  const [payment] = await app.ctx.db
    .insert(payments)
    .values({
      reference: `dsp_${unique()}_${randomToken(6)}`,
      userId,
      purpose: 'dispatch',
      subjectId: row!.id,
      amountKobo: totals.totalKobo,
      provider: 'sandbox',
      state: 'paid',
      paidAt,
    })
    .returning();
  return { dispatch: row!, payment: payment! };
}

export async function reloadDispatch(app: App, id: string) {
  const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.id, id));
  return row!;
}
