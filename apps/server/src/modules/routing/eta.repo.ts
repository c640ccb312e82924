import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DeliveryKind } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import type { EtaSample } from './eta.js';
import { etaRecords } from './routing.tables.js';

/** A delivery's estimate at pickup; a second pickup of the same job keeps the first. */
export async function insertPickup(ex: Executor, values: typeof etaRecords.$inferInsert): Promise<void> {
  await ex.insert(etaRecords).values(values).onConflictDoNothing();
}

/** When the job was delivered; only once, and only for a job whose pickup was recorded. */
export async function setDelivered(ex: Executor, kind: DeliveryKind, id: string, at: Date): Promise<void> {
  await ex
    .update(etaRecords)
    .set({ deliveredAt: at })
    .where(and(eq(etaRecords.jobKind, kind), eq(etaRecords.jobId, id), isNull(etaRecords.deliveredAt)));
}

/** The latest delivered jobs, newest first. */
export async function latestDelivered(ex: Executor, limit: number): Promise<EtaSample[]> {
  const rows = await ex
    .select({
      roadMinutes: etaRecords.roadMinutes,
      predictedMinutes: etaRecords.predictedMinutes,
      pickedUpAt: etaRecords.pickedUpAt,
      deliveredAt: etaRecords.deliveredAt,
    })
    .from(etaRecords)
    .where(isNotNull(etaRecords.deliveredAt))
    .orderBy(desc(etaRecords.deliveredAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, deliveredAt: r.deliveredAt! }));
}
