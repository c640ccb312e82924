import {
  dispatchCancelWindow,
  doorOf,
  koboToNaira,
  type DispatchDto,
  type ItemStatus,
  type TrackingDto,
} from '@jara/shared';
import type { Db } from '../../infra/db/client.js';
import { loadDispatchTracking } from '../tracking/index.js';
import type { DispatchRow } from './dispatch.repo.js';

/** Who is looking at a dispatch decides what they see: only the sender gets the code. */
export type Viewer = 'sender' | 'rider';

export function person(json: Record<string, unknown>) {
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : '');
  return {
    firstName: s('firstName'),
    lastName: s('lastName'),
    phone: s('phone'),
    address: s('address'),
    email: s('email'),
    door: doorOf(json),
  };
}

function cancelWindow(row: DispatchRow, now: number) {
  return dispatchCancelWindow(row.status as ItemStatus, row.riderId !== null, row.paidAt?.getTime() ?? null, now);
}

export function toDispatchDto(row: DispatchRow, viewer: Viewer, now = Date.now()): DispatchDto {
  const until = viewer === 'sender' && row.paymentState === 'paid' ? cancelWindow(row, now).until : null;
  return {
    _id: row.id,
    status: row.status as ItemStatus,
    deliveryFee: koboToNaira(row.deliveryFeeKobo),
    serviceFee: koboToNaira(row.serviceFeeKobo),
    amount: koboToNaira(row.amountKobo),
    createdAt: row.createdAt.toISOString(),
    isExpress: row.isExpress,
    dropoff: person(row.dropoff),
    pickup: person(row.pickup),
    deliveryNote: row.deliveryNote,
    deliveryCode: viewer === 'sender' && row.status !== 'Order Cancelled' ? row.deliveryCode : null,
    canCancel: until !== null,
    cancelUntil: until === null ? null : new Date(until).toISOString(),
  };
}

/** The sender's view: the DTO plus its timeline, rider (phone while the delivery is active) and refund. */
export async function senderViews(db: Db, rows: DispatchRow[]): Promise<DispatchDto[]> {
  const now = Date.now();
  const byOwner = new Map<string, DispatchRow[]>();
  for (const r of rows) (byOwner.get(r.userId) ?? byOwner.set(r.userId, []).get(r.userId)!).push(r);
  const tracking = new Map<string, TrackingDto>();
  for (const [owner, own] of byOwner)
    for (const [id, t] of await loadDispatchTracking(db, own, owner)) tracking.set(id, t);
  return rows.map((r) => ({ ...toDispatchDto(r, 'sender', now), ...tracking.get(r.id) }));
}
